import type { MatrixAnswer, SavedMatrix } from '../../src-shared/contract'
import { POSITION_BANDS } from '../../src-shared/domain/merit-matrix'
import { formatMoney, fromCents } from '../../src-shared/domain/money'
import { parseBudgetInput } from '../../src-shared/domain/team-budget'
import type { Flags, Output } from './commands'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

function required(flags: Flags, name: string): string {
  const value = flags[name]
  if (typeof value !== 'string') throw new UsageError(`matrix needs --${name} <value>.`)
  return value
}

function numberIn(text: string, flag: string, min: number, max: number): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`--${flag} must be a number from ${min} to ${max}, not "${text}".`)
  return value
}

function cellOf(text: string | undefined): { row: number; column: number } | null {
  if (text === undefined) return null
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text)
  if (!match || Number(match[2]) >= POSITION_BANDS.length)
    throw new UsageError(
      `--cell must be <row>,<col> counted from 0 (rating lowest first, band 0 = '0.0' … 10 = '1.0'), not "${text}".`,
    )
  return { row: Number(match[1]), column: Number(match[2]) }
}

/** The answer with money in units of the default currency (as `budget --recommended` prints it). */
function inUnits(answer: MatrixAnswer) {
  const units = (cents: number | null) => (cents === null ? null : fromCents(cents))
  return {
    ...answer,
    budget_used: fromCents(answer.budget_used),
    desired_budget: fromCents(answer.desired_budget),
    budget_capacity: units(answer.budget_capacity),
    company_merit_budget: units(answer.company_merit_budget),
    cell_data: answer.cell_data.map((e) => ({
      ...e,
      annualized_current_base_pay: fromCents(e.annualized_current_base_pay),
      recommended_pay_increase_dollar: fromCents(e.recommended_pay_increase_dollar),
    })),
    ...(answer.employees
      ? { employees: answer.employees.map((e) => ({ ...e, increase: fromCents(e.increase) })) }
      : {}),
  }
}

function matrixText(answer: MatrixAnswer, saved: SavedMatrix | null): string {
  const currency = answer.default_currency
  const percent = (v: number | string | null) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '-')
  const header = ['Performance Rating', ...POSITION_BANDS].join('\t')
  const rows = answer.hyperbalance_matrix.map((row) =>
    [row['Performance Rating'], ...POSITION_BANDS.map((band) => percent(row[band]))].join('\t'),
  )
  const lines = [
    `Budget used ${formatMoney(answer.budget_used, currency)} of ${formatMoney(answer.desired_budget, currency)}.`,
    header,
    ...rows,
  ]
  if (answer.cell_total > 0 || answer.cell_data.length > 0)
    lines.push(
      `${answer.cell_total} employees in the cell:`,
      ...answer.cell_data.map(
        (e) =>
          `${e.meritbook_employee_id}\t${e.employee_name}\t${formatMoney(e.recommended_pay_increase_dollar, currency)}\t${e.recommended_pay_increase_percent}%`,
      ),
    )
  if (saved) lines.push(saved.message)
  return lines.join('\n')
}

/**
 * `matrix <file> --budget <amount> --perf-priority <0-100> --pir-priority <0-100> --max-pir <x>
 * [--cell <row>,<col>] [--save] [--per-employee] --json`: calculate-matrix, and with --save the
 * recommendations written to every reward.
 */
export async function matrixCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const budgetText = required(flags, 'budget')
  const budget = parseBudgetInput(budgetText)
  if (budget === null || !Number.isSafeInteger(budget))
    throw new UsageError(`--budget must be an amount such as 250000 or 250,000.50, not "${budgetText}".`)
  const input = {
    performance_multiplier_priority: numberIn(required(flags, 'perf-priority'), 'perf-priority', 0, 100),
    position_in_range_priority: numberIn(required(flags, 'pir-priority'), 'pir-priority', 0, 100),
    max_position_in_range: numberIn(required(flags, 'max-pir'), 'max-pir', 1, 5),
    desired_budget: budget,
    cell: cellOf(typeof flags.cell === 'string' ? flags.cell : undefined),
    per_employee: flags['per-employee'] === true,
  }
  const result = await withSession(file, flags, async (session) => {
    if (!flags.save) return { answer: await session.call('matrix.calculate', input), saved: null }
    const saved = await session.call('matrix.save', input)
    return { answer: saved.matrix, saved }
  })
  if (flags.json) {
    const saved = result.saved
    out.json({
      ...inUnits(result.answer),
      ...(saved
        ? {
            saved: { changeLogId: saved.changeLogId, recommended: saved.recommended, message: saved.message },
          }
        : {}),
    })
  } else out.text(matrixText(result.answer, result.saved))
}
