import type { AppInfo, EventName, EventPayloads, Result } from '../../src-shared/contract'

/** What a shell tells the workbook worker when it starts it. */
export interface BackendConfig {
  mode: AppInfo['mode']
  version: string
  dataDir: string
  actAs: string | null
}

export type ToWorker = { type: 'invoke'; id: number; channel: string; input: unknown } | { type: 'shutdown' }

export type FromWorker =
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; event: EventName; payload: EventPayloads[EventName] }
  | { type: 'closed' }
