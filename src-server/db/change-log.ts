import type { Kysely, Transaction } from 'kysely'
import type { Caller } from '../http/context'
import type { ServerDatabase } from './schema'

export interface ChangeLogEntry {
  entity: string
  entityId: number | null
  action: string
  /** Stored as JSON; null when there was nothing before (a creation) or after (a removal). */
  oldValue: unknown
  newValue: unknown
}

/** One row of the company's change log (history and undo read it), in the caller's transaction. */
export async function logChange(
  trx: Transaction<ServerDatabase> | Kysely<ServerDatabase>,
  who: Pick<Caller, 'companyId' | 'userId'>,
  entry: ChangeLogEntry,
): Promise<number> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
  const row = await trx
    .insertInto('change_log')
    .values({
      company_id: who.companyId,
      user_id: who.userId,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      old_value: json(entry.oldValue),
      new_value: json(entry.newValue),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
