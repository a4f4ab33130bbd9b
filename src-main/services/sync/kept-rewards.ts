import type { SyncedRewardField } from '../../../src-shared/contract/sync-dto'
import type { SyncApplied } from '../../../src-shared/contract/sync-replica-dto'
import type { Workbook } from '../../workbook/open'
import {
  REWARD_COLUMNS,
  saveRewardChanges,
  type RewardChange,
  type RewardField,
} from '../../workbook/queries/rewards'
import { acknowledgePushes, pendingFields } from '../../workbook/queries/sync'
import { type KeptServerValue } from '../../workbook/queries/sync-kept'
import type { TableCache } from '../table/cache'
import type { RecordEffect } from './apply-record-change'
import { applyKeptRecordChanges, localUsers } from './kept-records'
import { applyToModel } from '../table/update'

export const FIELD_OF_COLUMN = Object.fromEntries(
  Object.entries(REWARD_COLUMNS).map(([field, column]) => [column, field]),
) as Record<SyncedRewardField, RewardField>

/** A reward column as the server sends it (flags as booleans, nothing as null). */
export const serverFormOf = (column: SyncedRewardField, value: unknown): unknown =>
  column === 'performance_plan' || column === 'promotion' ? value === 1 || value === true : (value ?? null)

/**
 * The server acknowledged these pushes (`seqs`: the feed position of the change each made). A field
 * whose value from another desktop the feed brought while the push waited (kept on it, see
 * `keepServerRewardValues`) gets that value now when the server's order put it after the push and no
 * later edit of the field waits here: the replica ends as the server has it. Each is written with its
 * author in the reward history. A push whose position is unknown keeps its own value, as before.
 * Company records the same way (`applyKeptRecordChanges`).
 */
export async function pushesAcknowledged(
  table: TableCache,
  workbook: Workbook,
  pushKeys: readonly string[],
  seqs: Readonly<Record<string, number>>,
  now = new Date(),
): Promise<SyncApplied> {
  const applied: RewardChange[] = []
  let records: { effects: Set<RecordEffect>; notices: string[] } = { effects: new Set(), notices: [] }
  await workbook.db.transaction().execute(async (trx) => {
    const acknowledged = await acknowledgePushes(trx, pushKeys, now.toISOString())
    if (acknowledged.length === 0) return
    const pending = await pendingFields(trx)
    const localUser = await localUsers(trx)
    for (const push of acknowledged) {
      if (push.kind !== 'reward') continue
      const { pushKey, entityId: employeeId, kept } = push
      const pushedAt = seqs[pushKey] as number | undefined
      if (pushedAt === undefined) continue
      const later = Object.entries(kept).filter(
        ([column, value]) => value.seq > pushedAt && !pending.get(employeeId)?.has(column),
      ) as [SyncedRewardField, KeptServerValue][]
      if (later.length === 0) continue
      const current = await trx
        .selectFrom('reward')
        .selectAll()
        .where('employee_id', '=', employeeId)
        .executeTakeFirst()
      // Each field in its own history entry, in its author's name, in the feed's order.
      for (const [column, value] of later.sort(([, a], [, b]) => a.seq - b.seq)) {
        const old = serverFormOf(column, (current as Record<string, unknown> | undefined)?.[column])
        if (old === value.value) continue
        const change: RewardChange = {
          employeeId,
          changes: { [FIELD_OF_COLUMN[column]]: { old, new: value.value } },
        }
        await saveRewardChanges(trx, [change], {
          userId: localUser(value.userEmail),
          at: value.at,
          source: 'sync',
        })
        applied.push(change)
      }
    }
    records = await applyKeptRecordChanges(trx, workbook, acknowledged, seqs, localUser)
  })
  if (records.effects.size > 0) table.invalidate()
  else {
    const model = table.peek(workbook)
    if (model && applied.length > 0) applyToModel(model, applied)
  }
  return {
    employeeIds: [...new Set(applied.map((c) => c.employeeId))],
    submissionsChanged: false,
    teamsChanged: records.effects.has('teamsChanged'),
    payCyclesChanged: records.effects.has('payCyclesChanged'),
    recordsChanged: records.effects.has('recordsChanged'),
    usersChanged: records.effects.has('usersChanged'),
    notices: records.notices,
    last: 0,
  }
}
