import type { SessionUser } from '../../../src-shared/contract'
import { csvField, CSV_EOL, escapeFormulaGuard, plainMoney } from '../../../src-shared/domain/csv-format'
import { exportedTable, type ExportField, type ExportInput } from './export-fields'
import type { RowState, TableModel } from './model'

/**
 * table.exportCsv: the table as shown (export-fields.ts), as numbers where it shows numbers; money
 * at the shown precision, text guarded against formula injection. The file is written with a UTF-8
 * BOM (csv-format.ts `UTF8_BOM`, where it is saved) so that Excel reads "Søren" as such.
 */

const text = (value: string) => csvField(escapeFormulaGuard(value))

function number(value: number): string {
  return Object.is(value, -0) ? '0' : String(value)
}

function cell(field: ExportField, row: RowState): string {
  const value = field.value(row)
  if (value === null) return ''
  if (typeof value === 'string') return text(value)
  if (!Number.isFinite(value)) return ''
  return field.kind === 'money' ? plainMoney(value) : number(value)
}

export function exportTableCsv(
  model: TableModel,
  user: SessionUser,
  input: ExportInput,
): { csv: string; rows: number } {
  const { fields, rows } = exportedTable(model, user, input)
  const lines = [fields.map((field) => text(field.header)).join(',')]
  for (const row of rows) lines.push(fields.map((field) => cell(field, row)).join(','))
  return { csv: lines.join(CSV_EOL) + CSV_EOL, rows: rows.length }
}
