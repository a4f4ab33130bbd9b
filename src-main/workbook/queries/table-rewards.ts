import type { RewardChanges, RewardHistoryEntry } from '../../../src-shared/contract'
import type { Workbook } from '../open'
import type { RewardTable } from '../schema'
import { parseJson } from './admin'

/** The Compensation Table's writes: planner edits with their history, and the acting user's settings. */

export type RewardField = keyof RewardChanges

const COLUMNS: Record<RewardField, keyof RewardTable> = {
  newSalary: 'new_salary',
  newPercentBonus: 'new_percent_bonus',
  newDollarBonus: 'new_dollar_bonus',
  lumpSum: 'lump_sum',
  comments: 'comments',
  promotion: 'promotion',
  newJobProfileId: 'new_job_profile_id',
}

export interface TableRewardChange {
  employeeId: number
  /** Field → old and new value; only fields that change. */
  changes: Partial<Record<RewardField, { old: unknown; new: unknown }>>
}

/**
 * Writes every change and one reward-history row per employee (who, when, source, old → new) in one
 * transaction: all or nothing.
 */
export async function saveTableRewardChanges(
  workbook: Workbook,
  changes: readonly TableRewardChange[],
  context: { userId: number; at: string; source: string },
): Promise<void> {
  await workbook.db.transaction().execute(async (trx) => {
    for (const change of changes) {
      const set: Record<string, unknown> = { updated_at: context.at }
      for (const [field, value] of Object.entries(change.changes) as [RewardField, { new: unknown }][]) {
        set[COLUMNS[field]] = typeof value.new === 'boolean' ? (value.new ? 1 : 0) : value.new
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
  })
}

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
