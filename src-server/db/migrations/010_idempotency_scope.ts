import { sql, type Kysely } from 'kysely'

/**
 * An idempotency key's request beside the key: its route, its user and a SHA-256 of its body
 * (`src-server/sync/push-keys.ts`), so a key is a replay only of the request it was first sent with;
 * the same key with another route, user or body is refused (409). Keys kept before this have none
 * and match as before. Independent of 009.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE sync_change ADD COLUMN key_scope TEXT`).execute(db)
  await sql.raw(`ALTER TABLE sync_push_key ADD COLUMN key_scope TEXT`).execute(db)
}
