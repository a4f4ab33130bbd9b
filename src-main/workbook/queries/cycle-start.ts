import type { Transaction } from 'kysely'
import {
  CLEAN_PLANNED_REWARD,
  CLEAN_RECOMMENDATIONS,
  CLEAN_TEAM_BUDGETS,
} from '../../../src-shared/domain/cycle-start'
import type { WorkbookDatabase } from '../schema'
import { REWARD_COLUMNS, saveRewardChanges, type RewardChange, type RewardField } from './rewards'
import { enqueueChange } from './sync'

type Trx = Transaction<WorkbookDatabase>

/** Employees who would follow a new current cycle: those of the cycle that was current, or of none. */
export async function followerIds(trx: Trx, from: number | null): Promise<number[]> {
  const rows = await trx
    .selectFrom('employee')
    .select('id')
    .where((eb) =>
      from === null
        ? eb('pay_cycle_id', 'is', null)
        : eb.or([eb('pay_cycle_id', 'is', null), eb('pay_cycle_id', '=', from)]),
    )
    .execute()
  return rows.map((r) => r.id)
}

const stored = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value)

/**
 * A new cycle starts clean (cycle-start.ts): the employees' planned rewards cleared (each in the
 * reward history, and queued for the company server in a replica), their recommendations and every
 * team's budgets removed. Answers how many employees had a plan.
 */
export async function startCleanCycle(
  trx: Trx,
  employeeIds: readonly number[],
  context: { userId: number | null; at: string },
): Promise<number> {
  const fields = Object.entries(REWARD_COLUMNS) as [RewardField, keyof typeof CLEAN_PLANNED_REWARD][]
  const changes: RewardChange[] = []
  for (let i = 0; i < employeeIds.length; i += 500) {
    const rows = await trx
      .selectFrom('reward')
      .selectAll()
      .where('employee_id', 'in', employeeIds.slice(i, i + 500))
      .execute()
    for (const row of rows) {
      const change: RewardChange = { employeeId: row.employee_id, changes: {} }
      for (const [field, column] of fields) {
        const clean = CLEAN_PLANNED_REWARD[column]
        if (row[column] !== stored(clean)) change.changes[field] = { old: row[column], new: clean }
      }
      if (Object.keys(change.changes).length > 0) changes.push(change)
    }
    await trx
      .updateTable('reward')
      .set(CLEAN_RECOMMENDATIONS)
      .where('employee_id', 'in', employeeIds.slice(i, i + 500))
      .execute()
  }
  await saveRewardChanges(trx, changes, { ...context, source: 'new-cycle' })
  const budgeted = await trx
    .selectFrom('team')
    .select(['id', 'budget', 'budget_currency'])
    .where('budget', 'is not', null)
    .execute()
  for (const team of budgeted) {
    const previous = { budget: team.budget, budget_currency: team.budget_currency }
    await enqueueChange(
      trx,
      'team.budget',
      team.id,
      { budget: null, budget_currency: null },
      previous,
      context.at,
    )
  }
  await trx.updateTable('team').set(CLEAN_TEAM_BUDGETS).execute()
  return changes.length
}
