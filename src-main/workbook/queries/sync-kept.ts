import type { Transaction } from 'kysely'
import type { WorkbookDatabase } from '../schema'
import type { PushKind as OutboxKind } from '../../../src-shared/contract/sync-replica-dto'

/**
 * What the feed brought while this replica's own push of the same fields waited, kept on the queued
 * push for its acknowledgement or refusal to order (docs/sync.md, "A change met while this replica's
 * push waits").
 */

type Value = string | number | boolean | null

/**
 * Another's value of a reward field that the feed brought while this replica's edit of the field
 * waited (the edit kept its value then), with its feed position and author.
 */
export interface KeptServerValue {
  value: Value
  seq: number
  userEmail: string | null
  at: string
}

/** Kept values by reward column. */
export type KeptServerFields = Record<string, KeptServerValue>

export const keptOf = (json: string | null): KeptServerFields =>
  json === null ? {} : (JSON.parse(json) as KeptServerFields)

/**
 * Keeps the feed's values of an employee's reward fields on each queued edit of those fields (a
 * later feed value of a field replaces an earlier one: pages come in the feed's order).
 */
export async function keepServerRewardValues(
  trx: Transaction<WorkbookDatabase>,
  employeeId: number,
  kept: KeptServerFields,
): Promise<void> {
  const rows = await trx
    .selectFrom('sync_outbox')
    .select(['id', 'fields', 'server_fields'])
    .where('kind', '=', 'reward')
    .where('entity_id', '=', employeeId)
    .execute()
  for (const row of rows) {
    const fields = JSON.parse(row.fields) as object
    const mine = Object.entries(kept).filter(([column]) => Object.hasOwn(fields, column))
    if (mine.length === 0) continue
    const merged = { ...keptOf(row.server_fields), ...Object.fromEntries(mine) }
    await trx
      .updateTable('sync_outbox')
      .set({ server_fields: JSON.stringify(merged) })
      .where('id', '=', row.id)
      .execute()
  }
}

/** What the feed kept on a push's queued reward edits (`keepServerRewardValues`). */
export async function keptServerValues(
  trx: Transaction<WorkbookDatabase>,
  pushKey: string,
): Promise<KeptServerFields> {
  const rows = await trx
    .selectFrom('sync_outbox')
    .select('server_fields')
    .where('push_key', '=', pushKey)
    .where('server_fields', 'is not', null)
    .orderBy('id')
    .execute()
  return Object.assign({}, ...rows.map((r) => keptOf(r.server_fields))) as KeptServerFields
}

/**
 * A company record's change from the feed whose fields this replica's waiting push of that record
 * also sets (the push kept its value then): those fields' values, with the change's feed position and
 * author, for the push's acknowledgement to order (`kept-records.ts`).
 */
export interface KeptRecordChange {
  values: Record<string, unknown>
  seq: number
  userEmail: string | null
  userName: string
  at: string
}

export const keptChangesOf = (json: string | null): KeptRecordChange[] =>
  json === null ? [] : (JSON.parse(json) as KeptRecordChange[])

/**
 * Keeps a feed change on every queued push of the record (`kinds`, `entityId`; null: of any record,
 * as org chart drops), once each.
 */
export async function keepServerRecordChange(
  trx: Transaction<WorkbookDatabase>,
  kinds: readonly OutboxKind[],
  entityId: number | null,
  change: KeptRecordChange,
): Promise<void> {
  let queued = trx.selectFrom('sync_outbox').select(['id', 'server_fields']).where('kind', 'in', kinds)
  if (entityId !== null) queued = queued.where('entity_id', '=', entityId)
  const rows = await queued.execute()
  for (const row of rows) {
    const kept = keptChangesOf(row.server_fields)
    if (kept.some((c) => c.seq === change.seq)) continue
    await trx
      .updateTable('sync_outbox')
      .set({ server_fields: JSON.stringify([...kept, change]) })
      .where('id', '=', row.id)
      .execute()
  }
}

/** What the feed kept on a company record's queued push (`keepServerRecordChange`). */
export async function keptRecordChanges(
  trx: Transaction<WorkbookDatabase>,
  pushKey: string,
): Promise<KeptRecordChange[]> {
  const rows = await trx
    .selectFrom('sync_outbox')
    .select('server_fields')
    .where('push_key', '=', pushKey)
    .where('kind', '!=', 'reward')
    .where('server_fields', 'is not', null)
    .execute()
  const changes = new Map(rows.flatMap((r) => keptChangesOf(r.server_fields)).map((c) => [c.seq, c]))
  return [...changes.values()]
}
