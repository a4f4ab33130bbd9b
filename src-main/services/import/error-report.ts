import type { ImportError } from '../../../src-shared/contract'
import { CSV_EOL, csvField, escapeFormulaGuard } from '../../../src-shared/domain/csv-format'

const COLUMNS = ['Row', 'Employee Id', 'Header', 'Code', 'Message', 'Consistency Key'] as const

/**
 * The errors of an import as a CSV file, one error per line in row order, for whoever fixes the
 * source spreadsheet. Text from the file (ids, keys, messages quoting values) is guarded against
 * running as a spreadsheet formula.
 */
export function importErrorsCsv(errors: readonly ImportError[]): string {
  const text = (value: string) => csvField(escapeFormulaGuard(value))
  const lines = [COLUMNS.join(',')]
  for (const e of errors) {
    const key = e.consistencyKey ? `${e.consistencyKey.field}: ${e.consistencyKey.value}` : ''
    lines.push(
      [String(e.row), text(e.id), text(e.header), text(e.code), text(e.message), text(key)].join(','),
    )
  }
  return lines.join(CSV_EOL) + CSV_EOL
}
