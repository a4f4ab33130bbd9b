import { sql, type Kysely } from 'kysely'

/**
 * SUPER_USER becomes the server operator's role. Operators belong to one company of their own (the
 * `operators` company, made by `npm run server -- --create-super-user`); a SUPER_USER any company
 * made before (publish of a workbook holding one, or the Users calls) is made an ADMIN of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE company ADD COLUMN operators BOOLEAN NOT NULL DEFAULT FALSE').execute(db)
  await sql.raw('CREATE UNIQUE INDEX company_operators ON company (operators) WHERE operators').execute(db)
  await sql.raw("UPDATE app_user SET role = 'ADMIN' WHERE role = 'SUPER_USER'").execute(db)
}
