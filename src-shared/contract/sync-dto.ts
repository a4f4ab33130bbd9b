import type { CompanySnapshot } from './company-snapshot'

/**
 * Live sync between replicas (desktops) and the company server: the server's ordered change feed.
 * Money in cents, as everywhere; field names are the server's (the REST contract's).
 */

/** The reward fields a planner's edit carries to the server. */
export const SYNCED_REWARD_FIELDS = [
  'new_salary',
  'new_dollar_bonus',
  'new_percent_bonus',
  'lump_sum',
  'comments',
  'performance_plan',
  'promotion',
  'new_job_profile_id',
] as const
export type SyncedRewardField = (typeof SYNCED_REWARD_FIELDS)[number]
export type SyncedRewardFields = Partial<Record<SyncedRewardField, string | number | boolean | null>>

/** A value of someone else's that a later change replaced (kept so its author can be told, and history explains). */
export interface OverwrittenValue {
  field: SyncedRewardField
  value: string | number | boolean | null
  /** Users are known by e-mail across replicas (a replica numbers its users its own way). */
  user_email: string | null
  user: string
}

export type SyncChange =
  | {
      seq: number
      kind: 'reward'
      employee_id: number
      team_id: number | null
      fields: SyncedRewardFields
      overwrote: OverwrittenValue[]
      user_email: string | null
      user: string
      at: string
    }
  | {
      seq: number
      kind: 'submission'
      submission: {
        id: number
        planner_employee_id: number
        pay_cycle_id: number
        submission_type: 'PLANNER' | 'FORCE' | 'HR'
        comments: string
      }
      user_email: string | null
      user: string
      at: string
    }
  | {
      seq: number
      kind: 'submission.deleted'
      submission: { id: number; planner_employee_id: number; pay_cycle_id: number }
      user_email: string | null
      user: string
      at: string
    }
  | RecordChange

/**
 * Company records changed on the server outside planning: an admin's employee edit or removal, the
 * org chart (teams, their budgets), pay ranges, pay cycle configurations, users, an import, the
 * merit matrix's save and calculate-budget's stored figures. docs/sync.md says which a replica applies today; it skips the others.
 */
export const RECORD_CHANGE_KINDS = [
  'employee',
  'employee.deleted',
  'team',
  'team.deleted',
  'pay_range',
  'pay_cycle',
  'pay_cycle.deleted',
  'user',
  'user.deleted',
  'import',
  'matrix',
  'budgets',
] as const
export type RecordChangeKind = (typeof RECORD_CHANGE_KINDS)[number]

/** A change of a company record: its id, the values it now has (REST names), what else moved with it. */
export interface RecordChangePayload {
  kind: RecordChangeKind
  /** The employee, team, pay range, pay cycle or user; null for an import, a matrix save and calculated budgets. */
  entity_id: number | null
  /**
   * Employee changes carry pay: the teams the employee was and is in, so a planner follows only
   * their teams' people. Empty for every other kind (seen by everyone who follows the feed).
   */
  team_ids: (number | null)[]
  /** The changed fields with their new values; for a removal, what it unlinked; for an import, its counts. */
  values: Record<string, unknown> | null
}

export type RecordChange = RecordChangePayload & {
  seq: number
  user_email: string | null
  user: string
  at: string
  /** On an org chart change, for a follower who sees part of the company (docs/sync.md). */
  scope_rows?: ScopeRows
}

/**
 * What an org chart change (`team`, `team.deleted`) did to the people a follower who sees part of
 * the company may see, as they are when the feed is read: those it brought into the follower's teams
 * in full with their rewards (as join sends them), the people the tree names beside them (their
 * managers and planners) without pay, and the ids of those it took out of their teams (their pay
 * and reward leave the replica; their name stays).
 */
export interface ScopeRows {
  full: CompanySnapshot['employees']
  rewards: CompanySnapshot['rewards']
  names: CompanySnapshot['employees']
  left: number[]
  /** Too many came in to send in the feed (their count): the replica joins again to get them. */
  join_again?: number
}

/** GET /api/sync/changes/?after=<seq>&wait=<seconds>: the changes after `after` the caller may see. */
export interface SyncFeedPage {
  changes: SyncChange[]
  /** The last sequence number read (resume after it), including changes the caller may not see. */
  last: number
}

/** The header that makes a push apply once: a replay answers as the first call did, applying nothing. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** The last sequence the pushing replica had applied when the edit was made (conflict detection). */
export const BASE_SEQ_HEADER = 'meritbook-base-seq'
/**
 * The feed position of the change a push made (a replay's: the change the key made first); 0 when it
 * changed nothing, so that whatever the feed brought while it waited is the server's.
 */
export const SEQ_HEADER = 'meritbook-seq'

/** PUT /api/sync/rewards/ (beyond the spec's table, docs/decisions.md): the most pushes one call carries. */
export const REWARD_BATCH_MAX = 500

/** One employee's reward push in a batch: what PUT /employeerewards/{employee}/ carries in its body and headers. */
export interface RewardPushItem {
  employee: number
  /** Its own idempotency key: a replayed item answers as applied and applies nothing. */
  key: string
  base_seq: number | null
  fields: SyncedRewardFields
}

/** Each item's answer, as the single PUT's status and `detail` would be. */
export interface RewardPushResult {
  key: string
  status: number
  /** The feed position of the change, a replay's too (absent for a refusal). */
  seq?: number
  replay?: boolean
  detail?: string
}

export interface RewardBatchAnswer {
  results: RewardPushResult[]
}
