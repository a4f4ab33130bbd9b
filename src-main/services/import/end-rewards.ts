import type { SessionUser } from '../../../src-shared/contract'
import { ENDED_REWARD } from '../../../src-shared/domain/reimport-missing'
import type { Workbook } from '../../workbook/open'
import type { TableCache } from '../table/cache'
import { updateRewards } from '../table/update'
import { Failure } from '../failure'

/**
 * Issue 39: after a re-import whose user chose to end the rewards of the employees missing from the
 * file, each one's planned raise, bonus and lump sum is cleared as a table edit would (reward
 * history, live sync, the plan's locks). A plan the rules keep (a closed cycle, a submitted plan)
 * is named, not cleared.
 */
export async function endRewards(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  employeeIds: readonly number[],
): Promise<{ ended: number; refused: string[] }> {
  let ended = 0
  const refused: string[] = []
  for (const employeeId of employeeIds) {
    try {
      await updateRewards(table, workbook, user, [{ employeeId, changes: { ...ENDED_REWARD } }])
      ended += 1
    } catch (error) {
      if (!(error instanceof Failure)) throw error
      refused.push(error.message)
    }
  }
  return { ended, refused }
}
