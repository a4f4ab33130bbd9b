import { sql, type Kysely } from 'kysely'

/**
 * Job Profile, Job Family and Job Family group as each employee was imported (issue 36): the spec's
 * grouping hints make a job code imply only the pay range and exemption status, so employees sharing
 * a job code may differ on these. NULL (rows before this version, demo and snapshot workbooks) means
 * "the job profile's value"; '' means imported blank.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE employee ADD COLUMN imported_job_profile TEXT`.execute(db)
  await sql`ALTER TABLE employee ADD COLUMN imported_job_family TEXT`.execute(db)
  await sql`ALTER TABLE employee ADD COLUMN imported_job_family_group TEXT`.execute(db)
}
