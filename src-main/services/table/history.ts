import type { RewardHistoryEntry, SessionUser } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import { listRewardHistory } from '../../workbook/queries/table-rewards'
import { Failure } from '../failure'
import type { TableCache } from './cache'
import { actorMayPlan, actorOf } from './rows'

/** rewards.history: an employee's reward history, newest first; only for employees in the user's teams. */
export async function rewardHistory(
  cache: TableCache,
  workbook: Workbook,
  user: SessionUser,
  employeeId: number,
): Promise<RewardHistoryEntry[]> {
  const model = await cache.get(workbook)
  const row = model.row(employeeId)
  if (!row) throw new Failure('NOT_FOUND', `No employee has the id ${employeeId}.`)
  if (!actorMayPlan(actorOf(model, user), row)) {
    throw new Failure(
      'FORBIDDEN',
      `You may not see the history of ${row.e.name} (${row.e.companyEmployeeId}).`,
    )
  }
  return listRewardHistory(workbook, employeeId)
}
