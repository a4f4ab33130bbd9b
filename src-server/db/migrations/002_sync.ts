import { sql, type Kysely } from 'kysely'

/**
 * Live sync: every change a desktop must follow, in one ordered feed per server (`seq`), each row
 * scoped to its company. A push's idempotency key is kept on the change it made, unique per company,
 * so a replay after a crash or a lost answer finds it and applies nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE sync_change (
        seq BIGSERIAL PRIMARY KEY,
        company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        entity_id BIGINT NOT NULL,
        user_id BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
        user_name TEXT NOT NULL,
        user_email TEXT,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        payload JSONB NOT NULL,
        idempotency_key TEXT,
        UNIQUE (company_id, idempotency_key)
      )`,
    )
    .execute(db)
  await sql.raw(`CREATE INDEX sync_change_company_seq ON sync_change (company_id, seq)`).execute(db)
  await sql
    .raw(`CREATE INDEX sync_change_entity ON sync_change (company_id, kind, entity_id, seq)`)
    .execute(db)
}
