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
