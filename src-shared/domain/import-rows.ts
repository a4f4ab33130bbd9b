import { unescapeFormulaGuard } from './csv-format'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from './import-format'
import {
  isImportNullToken,
  missingFieldError,
  parseImportColumnValue,
  parseMoneyCents,
  type ImportValue,
} from './import-values'

/**
 * One import row, parsed by the spec's value rules. Rows are string arrays aligned with
 * IMPORT_COLUMNS ('' where the file has no such column). Money columns become exact cents.
 */

export const MONEY_FIELDS: ReadonlySet<ImportField> = new Set([
  'currentBasePay',
  'minPay',
  'midPay',
  'maxPay',
])
export const COLUMN_INDEX: ReadonlyMap<ImportField, number> = new Map(
  IMPORT_COLUMNS.map((c, i) => [c.field, i]),
)

export interface ImportCellError {
  field: ImportField
  code: string
  message: string
}

export interface ParsedImportRow {
  values: ImportRow
  errors: ImportCellError[]
}

type CellResult = { ok: true; value: ImportValue } | { ok: false; code: string; message: string }
type CellParser = (raw: string, row: number, today: string) => CellResult

function moneyParser(): CellParser {
  return (raw) => {
    if (isImportNullToken(raw)) return { ok: true, value: 0 }
    const cents = parseMoneyCents(raw)
    if (cents === null) return { ok: false, code: 'InvalidNumber', message: 'Invalid number' }
    if (cents < 0) return { ok: false, code: 'NegativeAmount', message: 'Amounts cannot be negative' }
    return { ok: true, value: cents }
  }
}

/** Text cells are the bulk of an import: trimmed, the export's formula guard taken off, null tokens → default. */
function textParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const fallback = 'default' in column ? (column.default as ImportValue) : null
  const required = column.required && !('default' in column)
  return (raw, row) => {
    if (isImportNullToken(raw))
      return required ? missingFieldError(column.field, row) : { ok: true, value: fallback }
    return { ok: true, value: unescapeFormulaGuard(raw.trim()) }
  }
}

/** One parser per column, built once. */
const PARSERS: readonly CellParser[] = IMPORT_COLUMNS.map((column) => {
  if (MONEY_FIELDS.has(column.field)) return moneyParser()
  if (column.type === 'string') return textParser(column)
  return (raw, row, today) => parseImportColumnValue(column, raw, { row, today })
})
const FIELDS: readonly ImportField[] = IMPORT_COLUMNS.map((c) => c.field)

export function parseImportRow(cells: readonly string[], row: number, today: string): ParsedImportRow {
  const values: Record<string, ImportValue> = {}
  const errors: ImportCellError[] = []
  for (let i = 0; i < PARSERS.length; i++) {
    const result = PARSERS[i](cells[i] ?? '', row, today)
    if (result.ok) values[FIELDS[i]] = result.value
    else {
      values[FIELDS[i]] = null
      errors.push({ field: FIELDS[i], code: result.code, message: result.message })
    }
  }
  if (typeof values.age === 'number') values.age = Math.floor(values.age)
  return { values: values as ImportRow, errors }
}

/** The date the 'Hire Date' default (now) stands for. */
export function importToday(now: Date): string {
  return now.toISOString().slice(0, 10)
}
