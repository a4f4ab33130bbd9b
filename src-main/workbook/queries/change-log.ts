import type { Transaction } from 'kysely'
import type { WorkbookDatabase } from '../schema'

export interface ChangeLogEntry {
  userId: number | null
  entity: string
  entityId: string | number | null
  action: string
  oldValue: unknown
  newValue: unknown
  at: string
}

/** Every mutation leaves a row: who, when, what, old and new. */
export async function appendChangeLog(
  trx: Transaction<WorkbookDatabase>,
  entry: ChangeLogEntry,
): Promise<void> {
  await trx
    .insertInto('change_log')
    .values({
      at: entry.at,
      user_id: entry.userId,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      old_value: entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
      new_value: entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
    })
    .execute()
}
