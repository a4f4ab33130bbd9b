import { sql, type Kysely } from 'kysely'

/**
 * The pay cycle's lifecycle: when a configuration was closed (or deactivated by another's
 * activation), so the most recently closed one stays the current cycle, locked; and the day its
 * conversion rates came from the live rates service (null: entered by hand).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pay_cycle ADD COLUMN closed_at TEXT`.execute(db)
  await sql`ALTER TABLE pay_cycle ADD COLUMN rates_as_of TEXT`.execute(db)
}
