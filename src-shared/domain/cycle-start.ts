/**
 * What a new pay cycle starts with (issue 36): when employees follow a new current cycle (one
 * created, activated or saved and activated), they start with no planned rewards and no
 * recommendations, unless the admin chose "copy last cycle's plans". Inputs of the plan (ratings,
 * eligibility, the previous increase) stay. Used by the desktop and the company server alike.
 */

/** The label of the new-cycle dialog's choice. */
export const COPY_PLANS_LABEL = "Copy last cycle's plans"

/** The reward fields a planner sets, as they are when nothing is planned. */
export const CLEAN_PLANNED_REWARD = {
  new_salary: null,
  new_dollar_bonus: null,
  new_percent_bonus: null,
  new_job_profile_id: null,
  lump_sum: null,
  comments: null,
  performance_plan: false,
  promotion: false,
} as const

/** The recommendations (the merit matrix's and the budget calculation's), as they are when none is made. */
export const CLEAN_RECOMMENDATIONS = {
  recommended_increase: null,
  recommended_increase_per: null,
  hyperbalance_annual_allocated_budget: null,
} as const

/** A team's budgets, as a new cycle starts them: none given, none calculated or recommended. */
export const CLEAN_TEAM_BUDGETS = {
  budget: null,
  budget_currency: null,
  calculated_budget: null,
  recommended_budget: null,
} as const

/**
 * Whether a change of the current cycle clears the plans of the employees that follow it: only
 * when the current cycle changed from one to another (not the first cycle, made after an import)
 * and the admin did not choose to copy the plans.
 */
export function startsClean(change: { from: number | null; to: number | null; copyPlans: boolean }): boolean {
  return change.from !== null && change.to !== null && change.to !== change.from && !change.copyPlans
}
