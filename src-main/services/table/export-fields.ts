import type { SessionUser, TableQuery } from '../../../src-shared/contract'
import { canConvert, convertCents, withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import { roundCentsToMinorUnit } from '../../../src-shared/domain/money'
import type { CurrencyConversions } from '../../../src-shared/domain/settings'
import {
  positionPercent,
  shownPercent,
  shownRatio,
  violationsText,
} from '../../../src-shared/domain/shown-values'
import {
  isTableColumnId,
  PER_HOUR_COLUMNS,
  TABLE_COLUMNS,
  type TableColumnId,
} from '../../../src-shared/domain/table-columns'
import { Failure } from '../failure'
import { COLUMN_ACCESS, ratingLabel, SEVERITY_NAMES } from './columns'
import type { RowState, TableModel } from './model'
import { matchRows, resolveView } from './query'
import { rowViolationsFor } from './rows'

/**
 * The table as shown, for its exports (CSV and XLSX): every row the query matches (no paging), in
 * its order, each column as typed values. Money in the chosen currency (the header names it; a row
 * the pay cycle cannot convert stays in its own currency, as on screen, and 'Amounts In' says
 * which), at the shown precision (2 decimals, whole yen), with 'Pay Basis' for the hourly rates the
 * table marks '/hr'; percents as percent numbers under a '(%)' header (positions in range whole, as
 * shown; Salary Increase, Recommended Increase and the bonus percent to 4 decimals); Performance
 * Rating as its label with the number beside it; Bonus as its two inputs, empty when empty.
 */

/** What a column holds: how a writer types and formats it. */
export type FieldKind = 'text' | 'number' | 'money' | 'percent' | 'date'

/** One exported column: a header and each row's value (money in cents, a date as its ISO text). */
export interface ExportField {
  header: string
  kind: FieldKind
  value(row: RowState): string | number | null
  /** Money: the currency the row's amount is in (the chosen one, or the row's own). */
  currency?(row: RowState): string
}

interface Context {
  model: TableModel
  currency: string
  rates: CurrencyConversions
  viewerId: number | null
}

/** The currency a row's amounts are shown in: the chosen one, or the row's own when no rate converts it. */
function shownCurrency(ctx: Context, row: RowState): string {
  const from = row.e.defaultPayCurrency
  return canConvert(from, ctx.currency, ctx.rates) ? ctx.currency : from
}

function money(ctx: Context, label: string, cents: (row: RowState) => number | null): ExportField {
  return {
    header: `${label} (${ctx.currency})`,
    kind: 'money',
    currency: (row) => shownCurrency(ctx, row),
    value: (row) => {
      const value = cents(row)
      if (value === null) return null
      const from = row.e.defaultPayCurrency
      const to = shownCurrency(ctx, row)
      return roundCentsToMinorUnit(convertCents(value, from, to, ctx.rates), to)
    },
  }
}

const percent = (label: string, value: (row: RowState) => number | null): ExportField => ({
  header: `${label} (%)`,
  kind: 'percent',
  value,
})

const PAY_BASIS: ExportField = {
  header: 'Pay Basis',
  kind: 'text',
  value: (row) => (row.e.salaried ? 'Salaried' : 'Hourly'),
}

/** The exported columns of one table column, in order. */
function fieldsOf(ctx: Context, column: TableColumnId): ExportField[] {
  const definition = TABLE_COLUMNS.find((c) => c.id === column)
  const label = definition?.label ?? column
  const { model, viewerId } = ctx
  const position = (get: (row: RowState) => number | null) =>
    percent(label, (row) => {
      const value = get(row)
      return value === null ? null : positionPercent(value)
    })
  switch (column) {
    case 'performanceRating':
      return [
        { header: label, kind: 'text', value: (row) => ratingLabel(model, row) ?? row.e.performanceRating },
        { header: `${label} (number)`, kind: 'number', value: (row) => row.e.performanceRating },
      ]
    case 'currentSalary':
      return [money(ctx, label, (row) => row.e.currentSalary)]
    case 'newSalary':
      return [money(ctx, label, (row) => row.e.newSalary)]
    case 'dollarIncrease':
      return [money(ctx, label, (row) => row.dollarIncrease)]
    case 'lumpSum':
      return [money(ctx, label, (row) => row.e.lumpSum)]
    case 'bonus':
      return [
        money(ctx, label, (row) => row.e.newDollarBonus),
        percent(label, (row) =>
          row.e.newPercentBonus === null ? null : shownPercent(row.e.newPercentBonus),
        ),
      ]
    case 'salaryIncrease':
      return [
        percent(label, (row) => (row.salaryIncrease === null ? null : shownPercent(row.salaryIncrease))),
      ]
    case 'recommendedIncrease':
      return [
        percent(label, (row) =>
          row.e.recommendedIncreasePer === null ? null : shownPercent(row.e.recommendedIncreasePer),
        ),
      ]
    case 'currentPayInRange':
    case 'positionInRange':
      return [position((row) => row.positionInRange)]
    case 'newFitInRange':
      return [position((row) => row.newPositionInRange)]
    case 'compaRatio':
      return [
        {
          header: label,
          kind: 'number',
          value: (row) => (row.compaRatio === null ? null : shownRatio(row.compaRatio)),
        },
      ]
    case 'promotion':
      return [{ header: label, kind: 'text', value: (row) => (row.e.promotion ? 'Yes' : 'No') }]
    case 'violations':
      return [
        {
          header: label,
          kind: 'text',
          value: (row) =>
            violationsText(
              SEVERITY_NAMES[model.viewerSeverity(row, viewerId)],
              rowViolationsFor(model, row, viewerId).length,
            ),
        },
        {
          header: 'Violation Messages',
          kind: 'text',
          value: (row) =>
            rowViolationsFor(model, row, viewerId)
              .map((v) => v.message)
              .join('; '),
        },
      ]
    default: {
      const access = COLUMN_ACCESS[column]
      return [
        {
          header: label,
          kind: definition?.type === 'date' ? 'date' : 'text',
          value: (row) => {
            const value = access.value(row, model, viewerId)
            return typeof value === 'string' ? value : null
          },
        },
      ]
    }
  }
}

const MONEY_COLUMNS: ReadonlySet<TableColumnId> = new Set(
  TABLE_COLUMNS.filter((c) => c.money).map((c) => c.id),
)

export interface ExportInput {
  query: Omit<TableQuery, 'offset' | 'limit'>
  columns: readonly string[]
  currency: string
}

/** The exported columns and rows of the table as shown. */
export function exportedTable(
  model: TableModel,
  user: SessionUser,
  input: ExportInput,
): { fields: ExportField[]; rows: RowState[] } {
  const unknown = input.columns.filter((c) => !isTableColumnId(c))
  if (unknown.length > 0) throw new Failure('BAD_INPUT', `Unknown column: ${unknown.join(', ')}.`)
  const columns = input.columns as TableColumnId[]
  const view = resolveView(model, user, input.query.viewAsEmployeeId)
  const matched = matchRows(model, view, input.query)
  const { defaultCurrency, rates } = model.rules.currency
  const ctx: Context = {
    model,
    currency: input.currency,
    rates: withDefaultRate(defaultCurrency, rates),
    viewerId: view.viewerId,
  }

  const fields: ExportField[] = []
  for (const column of columns) {
    fields.push(...fieldsOf(ctx, column))
    // The '/hr' the table shows on hourly rates, once, after the first column in that unit (issue 36).
    if (PER_HOUR_COLUMNS.has(column) && !fields.includes(PAY_BASIS)) {
      fields.push(PAY_BASIS)
    }
  }
  const rows = Array.from(matched, (index) => model.rows[index])
  if (
    columns.some((column) => MONEY_COLUMNS.has(column)) &&
    rows.some((row) => shownCurrency(ctx, row) !== ctx.currency)
  ) {
    fields.push({ header: 'Amounts In', kind: 'text', value: (row) => shownCurrency(ctx, row) })
  }
  return { fields, rows }
}
