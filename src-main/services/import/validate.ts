import type { ImportError } from '../../../src-shared/contract'
import { crossRowErrors } from '../../../src-shared/domain/import-checks'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX, parseImportRow } from '../../../src-shared/domain/import-rows'

export interface Validation {
  values: (ImportRow | null)[]
  errors: ImportError[]
  /** Errors per 1-based row. */
  byRow: Map<number, ImportError[]>
}

/** Parses every row by the spec's value rules, then runs the checks across rows. */
export function validateRows(
  rows: readonly string[][],
  context: { existingEmployeeIds: ReadonlySet<string>; existingJobCodes: ReadonlySet<string>; today: string },
): Validation {
  const values: (ImportRow | null)[] = []
  const errors: ImportError[] = []
  const invalidFields: (Set<ImportField> | undefined)[] = []
  const idOf = (index: number) => (rows[index][COLUMN_INDEX.get('employeeId') as number] ?? '').trim()
  rows.forEach((cells, index) => {
    const parsed = parseImportRow(cells, index + 1, context.today)
    values.push(parsed.values)
    if (parsed.errors.length > 0) invalidFields[index] = new Set(parsed.errors.map((e) => e.field))
    for (const e of parsed.errors) {
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
  for (const e of crossRowErrors(values, { ...context, invalidFields })) {
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
  return { values, errors, byRow }
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
