import type { SessionUser, TableQuery } from '../../../src-shared/contract'
import { csvField, CSV_EOL, escapeFormulaGuard, plainMoney } from '../../../src-shared/domain/csv-format'
import { canConvert, convertCents } from '../../../src-shared/domain/currency-conversion'
import { roundCentsToMinorUnit, roundTo } from '../../../src-shared/domain/money'
import { isTableColumnId, TABLE_COLUMNS, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { Failure } from '../failure'
import { COLUMN_ACCESS } from './columns'
import type { RowState, TableModel } from './model'
import { matchRows, resolveView } from './query'
import { rowViolationsFor } from './rows'

/**
 * table.exportCsv: every row the query matches (no paging), in its order, with the chosen columns
 * under their labels. Money is converted to the chosen currency and written as a plain number (up to
 * 2 decimals, whole units for JPY as shown, no separators; empty when a rate is missing); percents and ratios as plain numbers (up
 * to 4 decimals); text guarded against formula injection; the Violations column lists the messages.
 */

const text = (value: string) => csvField(escapeFormulaGuard(value))

function number(value: number): string {
  const rounded = roundTo(value, 4)
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

function cell(
  model: TableModel,
  row: RowState,
  column: TableColumnId,
  currency: string,
  viewerId: number | null,
): string {
  const access = COLUMN_ACCESS[column]
  const value = access.value(row, model, viewerId)
  switch (access.kind) {
    case 'money': {
      const { rates } = model.rules.currency
      const from = row.e.defaultPayCurrency
      if (typeof value !== 'number' || !canConvert(from, currency, rates)) return ''
      return plainMoney(roundCentsToMinorUnit(convertCents(value, from, currency, rates), currency))
    }
    case 'number':
    case 'performance':
      return typeof value === 'number' ? number(value) : ''
    case 'boolean':
      return value === 1 ? 'true' : 'false'
    case 'severity':
      return text(
        rowViolationsFor(model, row, viewerId)
          .map((v) => v.message)
          .join('; '),
      )
    default:
      return typeof value === 'string' ? text(value) : ''
  }
}

export function exportTableCsv(
  model: TableModel,
  user: SessionUser,
  input: { query: Omit<TableQuery, 'offset' | 'limit'>; columns: readonly string[]; currency: string },
): { csv: string; rows: number } {
  const unknown = input.columns.filter((c) => !isTableColumnId(c))
  if (unknown.length > 0) throw new Failure('BAD_INPUT', `Unknown column: ${unknown.join(', ')}.`)
  const columns = input.columns as TableColumnId[]
  const view = resolveView(model, user, input.query.viewAsEmployeeId)
  const matched = matchRows(model, view, input.query)
  const labels = columns.map((id) => TABLE_COLUMNS.find((c) => c.id === id)?.label ?? id)
  const lines = [labels.map(text).join(',')]
  for (const index of matched) {
    const row = model.rows[index]
    lines.push(columns.map((column) => cell(model, row, column, input.currency, view.viewerId)).join(','))
  }
  return { csv: lines.join(CSV_EOL) + CSV_EOL, rows: matched.length }
}
