import { sql, type Kysely } from 'kysely'

/**
 * A reward's new job profile must exist, as in the desktop's workbook (which refuses to join a company
 * holding one that does not): dangling ids an older server took are cleared, and the key keeps them out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `UPDATE reward r SET new_job_profile_id = NULL
       WHERE new_job_profile_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM job_profile j WHERE j.company_id = r.company_id AND j.id = r.new_job_profile_id)`,
    )
    .execute(db)
  await sql
    .raw(
      `ALTER TABLE reward ADD CONSTRAINT reward_new_job_profile
       FOREIGN KEY (company_id, new_job_profile_id) REFERENCES job_profile (company_id, id)
       ON DELETE SET NULL (new_job_profile_id)`,
    )
    .execute(db)
}
