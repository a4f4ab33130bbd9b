import type { Insertable, Transaction } from 'kysely'
import type { SyncedRewardFields } from '../../src-shared/contract/sync-dto'
import {
  CLEAN_PLANNED_REWARD,
  CLEAN_RECOMMENDATIONS,
  CLEAN_TEAM_BUDGETS,
} from '../../src-shared/domain/cycle-start'
import type { RewardHistoryTable, ServerDatabase } from '../db/schema'
import type { Caller } from '../http/context'
import { recordChanges, recordCompanyChange } from '../sync/changes'

type Trx = Transaction<ServerDatabase>

const PLANNED = Object.keys(CLEAN_PLANNED_REWARD) as (keyof typeof CLEAN_PLANNED_REWARD)[]

/** Employees who would follow a new current cycle: those of the cycle that was current, or of none. */
export async function followerIds(trx: Trx, companyId: number, from: number | null): Promise<number[]> {
  const rows = await trx
    .selectFrom('employee')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) =>
      from === null
        ? eb('pay_cycle_id', 'is', null)
        : eb.or([eb('pay_cycle_id', 'is', null), eb('pay_cycle_id', '=', from)]),
    )
    .execute()
  return rows.map((r) => Number(r.id))
}

/**
 * A new cycle starts clean on the server as on the desktop (src-shared/domain/cycle-start.ts): the
 * followers' planned rewards cleared (in the reward history and the feed, so replicas clear them
 * too), their recommendations and every team's budgets removed. Answers how many had a plan.
 */
export async function startCleanCycle(
  trx: Trx,
  who: Caller,
  employeeIds: readonly number[],
): Promise<number> {
  const c = who.companyId
  const changes: Parameters<typeof recordChanges>[2][number][] = []
  const history: Insertable<RewardHistoryTable>[] = []
  for (let i = 0; i < employeeIds.length; i += 1000) {
    const ids = employeeIds.slice(i, i + 1000)
    const rows = await trx
      .selectFrom('reward')
      .innerJoin('employee', (j) =>
        j
          .onRef('employee.id', '=', 'reward.employee_id')
          .onRef('employee.company_id', '=', 'reward.company_id'),
      )
      .selectAll('reward')
      .select('employee.team_id')
      .where('reward.company_id', '=', c)
      .where('reward.employee_id', 'in', ids)
      .execute()
    for (const row of rows) {
      const planned = PLANNED.filter((field) => row[field] !== null && row[field] !== false)
      if (planned.length === 0) continue
      const fields: SyncedRewardFields = Object.fromEntries(planned.map((f) => [f, CLEAN_PLANNED_REWARD[f]]))
      const diff = Object.fromEntries(planned.map((f) => [f, { from: row[f], to: CLEAN_PLANNED_REWARD[f] }]))
      const employeeId = Number(row.employee_id)
      history.push({
        company_id: c,
        employee_id: employeeId,
        user_id: who.userId,
        source: 'new-cycle',
        changes: JSON.stringify(diff),
      })
      const teamId = row.team_id === null ? null : Number(row.team_id)
      changes.push({
        payload: { kind: 'reward', employee_id: employeeId, team_id: teamId, fields, overwrote: [] },
        idempotencyKey: null,
      })
    }
    await trx
      .updateTable('reward')
      .set({ ...CLEAN_PLANNED_REWARD, ...CLEAN_RECOMMENDATIONS })
      .where('company_id', '=', c)
      .where('employee_id', 'in', ids)
      .execute()
  }
  if (history.length > 0) await trx.insertInto('reward_history').values(history).execute()
  await recordChanges(trx, who, changes)
  const budgeted = await trx
    .selectFrom('team')
    .select('id')
    .where('company_id', '=', c)
    .where('budget', 'is not', null)
    .execute()
  await trx.updateTable('team').set(CLEAN_TEAM_BUDGETS).where('company_id', '=', c).execute()
  for (const team of budgeted)
    await recordCompanyChange(trx, who, 'team', Number(team.id), { budget: null, budget_currency: null })
  return history.length
}
