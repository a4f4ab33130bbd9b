import { sql, type Kysely } from 'kysely'

/**
 * A company file: a copy of an admin replica's company tables, uploaded by the desktop (the server
 * never opens it), with the feed position it is as of and the content hash the server made from its
 * own rows at that position. A joining admin downloads it and checks it against that hash
 * (docs/sync.md, "Company file"). Its bytes are kept in pieces, so neither upload nor download holds
 * the file whole; an upload's pieces become the company's file only once its hash is made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE company_file_piece (
        company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
        upload_id UUID NOT NULL,
        n INTEGER NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (company_id, upload_id, n)
      )`,
    )
    .execute(db)
  // Kept as sent: a workbook's pages hardly pack, and unpacking them on every download cost time.
  await sql.raw('ALTER TABLE company_file_piece ALTER COLUMN bytes SET STORAGE EXTERNAL').execute(db)
  await sql
    .raw(
      `CREATE TABLE company_file (
        company_id BIGINT PRIMARY KEY REFERENCES company (id) ON DELETE CASCADE,
        upload_id UUID NOT NULL,
        feed_seq BIGINT NOT NULL,
        content_hash TEXT NOT NULL,
        size BIGINT NOT NULL,
        uploaded_by BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
        uploaded_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
    )
    .execute(db)
}
