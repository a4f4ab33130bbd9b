import { sql, type Kysely } from 'kysely'

/**
 * Idempotency keys of pushes the server answered without changing anything (a replica's org chart
 * drop, record or pay range edit that the server already had): a push that changes something keeps
 * its key on its `sync_change`; one that changes nothing has no change to keep it on, so it is kept
 * here, and a replay after later changes still applies nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE sync_push_key (
        company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
        idempotency_key TEXT NOT NULL,
        at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, idempotency_key)
      )`,
    )
    .execute(db)
}
