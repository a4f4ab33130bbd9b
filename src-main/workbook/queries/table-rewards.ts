import type { RewardHistoryEntry } from '../../../src-shared/contract'
import type { Workbook } from '../open'
import { parseJson } from './admin'

/** The Compensation Table's reads and writes beside its edits: reward history and the acting user's settings. */

/** An employee's reward history, newest first, with the name of the user who changed it. */
export async function listRewardHistory(
  workbook: Workbook,
  employeeId: number,
): Promise<RewardHistoryEntry[]> {
  const rows = await workbook.db
    .selectFrom('reward_history as h')
    .leftJoin('app_user as u', 'u.id', 'h.changed_by_user_id')
    .select(['h.id', 'h.changed_at', 'h.source', 'h.changes', 'u.name'])
    .where('h.employee_id', '=', employeeId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute()
  return rows.map((r) => {
    const changes = parseJson(r.changes)
    return {
      id: r.id,
      changedAt: r.changed_at,
      changedBy: r.name ?? null,
      source: r.source,
      changes:
        changes && typeof changes === 'object' && !Array.isArray(changes)
          ? (changes as RewardHistoryEntry['changes'])
          : {},
    }
  })
}

/** Upserts the user's settings; an absent field keeps its stored value. */
export async function saveUserSettings(
  workbook: Workbook,
  userId: number,
  patch: { preferredCurrency?: string; compensationTableConfig?: string[] | null },
): Promise<void> {
  const set: { preferred_currency?: string; compensation_table_config?: string | null } = {}
  if (patch.preferredCurrency !== undefined) set.preferred_currency = patch.preferredCurrency
  if (patch.compensationTableConfig !== undefined) {
    set.compensation_table_config =
      patch.compensationTableConfig === null ? null : JSON.stringify(patch.compensationTableConfig)
  }
  const insert = workbook.db.insertInto('user_setting').values({ user_id: userId, ...set })
  await (
    Object.keys(set).length === 0
      ? insert.onConflict((oc) => oc.column('user_id').doNothing())
      : insert.onConflict((oc) => oc.column('user_id').doUpdateSet(set))
  ).execute()
}
