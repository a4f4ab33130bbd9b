import { sql, type Kysely } from 'kysely'

/**
 * Live sync of a replica (a workbook joined from the company server): the durable outbox of edits
 * not yet acknowledged by the server, written in the edit's own transaction, and the feed position.
 * `push_key` is set when a batch is claimed for a push, so a retry after a crash sends the same
 * batch under the same idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sync_outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    entity_id INTEGER NOT NULL,
    fields TEXT NOT NULL,
    previous TEXT NOT NULL,
    base_seq INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    push_key TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  )`.execute(db)
  await sql`CREATE INDEX sync_outbox_push_key ON sync_outbox (push_key)`.execute(db)
  await sql`CREATE TABLE sync_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_seq INTEGER NOT NULL DEFAULT 0,
    last_pulled_at TEXT,
    last_pushed_at TEXT,
    access_refused TEXT
  )`.execute(db)
}
