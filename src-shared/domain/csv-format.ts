import { IMPORT_COLUMNS, type ImportField } from './import-format'
import type { Cents } from './money'

/** Writing the employee import format: what the demo CSV and `export` produce, and `import` reads. */

/** RFC 4180 line break. */
export const CSV_EOL = '\r\n'

/**
 * Issue 39: a CSV file the app saves for a user starts with a UTF-8 byte order mark, or Excel on
 * Windows reads "Søren" as "SÃ¸ren". The import drops it when it reads one back.
 */
export const UTF8_BOM = '\uFEFF'

/** The text of a CSV file as saved: with the BOM, once. */
export function withUtf8Bom(csv: string): string {
  return csv.startsWith(UTF8_BOM) ? csv : UTF8_BOM + csv
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Cents as a plain number in currency units: no separators, up to 2 decimals (12345 → '123.45', 1200 → '12'). */
export function plainMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const whole = Math.floor(abs / 100)
  const fraction = abs % 100
  if (fraction === 0) return `${sign}${whole}`
  const digits = String(fraction).padStart(2, '0').replace(/0$/, '')
  return `${sign}${whole}.${digits}`
}

/**
 * Text that a spreadsheet would run as a formula (starting with = + - @, a tab, a carriage return, or
 * a full-width ＝ that some spreadsheets read as =) is written with a leading ' ; the import takes it
 * off again, so import → export → import is the identity.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D]/
const GUARDED_FORMULA_START = /^'[=+\-@\t\r\uFF1D]/

export function escapeFormulaGuard(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

export function unescapeFormulaGuard(text: string): string {
  return GUARDED_FORMULA_START.test(text) ? text.slice(1) : text
}

/** A value in canonical form: `true`/`false`, ISO dates, plain numbers, upper-case currency codes. */
export type CanonicalValue = string | number | boolean | null

const TEXT_FIELDS: ReadonlySet<ImportField> = new Set(
  IMPORT_COLUMNS.filter((c) => c.type === 'string' || c.type === 'email').map((c) => c.field),
)

function cell(field: ImportField, value: CanonicalValue): string {
  if (value === null) return ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = String(value)
  return csvField(TEXT_FIELDS.has(field) ? escapeFormulaGuard(text) : text)
}

export function importHeaderLine(): string {
  return IMPORT_COLUMNS.map((c) => csvField(c.header)).join(',')
}

/** One employee as a line of the import CSV (no line break), columns in the spec's order. */
export function importLine(record: Record<ImportField, CanonicalValue>): string {
  return IMPORT_COLUMNS.map((c) => cell(c.field, record[c.field])).join(',')
}
