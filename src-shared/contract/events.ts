import type { WorkbookSummary } from './dto'
import type { ImportSummary } from './import-dto'
import type { StatementJobSummary } from './statements-dto'
import type { SyncApplied, SyncStatus } from './sync-replica-dto'

/** An import's steps, in order; `rows` of `rowsTotal` (null while the file is still being read). */
export interface ImportProgressStep {
  phase: 'read' | 'validate' | 'write' | 'commit'
  rows: number
  rowsTotal: number | null
}

/** Events main pushes to every window. Free of zod so the sandboxed preload can import it. */
export interface EventPayloads {
  'workbook.changed': { workbook: WorkbookSummary | null }
  /**
   * Long work: `done` of `total` (null when unknown), e.g. rows read and rows per second; an import
   * also names its step (what `import --progress` prints).
   */
  'task.progress': {
    task: string
    done: number
    total: number | null
    message: string
    step?: ImportProgressStep
  }
  /** An import finished parsing, was cancelled, or was committed. */
  'import.changed': ImportSummary
  /** A batch of reward statements finished, was cancelled or failed. */
  'statements.changed': StatementJobSummary
  /** Live sync of a replica: whether the server answers, what waits, when it last synced. */
  'sync.status': SyncStatus
  /** Others' changes (or a refused push put back) reached the open replica. */
  'sync.applied': SyncApplied
}
export type EventName = keyof EventPayloads
export const EVENT_NAMES: readonly EventName[] = [
  'workbook.changed',
  'task.progress',
  'import.changed',
  'statements.changed',
  'sync.status',
  'sync.applied',
]
