import { sql, type Kysely } from 'kysely'

/**
 * The company's own reward statement templates (GET/POST/PATCH reward-statements-templates/), edited
 * on the server; a statement drawn from one keeps its copy in `statement_template` (as sent) and
 * names the template it came from in `server_template_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE reward_template (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGSERIAL,
      name TEXT NOT NULL,
      logo TEXT,
      intro TEXT NOT NULL,
      closing TEXT NOT NULL,
      data_tags JSONB NOT NULL,
      created_by BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
      modified_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    )`,
    `CREATE UNIQUE INDEX reward_template_name ON reward_template (company_id, lower(name))`,
    `ALTER TABLE reward_statement ADD COLUMN server_template_id BIGINT`,
    `ALTER TABLE reward_statement ADD FOREIGN KEY (company_id, server_template_id)
      REFERENCES reward_template (company_id, id) ON DELETE SET NULL (server_template_id)`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}
