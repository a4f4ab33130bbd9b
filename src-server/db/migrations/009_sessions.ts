import { sql, type Kysely } from 'kysely'

/**
 * A user's token version: access tokens carry it, and a password set or reset bumps it, so every
 * access token issued before the change is refused at once (docs/decisions.md, "Sessions and secrets").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE app_user ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0').execute(db)
}
