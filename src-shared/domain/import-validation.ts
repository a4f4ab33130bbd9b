import type { ImportError, ImportWarning } from '../contract/import-dto'
import { crossRowErrors, type RowCheckError } from './import-checks'
import { dateColumnReading } from './import-dates'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from './import-format'
import { COLUMN_INDEX, parseImportRow, type ImportCellError } from './import-rows'
import { importWarnings } from './import-warnings'

/**
 * An import's rows checked (the desktop's Manage Data and the server's POST /import/data/ alike):
 * each row by the spec's value rules, then the checks across rows.
 */
export interface ValidationContext {
  existingEmployeeIds: ReadonlySet<string>
  existingJobCodes: ReadonlySet<string>
}

export interface Validation {
  values: (ImportRow | null)[]
  /** Per row index, the errors of the row's own cells (a hole when there are none). */
  cellErrors: (readonly ImportCellError[] | undefined)[]
  errors: ImportError[]
  /** Errors per 1-based row, its keys in row order (made from the errors sorted by row). */
  byRow: Map<number, ImportError[]>
  /** What the import lets through but should be looked at, in row order. */
  warnings: ImportWarning[]
}

/** Parses every row by the spec's value rules, then runs the checks across rows. */
export function validateRows(rows: readonly string[][], context: ValidationContext): Validation {
  const values = new Array<ImportRow | null>(rows.length)
  const cellErrors = new Array<readonly ImportCellError[] | undefined>(rows.length)
  for (let index = 0; index < rows.length; index++) parseRow(rows, index, values, cellErrors)
  return checkAcrossRows(rows, values, cellErrors, context)
}

/**
 * The validation after the rows at `changed` (indexes) were edited: only those rows are parsed
 * again, the checks across rows run over all of them. At 100,000 rows an edit then costs the
 * cross-row checks (~0.2 s) instead of a whole validation (~0.6 s).
 */
export function revalidateRows(
  previous: Validation,
  rows: readonly string[][],
  changed: Iterable<number>,
  context: ValidationContext,
): Validation {
  const values = previous.values.slice()
  const cellErrors = previous.cellErrors.slice()
  for (const index of changed) parseRow(rows, index, values, cellErrors)
  return checkAcrossRows(rows, values, cellErrors, context)
}

function parseRow(
  rows: readonly string[][],
  index: number,
  values: Validation['values'],
  cellErrors: Validation['cellErrors'],
): void {
  const parsed = parseImportRow(rows[index], index + 1)
  values[index] = parsed.values
  cellErrors[index] = parsed.errors.length > 0 ? parsed.errors : undefined
}

function checkAcrossRows(
  rows: readonly string[][],
  values: Validation['values'],
  cellErrors: Validation['cellErrors'],
  context: ValidationContext,
): Validation {
  const errors: ImportError[] = []
  const invalidFields: (Set<ImportField> | undefined)[] = []
  const idOf = (index: number) => (rows[index][EMPLOYEE_ID] ?? '').trim()
  const dates = readDateColumns(rows, values)
  // forEach skips the holes of a first validation.
  cellErrors.forEach((cells, index) => {
    const list = cells?.filter((e) => !dates.read.has(`${index}\u0000${e.field}`))
    if (!list || list.length === 0) return
    invalidFields[index] = new Set(list.map((e) => e.field))
    for (const e of list) {
      errors.push({
        row: index + 1,
        header: headerOf(e.field),
        id: idOf(index),
        code: e.code,
        message: e.message,
        consistencyKey: null,
      })
    }
  })
  for (const e of [...crossRowErrors(values, { ...context, invalidFields }), ...dates.errors]) {
    errors.push({
      row: e.row,
      header: headerOf(e.field),
      id: idOf(e.row - 1),
      code: e.code,
      message: e.message,
      consistencyKey: e.consistencyKey,
    })
  }
  errors.sort((a, b) => a.row - b.row || columnOrder(a.header) - columnOrder(b.header))
  const byRow = new Map<number, ImportError[]>()
  for (const e of errors) {
    const list = byRow.get(e.row)
    if (list) list.push(e)
    else byRow.set(e.row, [e])
  }
  const warnings = importWarnings(values).map((w) => ({
    row: w.row,
    header: headerOf(w.field),
    id: idOf(w.row - 1),
    code: w.code,
    message: w.message,
  }))
  return { values, cellErrors, errors, byRow, warnings }
}

const EMPLOYEE_ID = COLUMN_INDEX.get('employeeId') as number
const DATE_FIELDS = IMPORT_COLUMNS.filter((c) => c.type === 'date').map((c) => c.field)

/**
 * Each date column read in one order (import-dates.ts): its slash-written values set in `values`
 * (rows copied, never changed), with the cells so read (whose own parse no longer counts) and the
 * AmbiguousDate errors.
 */
function readDateColumns(
  rows: readonly string[][],
  values: Validation['values'],
): { read: Set<string>; errors: RowCheckError[] } {
  const read = new Set<string>()
  const errors: RowCheckError[] = []
  for (const field of DATE_FIELDS) {
    const column = COLUMN_INDEX.get(field) as number
    for (const c of dateColumnReading(rows.map((cells) => cells[column] ?? '')).corrections) {
      const row = values[c.index]
      if (!row) continue
      if (row[field] !== c.value) values[c.index] = { ...row, [field]: c.value }
      if (c.value === null && !c.error) continue
      read.add(`${c.index}\u0000${field}`)
      if (c.error) errors.push({ row: c.index + 1, field, ...c.error, consistencyKey: null })
    }
  }
  return { read, errors }
}
const HEADERS = new Map(
  IMPORT_COLUMNS.map((c, i) => [c.field as string, { header: c.header as string, order: i }]),
)
const ORDER = new Map([...HEADERS.values()].map((h) => [h.header, h.order]))

function headerOf(field: string): string {
  return HEADERS.get(field)?.header ?? field
}

function columnOrder(header: string): number {
  return ORDER.get(header) ?? -1
}
