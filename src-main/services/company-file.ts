import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { openWorkbook, WORKBOOK_APPLICATION_ID, type Workbook } from '../workbook/open'
import { LATEST_SCHEMA_VERSION } from '../workbook/migrations'
import { copyCompanyTables } from '../workbook/queries/company-file'
import { companyContent, sha256Digest } from '../workbook/queries/company-content'
import { BulkLoad, writeJoinedCompany, type JoinedCompany } from '../workbook/queries/write-snapshot'
import { removeWorkbook } from './replica-join'
import { refuseExisting, withWorkbookExtension } from './workbooks'

/** The company file a joining desktop downloaded: where it is, its feed position and the server's content hash. */
export interface DownloadedCompanyFile {
  file: string
  seq: number
  contentHash: string
}

/** A new, migrated, empty workbook at `filePath`, left closed. */
async function emptyWorkbook(filePath: string): Promise<void> {
  const workbook = await openWorkbook(filePath, { create: true })
  workbook.sqlite.pragma('journal_mode = DELETE')
  await workbook.close()
}

/**
 * Writes the open replica's company tables into a new company file at `filePath` (docs/sync.md,
 * "Company file"), as of the feed position it answers; null, and no file, when pushes are waiting
 * (the file would hold changes the server has not taken yet).
 */
export async function writeCompanyFile(replica: Workbook, filePath: string): Promise<{ seq: number } | null> {
  const waiting = replica.sqlite.prepare('SELECT count(*) FROM sync_outbox').pluck().get() as number
  if (waiting > 0) return null
  await emptyWorkbook(filePath)
  const file = new Database(filePath)
  try {
    file.pragma('foreign_keys = OFF')
    // A joining desktop reads the tables in key order and builds its own indexes: those of the file
    // would be a sixth of its bytes for nothing.
    const indexes = file
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
      .pluck()
      .all() as string[]
    for (const name of indexes) file.exec(`DROP INDEX "${name}"`)
    file.prepare('ATTACH ? AS replica').run(replica.path)
    // One read of the replica: its rows and its feed position are of the same moment.
    const seq = file.transaction(() => {
      copyCompanyTables(file, 'replica', new Date().toISOString())
      return file.prepare('SELECT last_seq FROM replica.sync_state WHERE id = 1').pluck().get() as number
    })()
    file.exec('DETACH replica')
    return { seq }
  } catch (error) {
    file.close()
    fs.rmSync(filePath, { force: true })
    throw error
  } finally {
    if (file.open) file.close()
  }
}

/** The content hash of a company file's tables (`company-content.ts`), read without writing to it. */
export type CompanyFileContent = (file: string) => Promise<string>

export function contentOfCompanyFile(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return companyContent(db, sha256Digest)
  } finally {
    db.close()
  }
}

/** Why a downloaded file cannot be copied from, or null for a workbook of this very schema. Read without writing to it. */
function unusableFile(filePath: string): CompanyFileRefusal | null {
  try {
    const probe = new Database(filePath, { readonly: true, fileMustExist: true })
    try {
      return probe.pragma('application_id', { simple: true }) === WORKBOOK_APPLICATION_ID &&
        probe.pragma('user_version', { simple: true }) === LATEST_SCHEMA_VERSION
        ? null
        : 'not a workbook of this version'
    } finally {
      probe.close()
    }
  } catch (error) {
    return `the file could not be read (${error instanceof Error ? error.message : String(error)})`
  }
}

/** Why a company file was not joined from (join then goes by rows). */
export type CompanyFileRefusal =
  | 'not a workbook of this version'
  | 'content differs from the server'
  | `the file could not be read (${string})`

/**
 * A new replica at `filePath` from a downloaded company file: its company tables copied by SQLite
 * while `contentOf` hashes the file's content, which must be the server's hash of its own rows at
 * the file's position (the copy is of the same columns, so the replica holds that content). A
 * file that is not a workbook of this version, or whose content differs, is refused (the new file
 * removed): the caller joins by rows instead. Bulk loaded as join by rows is (`BulkLoad`).
 */
export async function joinFromCompanyFile(
  filePath: string,
  company: Omit<JoinedCompany, 'feedSeq'>,
  download: DownloadedCompanyFile,
  contentOf: CompanyFileContent = async (file) => contentOfCompanyFile(file),
): Promise<Workbook | CompanyFileRefusal> {
  const target = withWorkbookExtension(path.resolve(filePath))
  refuseExisting(target)
  const unusable = unusableFile(download.file)
  if (unusable) return unusable
  // The file's content is hashed (on the list reader's thread, in the app) while this one copies it.
  const content = contentOf(download.file).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  )
  const workbook = await openWorkbook(target, { create: true })
  const db = workbook.sqlite
  let refusal: CompanyFileRefusal | null = null
  try {
    const load = new BulkLoad(db)
    db.pragma('foreign_keys = OFF')
    db.prepare('ATTACH ? AS download').run(download.file)
    db.exec('BEGIN')
    try {
      load.dropIndexes()
      const at = new Date().toISOString()
      copyCompanyTables(db, 'download', at)
      load.buildIndexes()
      const hash = await content
      if (hash instanceof Error) refusal = `the file could not be read (${hash.message})`
      else if (hash !== download.contentHash) refusal = 'content differs from the server'
      else {
        writeJoinedCompany(db, { ...company, feedSeq: download.seq }, at)
      }
      db.exec(refusal ? 'ROLLBACK' : 'COMMIT')
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      // A file SQLite cannot read through (damaged, cut short) is refused like one that differs.
      if (!(error instanceof Database.SqliteError)) throw error
      refusal = `the file could not be read (${error.message})`
    } finally {
      db.exec('DETACH download')
      db.pragma('foreign_keys = ON')
      load.end()
    }
  } catch (error) {
    await removeWorkbook(workbook)
    throw error
  }
  if (refusal === null) return workbook
  await removeWorkbook(workbook)
  return refusal
}
