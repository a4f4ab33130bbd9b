import { sql, type Kysely, type Transaction } from 'kysely'
import type { ServerDatabase } from './schema'

/** PostgreSQL array types of the columns a bulk insert fills. */
export type ColumnType = 'bigint' | 'text' | 'boolean' | 'float8' | 'date' | 'jsonb'

/** A table's columns (besides `company_id`) and their types, in any order. */
export type ColumnTypes<Table extends keyof ServerDatabase> = Partial<
  Record<keyof ServerDatabase[Table] & string, ColumnType>
>

const CHUNK = 20_000
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function element(type: ColumnType, value: unknown, column: string): string {
  if (value === null || value === undefined) return 'NULL'
  switch (type) {
    case 'bigint':
    case 'float8':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      break
    case 'boolean':
      if (typeof value === 'boolean') return value ? 't' : 'f'
      break
    case 'date':
      if (typeof value === 'string' && ISO_DATE.test(value)) return value
      break
    case 'text':
    case 'jsonb': {
      const text = type === 'jsonb' ? JSON.stringify(value) : String(value)
      return `"${text.replace(/[\\"]/g, '\\$&')}"`
    }
  }
  throw new Error(`${column}: ${JSON.stringify(value)} is not a ${type}.`)
}

/** One column of many rows as an array literal (`{1,NULL,"a \"b\""}`), one parameter. */
function arrayLiteral(type: ColumnType, column: string, rows: readonly Record<string, unknown>[]): string {
  const parts = new Array<string>(rows.length)
  for (let i = 0; i < rows.length; i++) parts[i] = element(type, rows[i][column], column)
  return `{${parts.join(',')}}`
}

/**
 * Many rows of one company in a few statements: each column travels as one array parameter and
 * `unnest` turns the arrays back into rows (`INSERT … SELECT … FROM unnest($2::bigint[], …)`), so a
 * statement has a handful of parameters instead of one per value and PostgreSQL plans it once.
 * Identifiers come from the typed column list, never from input; values are parameters.
 */
export async function insertRows<Table extends keyof ServerDatabase>(
  db: Kysely<ServerDatabase> | Transaction<ServerDatabase>,
  table: Table,
  companyId: number,
  columns: ColumnTypes<Table>,
  rows: readonly object[],
  /** An upsert: on a conflict of these columns, these columns take the new row's values. */
  onConflict?: { columns: readonly string[]; update: readonly string[] },
): Promise<void> {
  const entries = Object.entries(columns) as [string, ColumnType][]
  const names = sql.join(entries.map(([name]) => sql.id(name)))
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK) as Record<string, unknown>[]
    const arrays = entries.map(([name, type]) => sql`${arrayLiteral(type, name, chunk)}::${sql.raw(type)}[]`)
    const conflict = onConflict
      ? sql` ON CONFLICT (${sql.join(onConflict.columns.map((c) => sql.id(c)))}) DO UPDATE SET ${sql.join(
          onConflict.update.map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`),
        )}`
      : sql``
    await sql`INSERT INTO ${sql.id(table)} (company_id, ${names})
      SELECT ${companyId}, * FROM unnest(${sql.join(arrays)})${conflict}`.execute(db)
  }
}
