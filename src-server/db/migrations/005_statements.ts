import { sql, type Kysely } from 'kysely'

/**
 * Reward statements sent from the server: the template as it was sent (kept once per content), and
 * each statement with the figures it showed, its send status and its magic link (only the link's
 * SHA-256 is stored; revoking sets `link_revoked_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE statement_template (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGSERIAL,
      desktop_template_id BIGINT,
      content_hash TEXT NOT NULL,
      name TEXT NOT NULL,
      logo TEXT,
      intro TEXT NOT NULL,
      closing TEXT NOT NULL,
      data_tags JSONB NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, content_hash)
    )`,
    `CREATE TABLE reward_statement (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGSERIAL,
      employee_id BIGINT NOT NULL,
      template_id BIGINT NOT NULL,
      desktop_template_id BIGINT,
      company_name TEXT NOT NULL,
      facts JSONB NOT NULL,
      created_by BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      send_status TEXT NOT NULL DEFAULT 'NOT_SENT' CHECK (send_status IN ('NOT_SENT', 'SENT', 'FAILED', 'SAVED')),
      send_method TEXT,
      sent_at TIMESTAMPTZ,
      send_error TEXT,
      link_hash TEXT UNIQUE,
      link_expires_at TIMESTAMPTZ,
      link_revoked_at TIMESTAMPTZ,
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, employee_id) REFERENCES employee (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, template_id) REFERENCES statement_template (company_id, id)
    )`,
    `CREATE INDEX reward_statement_employee ON reward_statement (company_id, employee_id, id)`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}
