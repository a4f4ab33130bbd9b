import fs from 'node:fs'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { WorkbookError } from './errors'
import { acquireWriterLock, describeOwner } from './lock'
import { checkpoint, checkpointWhenIdle, IDLE_CHECKPOINT_MS } from './checkpoint'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations'
import { checkWorkbookSchema } from './schema-check'
import type { WorkbookDatabase } from './schema'

/** PRAGMA application_id of every .paycycle file: 'MBPC'. */
export const WORKBOOK_APPLICATION_ID = 0x4d425043
const SQLITE_HEADER = 'SQLite format 3\u0000'

export interface Workbook {
  readonly path: string
  readonly db: Kysely<WorkbookDatabase>
  /** The raw connection, for the few hot paths kysely would slow down (bulk inserts). */
  readonly sqlite: Database.Database
  readonly schemaVersion: number
  /** Set when opening took over a lock its process no longer held: what the user is told. */
  readonly notice?: string
  /** Folds the WAL into the file now (a writer only); false when a reader held it back. */
  checkpoint(): boolean
  /** A writer's close checkpoints first: the file alone then holds every commit. */
  close(): Promise<void>
}

function readHeader(filePath: string): string {
  const fd = fs.openSync(filePath, 'r')
  try {
    const buffer = Buffer.alloc(16)
    const read = fs.readSync(fd, buffer, 0, 16, 0)
    return buffer.subarray(0, read).toString('latin1')
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Checks an existing file without writing to it: it must be SQLite, carry our application id,
 * pass quick_check and not come from a newer Meritbook. Returns its schema version.
 */
export function inspectWorkbookFile(filePath: string): number {
  if (!fs.existsSync(filePath)) throw new WorkbookError('FILE_NOT_FOUND', `${filePath} does not exist.`)
  const notWorkbook = () =>
    new WorkbookError('NOT_A_WORKBOOK', `${filePath} is not a Meritbook pay-cycle workbook (.paycycle).`)
  if (fs.statSync(filePath).size === 0 || readHeader(filePath) !== SQLITE_HEADER) throw notWorkbook()
  let probe: Database.Database
  try {
    probe = new Database(filePath, { readonly: true, fileMustExist: true })
  } catch {
    throw notWorkbook()
  }
  try {
    let applicationId: number
    try {
      applicationId = probe.pragma('application_id', { simple: true }) as number
    } catch {
      throw new WorkbookError('WORKBOOK_DAMAGED', `${filePath} is damaged and cannot be read.`)
    }
    if (applicationId !== WORKBOOK_APPLICATION_ID) throw notWorkbook()
    let check: unknown
    try {
      check = probe.pragma('quick_check', { simple: true })
    } catch {
      check = 'unreadable'
    }
    if (check !== 'ok') {
      throw new WorkbookError(
        'WORKBOOK_DAMAGED',
        `${filePath} is damaged (integrity check failed) and was not opened. Restore it from a backup.`,
      )
    }
    const version = probe.pragma('user_version', { simple: true }) as number
    if (version > LATEST_SCHEMA_VERSION) {
      throw new WorkbookError(
        'WORKBOOK_TOO_NEW',
        `${filePath} was saved by a newer version of Meritbook (schema ${version}; this version reads up to ${LATEST_SCHEMA_VERSION}). Update Meritbook to open it.`,
      )
    }
    return version
  } finally {
    probe.close()
  }
}

function connect(filePath: string): Database.Database {
  const sqlite = new Database(filePath)
  sqlite.pragma('journal_mode = WAL')
  // NORMAL in WAL mode survives an application crash; only an OS crash can lose the last commit.
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // 64 MiB of page cache: a 100,000-employee import touches every index page many times.
  sqlite.pragma('cache_size = -65536')
  return sqlite
}

async function migrate(db: Kysely<WorkbookDatabase>, sqlite: Database.Database): Promise<number> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  sqlite.pragma(`user_version = ${LATEST_SCHEMA_VERSION}`)
  return LATEST_SCHEMA_VERSION
}

interface OpenOptions {
  /** Create the file when it does not exist (default false). */
  create?: boolean
  /** Read without locking or migrating (for `info`). */
  readonly?: boolean
  /** Quiet time after the last write before the WAL is checkpointed (default 2 s). */
  idleCheckpointMs?: number
}

function readOnly(filePath: string, sqlite: Database.Database): Workbook {
  const db = new Kysely<WorkbookDatabase>({ dialect: new SqliteDialect({ database: sqlite }) })
  const schemaVersion = sqlite.pragma('user_version', { simple: true }) as number
  return {
    path: filePath,
    db,
    sqlite,
    schemaVersion,
    checkpoint: () => false,
    close: () => destroy(db, sqlite),
  }
}

/** Kysely closes the connection only if it ran a query; raw-only use would leave it open. */
async function destroy(db: Kysely<WorkbookDatabase>, sqlite: Database.Database): Promise<void> {
  await db.destroy()
  if (sqlite.open) sqlite.close()
}

/**
 * A second connection, read-only, to a workbook this Meritbook has already opened (checked, locked
 * and migrated) with `openWorkbook`: WAL lets it read committed data while the writer works.
 */
export function openReadConnection(filePath: string): Workbook {
  const sqlite = new Database(filePath, { readonly: true, fileMustExist: true })
  sqlite.pragma('busy_timeout = 5000')
  return readOnly(filePath, sqlite)
}

export async function openWorkbook(filePath: string, options: OpenOptions = {}): Promise<Workbook> {
  const exists = fs.existsSync(filePath)
  if (!exists && !options.create) throw new WorkbookError('FILE_NOT_FOUND', `${filePath} does not exist.`)
  const version = exists ? inspectWorkbookFile(filePath) : 0
  if (exists) await checkWorkbookSchema(filePath, version)

  if (options.readonly)
    return readOnly(filePath, new Database(filePath, { readonly: true, fileMustExist: true }))

  const lock = acquireWriterLock(filePath)
  const release = lock.release
  let sqlite: Database.Database | undefined
  try {
    sqlite = connect(filePath)
    if (!exists) sqlite.pragma(`application_id = ${WORKBOOK_APPLICATION_ID}`)
    const db = new Kysely<WorkbookDatabase>({ dialect: new SqliteDialect({ database: sqlite }) })
    // An up-to-date workbook is opened without a write.
    const schemaVersion = version === LATEST_SCHEMA_VERSION ? version : await migrate(db, sqlite)
    const connection = sqlite
    const stopWatch = checkpointWhenIdle(filePath, connection, options.idleCheckpointMs ?? IDLE_CHECKPOINT_MS)
    let closing: Promise<void> | null = null
    const notice = lock.tookOver
      ? `${filePath} was left locked by a Meritbook that is no longer running (${describeOwner(lock.tookOver)}); this Meritbook took the lock over. Every saved edit is in the file.`
      : undefined
    return {
      path: filePath,
      db,
      sqlite,
      schemaVersion,
      ...(notice ? { notice } : {}),
      checkpoint: () => checkpoint(connection),
      close: () =>
        (closing ??= (async () => {
          stopWatch()
          try {
            checkpoint(connection)
          } catch {
            // The WAL still holds every commit; the next open replays it.
          }
          await destroy(db, connection)
          release()
        })()),
    }
  } catch (error) {
    sqlite?.close()
    release()
    if (!exists) fs.rmSync(filePath, { force: true })
    throw error
  }
}
