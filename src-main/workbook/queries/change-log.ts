import type { Kysely, Transaction } from 'kysely'
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

export interface ChangeLogRow {
  id: number
  at: string
  userName: string | null
  entityId: string | null
  action: string
  oldValue: string | null
  newValue: string | null
}

/** An entity's entries, newest first, with who made them. */
export async function listChangeLog(
  db: Kysely<WorkbookDatabase>,
  entity: string,
  limit: number,
): Promise<ChangeLogRow[]> {
  return db
    .selectFrom('change_log as c')
    .leftJoin('app_user as u', 'u.id', 'c.user_id')
    .select([
      'c.id as id',
      'c.at as at',
      'u.name as userName',
      'c.entity_id as entityId',
      'c.action as action',
      'c.old_value as oldValue',
      'c.new_value as newValue',
    ])
    .where('c.entity', '=', entity)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
}
