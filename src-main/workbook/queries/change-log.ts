import type { Kysely, Transaction } from 'kysely'
import type { Workbook } from '../open'
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

/** `appendChangeLog` for callers on better-sqlite3's synchronous API; answers the entry's id. */
export function appendChangeLogRow(workbook: Workbook, entry: ChangeLogEntry): number {
  const info = workbook.sqlite
    .prepare(
      'INSERT INTO change_log (at, user_id, entity, entity_id, action, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      entry.at,
      entry.userId,
      entry.entity,
      entry.entityId === null ? null : String(entry.entityId),
      entry.action,
      entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
      entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
    )
  return Number(info.lastInsertRowid)
}

export function readChangeLogEntry(
  workbook: Workbook,
  id: number,
  entity: string,
): { action: string; entityId: string | null; oldValue: string | null; newValue: string | null } | null {
  const row = workbook.sqlite
    .prepare('SELECT action, entity_id, old_value, new_value FROM change_log WHERE id = ? AND entity = ?')
    .get(id, entity) as
    | { action: string; entity_id: string | null; old_value: string | null; new_value: string | null }
    | undefined
  return row
    ? { action: row.action, entityId: row.entity_id, oldValue: row.old_value, newValue: row.new_value }
    : null
}

/** An entity's entries with the given id, oldest first, with who made them (a planner's submission steps). */
export function listEntityChangeLog(
  workbook: Workbook,
  entity: string,
  entityId: string | number,
): ChangeLogRow[] {
  return workbook.sqlite
    .prepare(
      `SELECT c.id, c.at, u.name AS userName, c.entity_id AS entityId, c.action, c.old_value AS oldValue,
         c.new_value AS newValue
       FROM change_log c LEFT JOIN app_user u ON u.id = c.user_id
       WHERE c.entity = ? AND c.entity_id = ? ORDER BY c.id`,
    )
    .all(entity, String(entityId)) as ChangeLogRow[]
}
