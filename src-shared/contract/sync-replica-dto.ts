/** A replica's sync position and its waiting edits, as the status line and `sync --status` show them. */
export interface SyncReplicaState {
  /** The company server this workbook is a replica of; null for a workbook of its own. */
  server: string | null
  lastSeq: number
  lastPulledAt: string | null
  lastPushedAt: string | null
  accessRefused: string | null
  /** Why this replica should be joined again (a server change the feed cannot carry), or null. */
  rejoinReason: string | null
  /** Edits in the outbox, not yet acknowledged by the server. */
  waiting: number
}

/** What applying a page of the feed (or a refused push) changed, for the open pages to follow. */
export interface SyncApplied {
  employeeIds: number[]
  submissionsChanged: boolean
  /** Teams changed (a name, a budget, calculated budgets, parents, managers, members, a team made or removed): the budget views and the org chart ask again. */
  teamsChanged: boolean
  /** A pay cycle configuration changed (rules, dates, ratings, lifecycle): the open pages read it again. */
  payCyclesChanged: boolean
  /** Employees' records or pay ranges changed: the rows shown are asked again. */
  recordsChanged: boolean
  /** Users changed (added, a role, removed): the Users screen and 'View as' read them again. */
  usersChanged: boolean
  /** For the user: another's change replaced theirs; a refused change was put back. */
  notices: string[]
  /**
   * Reward edits the server refused and that were put back: the employee and the fields
   * (`RewardChanges` keys). The table's undo history forgets them, so undo and redo never replay
   * a refused value.
   */
  refusedRewards?: { employeeId: number; fields: string[] }[]
  /**
   * The kind of a push (not a reward edit: `refusedRewards`) the server refused and that was put
   * back. The undo histories that could replay it are cleared, so redo never sends it again: a
   * company record's (`RECORD_PUSH_KINDS`) the records screens', an org chart change the org chart's,
   * a matrix save the matrix's, a team budget or a pay cycle save the budget view's.
   */
  refusedPush?: PushKind
  last: number
}

/** The status line of a replica (the sidebar shows `text`). */
export interface SyncStatus {
  replica: boolean
  online: boolean
  signedIn: boolean
  waiting: number
  lastPulledAt: string | null
  text: string
}

/**
 * What a queued change is: a reward edit, a planner submission, its send-back, a team budget, a pay
 * cycle configuration's save, a user made, their role changed, or removed, an employee's record or a
 * pay range edited, an org chart drop (or its undo or redo: the state it wrote), the merit matrix's save.
 */
export const PUSH_KINDS = [
  'reward',
  'submission',
  'submission.deleted',
  'team.budget',
  'pay_cycle',
  'pay_cycle.create',
  'pay_cycle.deleted',
  'user',
  'user.role',
  'user.deleted',
  'employee',
  'pay_range',
  'org_chart',
  'matrix',
] as const
export type PushKind = (typeof PUSH_KINDS)[number]

/** The company records a replica pushes beside planning (src-main/sync/record-pushes.ts sends them). */
export const RECORD_PUSH_KINDS: readonly PushKind[] = [
  'pay_cycle',
  'pay_cycle.create',
  'pay_cycle.deleted',
  'user',
  'user.role',
  'user.deleted',
  'employee',
  'pay_range',
  'org_chart',
  'matrix',
]

export const isRecordPush = (batch: { kind: PushKind }): boolean => RECORD_PUSH_KINDS.includes(batch.kind)

/** A push the engine sends under one idempotency key (see the workbook's outbox). */
export interface PushBatchDto {
  pushKey: string
  kind: PushKind
  /** The employee rewarded, the planner who submitted, or the team budgeted. */
  entityId: number
  fields: Record<string, string | number | boolean | null>
  previous: Record<string, string | number | boolean | null>
  baseSeq: number
  attempts: number
}
