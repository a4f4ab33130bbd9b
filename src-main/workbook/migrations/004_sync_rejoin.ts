import { sql, type Kysely } from 'kysely'

/**
 * A replica that met a server change it cannot apply from the feed (an import on the server, a
 * matrix save on a replica holding part of the company) records why it should be joined again; the
 * status line says so until it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sync_state ADD COLUMN rejoin_reason TEXT`.execute(db)
}
