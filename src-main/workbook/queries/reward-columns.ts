import type { RewardTable } from '../schema'

/** The reward fields planners change (bulk plan and the Compensation Table), by column. */
export const REWARD_COLUMNS = {
  newSalary: 'new_salary',
  newPercentBonus: 'new_percent_bonus',
  newDollarBonus: 'new_dollar_bonus',
  lumpSum: 'lump_sum',
  comments: 'comments',
  performancePlan: 'performance_plan',
  promotion: 'promotion',
  newJobProfileId: 'new_job_profile_id',
} as const satisfies Record<string, keyof RewardTable>

export type RewardField = keyof typeof REWARD_COLUMNS

export interface RewardChange {
  employeeId: number
  /** Field → old and new value; only fields that change. */
  changes: Partial<Record<RewardField, { old: unknown; new: unknown }>>
}
