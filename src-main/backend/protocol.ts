import type { MessagePort } from 'node:worker_threads'
import type {
  AppInfo,
  Caller,
  EventName,
  EventPayloads,
  Result,
  SecretStoreStatus,
} from '../../src-shared/contract'
import type { CompanyListChannel } from '../ipc/handlers/data'

/** What a shell tells the workbook worker when it starts it. */
export interface BackendConfig {
  mode: AppInfo['mode']
  version: string
  dataDir: string
  /** Where the shell's logger writes (Help → Copy diagnostics reads it); else <dataDir>/logs. */
  logDir?: string
  actAs: string | null
  /** The secret store the shell chose (it lives on the shell's thread); null in the CLI. */
  secretStore: SecretStoreStatus | null
}

/**
 * One built file (`backend.js`) runs both threads: the workbook worker, which owns the session and
 * the writing connection, and the list reader, which serves the company lists of the initial data
 * load on a read-only connection. The workbook worker hands admitted list reads to the reader over
 * `lists`; the reader answers the shell directly.
 */
export type WorkerData =
  { role: 'workbook'; config: BackendConfig; lists: MessagePort } | { role: 'lists'; requests: MessagePort }

export type ToWorker =
  { type: 'invoke'; id: number; channel: string; input: unknown; caller: Caller } | { type: 'shutdown' }

/** The workbook worker → the list reader. */
export type ToListReader =
  /** Read a list the dispatcher has admitted (role and input checked) from the workbook at `path`. */
  | { type: 'read'; id: number; path: string; channel: CompanyListChannel }
  /** The open workbook changed or closed: let go of the read connection (`id`: answer when done). */
  | { type: 'release'; id?: number }
  /** Hash a downloaded company file's content while the workbook worker copies it (join). */
  | { type: 'content'; id: number; file: string }

/** The list reader's answer to the workbook worker: a company file's content hash, or why not. */
export type FromListReader =
  | { type: 'content'; id: number; hash: string }
  | { type: 'content'; id: number; error: string }
  | { type: 'released'; id: number }

export type FromWorker =
  | { type: 'result'; id: number; result: Result<unknown> }
  /** An answer already serialized: the envelope as UTF-8 JSON (large lists, encoded off the shell's thread). */
  | { type: 'encoded'; id: number; json: Uint8Array }
  | { type: 'event'; event: EventName; payload: EventPayloads[EventName] }
  | { type: 'closed' }
