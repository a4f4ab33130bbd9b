import { sql, type Kysely } from 'kysely'

/**
 * The planning calls beyond the first schema: when a pay cycle was closed (the current cycle is the
 * active one, else the one closed last, as on the desktop) and the saved HyperBalance configuration
 * of a cycle (GET /calculate-matrix/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`ALTER TABLE pay_cycle ADD COLUMN closed_at TIMESTAMPTZ, ADD COLUMN hyperbalance_config JSONB`)
    .execute(db)
}
