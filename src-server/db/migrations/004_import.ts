import { sql, type Kysely } from 'kysely'

/** POST /import/data/ keeps the import's 'Reason for last increase', as the desktop's workbook does. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`ALTER TABLE employee ADD COLUMN reason_for_last_increase TEXT NOT NULL DEFAULT ''`)
    .execute(db)
}
