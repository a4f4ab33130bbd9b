import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { WorkbookError } from './errors'
import { MIGRATIONS } from './migrations'

/** The schema as SQLite keeps it (tables, indexes, their SQL), in a stable order. */
function schemaOf(sqlite: Database.Database): string {
  const rows = sqlite
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all()
  return JSON.stringify(rows)
}

const expected = new Map<number, Promise<string>>()

/** The schema the first `version` migrations make, built once per version in memory. */
function expectedSchema(version: number): Promise<string> {
  let schema = expected.get(version)
  if (!schema) {
    schema = (async () => {
      const sqlite = new Database(':memory:')
      const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) })
      try {
        const migrations = Object.fromEntries(Object.entries(MIGRATIONS).slice(0, version))
        const { error } = await new Migrator({
          db,
          provider: { getMigrations: async () => migrations },
        }).migrateToLatest()
        if (error) throw error
        return schemaOf(sqlite)
      } finally {
        await db.destroy()
      }
    })()
    expected.set(version, schema)
  }
  return schema
}

/**
 * Refuses a workbook whose tables or indexes differ from what its schema version's migrations make:
 * SQLite's quick_check reads the schema's SQL as text, so a damaged byte there ('job_profile_id'
 * turned 'job_profilm_id') passes it and fails only at the first query. Read-only; nothing written.
 */
export async function checkWorkbookSchema(filePath: string, version: number): Promise<void> {
  if (version === 0) return
  const probe = new Database(filePath, { readonly: true, fileMustExist: true })
  let actual: string
  try {
    actual = schemaOf(probe)
  } catch {
    actual = ''
  } finally {
    probe.close()
  }
  if (actual !== (await expectedSchema(version))) {
    throw new WorkbookError(
      'WORKBOOK_DAMAGED',
      `${filePath} is damaged (its tables do not match a Meritbook workbook) and was not opened. Restore it from a backup.`,
    )
  }
}

/** SQLite's own word that a page or record cannot be read: the file is damaged. */
export function isDamagedFileError(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)
}
