import type { Transaction } from 'kysely'
import type { Workbook } from '../open'
import type { WorkbookDatabase } from '../schema'
import { REWARD_COLUMNS, type RewardChange, type RewardField } from './reward-columns'
import { enqueueRewardChanges } from './sync'

export interface PlanTarget {
  employeeId: number
  companyEmployeeId: string
  name: string
  teamId: number | null
  reward: PlannedReward
  /** The reward's previous_increase date, which proration reads before the employee's own. */
  previousIncrease: string | null
}

/** The reward columns a planner sets. Money in cents. */
export interface PlannedReward {
  newSalary: number | null
  newPercentBonus: number | null
  newDollarBonus: number | null
  lumpSum: number | null
  comments: string | null
  performancePlan: boolean
}

export async function loadPlanTargets(workbook: Workbook): Promise<Map<string, PlanTarget>> {
  const rows = await workbook.db
    .selectFrom('employee')
    .leftJoin('reward', 'reward.employee_id', 'employee.id')
    .select([
      'employee.id',
      'employee.company_employee_id',
      'employee.name',
      'employee.team_id',
      'reward.new_salary',
      'reward.new_percent_bonus',
      'reward.new_dollar_bonus',
      'reward.lump_sum',
      'reward.comments',
      'reward.performance_plan',
      'reward.previous_increase',
    ])
    .execute()
  return new Map(
    rows.map((r) => [
      r.company_employee_id,
      {
        employeeId: r.id,
        companyEmployeeId: r.company_employee_id,
        name: r.name,
        teamId: r.team_id,
        previousIncrease: r.previous_increase,
        reward: {
          newSalary: r.new_salary,
          newPercentBonus: r.new_percent_bonus,
          newDollarBonus: r.new_dollar_bonus,
          lumpSum: r.lump_sum,
          comments: r.comments,
          performancePlan: r.performance_plan === 1,
        },
      },
    ]),
  )
}

export { REWARD_COLUMNS, type RewardChange, type RewardField } from './reward-columns'

/** History sources of changes that came from the company server: never queued to go back to it. */
export const FROM_SERVER_SOURCES: readonly string[] = ['sync', 'sync-refused']

/**
 * Writes reward changes and one history row per employee (who, when, source, old → new); in a
 * replica, queues them for the company server in the same transaction.
 */
export async function saveRewardChanges(
  trx: Transaction<WorkbookDatabase>,
  changes: readonly RewardChange[],
  context: { userId: number | null; at: string; source: string },
): Promise<void> {
  for (const change of changes) {
    const set: Record<string, unknown> = { updated_at: context.at }
    for (const [field, value] of Object.entries(change.changes) as [RewardField, { new: unknown }][]) {
      set[REWARD_COLUMNS[field]] = typeof value.new === 'boolean' ? (value.new ? 1 : 0) : value.new
    }
    await trx
      .insertInto('reward')
      .values({ employee_id: change.employeeId, ...set })
      .onConflict((oc) => oc.column('employee_id').doUpdateSet(set))
      .execute()
    await trx
      .insertInto('reward_history')
      .values({
        employee_id: change.employeeId,
        changed_at: context.at,
        changed_by_user_id: context.userId,
        source: context.source,
        changes: JSON.stringify(change.changes),
      })
      .execute()
  }
  if (!FROM_SERVER_SOURCES.includes(context.source)) await enqueueRewardChanges(trx, changes, context.at)
}

/** The same in a transaction of its own: all or nothing. */
export async function writeRewardChanges(
  workbook: Workbook,
  changes: readonly RewardChange[],
  context: { userId: number | null; at: string; source: string },
): Promise<void> {
  await workbook.db.transaction().execute((trx) => saveRewardChanges(trx, changes, context))
}
