import type { SessionUser, TableQuery } from '../../../src-shared/contract'
import { csvField, CSV_EOL, escapeFormulaGuard, plainMoney } from '../../../src-shared/domain/csv-format'
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
 * table.exportCsv: every row the query matches (no paging), in its order: what the table shows, as
 * numbers where it shows numbers. Money in the chosen currency (the header names it; a row the pay
 * cycle cannot convert stays in its own currency, as on screen, and 'Amounts In' says which), at the
 * shown precision (2 decimals, whole yen), with 'Pay Basis' for the hourly rates the table marks
 * '/hr' (Current, Dollar Increase and New Salary: current + increase = new on every row); percents as percent numbers under a '(%)' header (positions in range whole, as shown;
 * Salary Increase, Recommended Increase and the bonus percent to 4 decimals); Performance Rating as its label with the
 * number beside it; Bonus as its two inputs, empty when empty; text guarded against formula injection.
 */

const text = (value: string | null) => (value === null ? '' : csvField(escapeFormulaGuard(value)))

function number(value: number | null): string {
  // Stryker disable next-line ConditionalExpression: equivalent, Number.isFinite(null) is false, so a null gets the same '' (docs/testing.md)
  if (value === null || !Number.isFinite(value)) return ''
  // Stryker disable next-line StringLiteral,UnaryOperator: equivalent, every number written is a rating or went through roundTo, never -0, and String(-0) is '0' anyway (docs/testing.md)
  return Object.is(value, -0) ? '0' : String(value)
}

interface Context {
  model: TableModel
  currency: string
  rates: CurrencyConversions
  viewerId: number | null
}

/** One CSV column: a header and each row's cell. */
interface Field {
  header: string
  cell(row: RowState): string
}

/** The currency a row's amounts are shown in: the chosen one, or the row's own when no rate converts it. */
function shownCurrency(ctx: Context, row: RowState): string {
  const from = row.e.defaultPayCurrency
  return canConvert(from, ctx.currency, ctx.rates) ? ctx.currency : from
}

function money(ctx: Context, label: string, cents: (row: RowState) => number | null): Field {
  return {
    header: `${label} (${ctx.currency})`,
    cell: (row) => {
      const value = cents(row)
      if (value === null) return ''
      const from = row.e.defaultPayCurrency
      const to = shownCurrency(ctx, row)
      return plainMoney(roundCentsToMinorUnit(convertCents(value, from, to, ctx.rates), to))
    },
  }
}

const percent = (label: string, value: (row: RowState) => number | null): Field => ({
  header: `${label} (%)`,
  cell: (row) => number(value(row)),
})

const PAY_BASIS: Field = { header: 'Pay Basis', cell: (row) => (row.e.salaried ? 'Salaried' : 'Hourly') }

/** The CSV columns of one table column, in order. */
function fieldsOf(ctx: Context, column: TableColumnId): Field[] {
  const label = TABLE_COLUMNS.find((c) => c.id === column)?.label ?? column
  const { model, viewerId } = ctx
  const position = (get: (row: RowState) => number | null) =>
    percent(label, (row) => {
      const value = get(row)
      return value === null ? null : positionPercent(value)
    })
  switch (column) {
    case 'performanceRating':
      return [
        {
          header: label,
          cell: (row) => text(ratingLabel(model, row)) || number(row.e.performanceRating),
        },
        { header: `${label} (number)`, cell: (row) => number(row.e.performanceRating) },
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
        { header: label, cell: (row) => number(row.compaRatio === null ? null : shownRatio(row.compaRatio)) },
      ]
    case 'promotion':
      return [{ header: label, cell: (row) => (row.e.promotion ? 'Yes' : 'No') }]
    case 'violations':
      return [
        {
          header: label,
          cell: (row) =>
            violationsText(
              SEVERITY_NAMES[model.viewerSeverity(row, viewerId)],
              rowViolationsFor(model, row, viewerId).length,
            ),
        },
        {
          header: 'Violation Messages',
          cell: (row) =>
            text(
              rowViolationsFor(model, row, viewerId)
                .map((v) => v.message)
                .join('; '),
            ),
        },
      ]
    default: {
      const access = COLUMN_ACCESS[column]
      return [
        {
          header: label,
          cell: (row) => {
            const value = access.value(row, model, viewerId)
            return typeof value === 'string' ? text(value) : ''
          },
        },
      ]
    }
  }
}

const MONEY_COLUMNS: ReadonlySet<TableColumnId> = new Set(
  TABLE_COLUMNS.filter((c) => c.money).map((c) => c.id),
)

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
  const { defaultCurrency, rates } = model.rules.currency
  const ctx: Context = {
    model,
    currency: input.currency,
    rates: withDefaultRate(defaultCurrency, rates),
    viewerId: view.viewerId,
  }

  const fields: Field[] = []
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
    fields.push({ header: 'Amounts In', cell: (row) => shownCurrency(ctx, row) })
  }

  const lines = [fields.map((field) => text(field.header)).join(',')]
  for (const row of rows) lines.push(fields.map((field) => field.cell(row)).join(','))
  return { csv: lines.join(CSV_EOL) + CSV_EOL, rows: matched.length }
}
