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
  const expectedText = await expectedSchema(version)
  const probe = new Database(filePath, { readonly: true, fileMustExist: true })
  let actual: string
  let badValue: string | null = null
  try {
    actual = schemaOf(probe)
    if (actual === expectedText) badValue = firstMistypedColumn(probe)
  } catch {
    actual = ''
  } finally {
    probe.close()
  }
  if (actual !== expectedText) {
    throw new WorkbookError(
      'WORKBOOK_DAMAGED',
      `${filePath} is damaged (its tables do not match a Meritbook workbook) and was not opened. Restore it from a backup.`,
    )
  }
  if (badValue !== null) {
    throw new WorkbookError(
      'WORKBOOK_DAMAGED',
      `${filePath} is damaged (${badValue} holds a value of the wrong kind) and was not opened. Restore it from a backup.`,
    )
  }
}

/** The storage classes a column of each declared type may hold (a damaged record header changes them). */
const ALLOWED: Record<string, string> = {
  TEXT: "'text','null'",
  INTEGER: "'integer','real','null'",
  REAL: "'real','integer','null'",
}

/**
 * The first 'table.column' holding a value its declared type cannot (text where a number belongs, a
 * number where text belongs), or null. SQLite keeps each value's type in its record, and a flipped
 * bit there passes quick_check; the app would then meet a number where it reads a name.
 */
function firstMistypedColumn(sqlite: Database.Database): string | null {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[]
  for (const table of tables) {
    const columns = (
      sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[]
    ).filter((c) => ALLOWED[c.type.toUpperCase()] !== undefined)
    if (columns.length === 0) continue
    const test = columns
      .map((c) => `typeof("${c.name}") NOT IN (${ALLOWED[c.type.toUpperCase()]})`)
      .join(' OR ')
    const row = sqlite.prepare(`SELECT * FROM "${table}" WHERE ${test} LIMIT 1`).get() as
      Record<string, unknown> | undefined
    if (!row) continue
    const bad = columns.find((c) => {
      const value = row[c.name]
      const kind =
        value === null
          ? 'null'
          : typeof value === 'string'
            ? 'text'
            : Buffer.isBuffer(value)
              ? 'blob'
              : 'number'
      const allowed = ALLOWED[c.type.toUpperCase()]
      return kind === 'number' ? !allowed.includes('integer') : !allowed.includes(`'${kind}'`)
    })
    return `${table}.${bad?.name ?? '?'}`
  }
  return null
}

/** SQLite's own word that a page or record cannot be read: the file is damaged. */
export function isDamagedFileError(error: unknown): boolean {
  return error instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)
}
