import { sql, type Kysely } from 'kysely'

/**
 * A company's HRIS connections through Merge (issue 38): the account token Merge gave for the linked
 * HRIS, kept only encrypted (AES-256-GCM, merge/token-box.ts, key MERITBOOK_MERGE_TOKEN_KEY).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE merge_integration (
         id BIGSERIAL PRIMARY KEY,
         company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
         integration_name TEXT NOT NULL,
         integration_slug TEXT NOT NULL,
         account_token_sealed BYTEA NOT NULL,
         created_by BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
         created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
         last_import_at TIMESTAMPTZ
       )`,
    )
    .execute(db)
  await sql.raw('CREATE INDEX merge_integration_company ON merge_integration (company_id)').execute(db)
}
