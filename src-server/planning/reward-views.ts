import { rewardDerived } from '../../src-shared/domain/reward-view'
import type { ServerDb } from '../db/connect'
import { loadCompanyPlan } from './company-plan'

interface RewardRow {
  employee_id: number
  new_job_profile_id: number | null
  new_salary: number | null
  performance_rating: number | null
}

interface PaidRow {
  current_salary: number
  salaried: boolean
  fte: number
}

/**
 * Rewards with the names spec §3 gives them besides the stored columns (which the desktop reads):
 * `employee`, `new_job_profile`, and what the shared rules derive for the current cycle
 * (`performance_rating_label`, `eligible_for_increase`, `delta_from_mid_point` in cents).
 */
export async function withSpecFields<R extends RewardRow & PaidRow>(
  db: ServerDb,
  companyId: number,
  rows: R[],
) {
  const plan = rows.length > 0 ? await loadCompanyPlan(db, companyId) : null
  const planned = new Map(plan?.employees.map((e) => [e.id, e]))
  return rows.map(({ current_salary, salaried, fte, ...reward }) => {
    const employee = planned.get(reward.employee_id)
    const derived = rewardDerived({
      performanceRating: reward.performance_rating,
      bands: plan?.cycle.settings.performanceRatings ?? [],
      proration: employee?.proration ?? { fullyProrated: false },
      newSalary: reward.new_salary,
      currentSalary: current_salary,
      salaried,
      fte,
      bounds: employee?.bounds ?? null,
    })
    return {
      ...reward,
      employee: reward.employee_id,
      new_job_profile: reward.new_job_profile_id,
      performance_rating_label: derived.performanceRatingLabel,
      eligible_for_increase: derived.eligibleForIncrease,
      delta_from_mid_point: derived.deltaFromMidPoint,
    }
  })
}

/** A submission with the spec's names (`planner_employee`, `pay_cycle`) besides the stored ones. */
export function submissionView<S extends { planner_employee_id: number; pay_cycle_id: number }>(row: S) {
  return { ...row, planner_employee: row.planner_employee_id, pay_cycle: row.pay_cycle_id }
}
