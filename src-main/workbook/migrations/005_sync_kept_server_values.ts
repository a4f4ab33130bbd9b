import { sql, type Kysely } from 'kysely'

/**
 * Another desktop's reward value that the feed brought while this replica's edit of the same field
 * waited to be sent or answered: kept on the queued edit, so that the server's order can still give it
 * the last word once the edit is acknowledged (or refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sync_outbox ADD COLUMN server_fields TEXT`.execute(db)
}
