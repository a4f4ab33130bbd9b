import type { RewardChanges, TableRow } from '../../../src-shared/contract'
import { canConvert, convertCents } from '../../../src-shared/domain/currency-conversion'
import { textRefusal } from '../../../src-shared/domain/free-text'
import { jobProfileLabel, type NamedJobProfile } from '../../../src-shared/domain/job-profiles'
import { PERCENT_DECIMALS, roundTo } from '../../../src-shared/domain/money'
import { parsePastedNumber, pastedUnits, type PastedNumber } from '../../../src-shared/domain/pasted-values'
import { isTableColumnId, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { cellRefusal, type CellSwitches } from './cell-refusal'
import { changesNothing, inverseChanges, newSalaryForPercent, type RewardUpdate } from './cell-edit'
import { copyText } from './clipboard'
import { columnOf } from './column-config'
import { formatIncreasePercent, type DisplayCurrency } from './display-money'

/**
 * Pasting a block of cells (tab-separated, as spreadsheets copy) onto the table: the focused cell is
 * the block's top left; columns follow the table's shown order, rows the view's order past the page
 * (the main process answers them: `table.rowsFrom`). Every cell is checked first; a cell that cannot
 * take its value is refused with the reason and listed, and the other cells are pasted. A value equal to what
 * a cell shows changes nothing, so what the table copies pastes back even over columns that cannot be
 * edited. The rest is one `rewards.update` call and one undo step.
 */

/** A paste made of many updates; one undo step. */
export interface PastePlan {
  updates: RewardUpdate[]
  /** What undo sends back. */
  inverse: RewardUpdate[]
}

/** One cell that cannot take its pasted value. */
export interface PasteProblem {
  /** 1-based row of the pasted block. */
  line: number
  employee: string
  column: string
  reason: string
}

/**
 * A planned paste: what the cells that can take their values do (`plan`), and the cells refused with
 * their reasons. `ok` when no cell was refused; `message` says what happened when some were.
 */
export interface PasteResult {
  ok: boolean
  plan: PastePlan
  problems: PasteProblem[]
  message: string
}

/** A job profile a New Job Profile cell can take. */
export interface PastableJobProfile extends NamedJobProfile {
  id: number
}

/**
 * What a paste needs to know beyond the rows: the shown currency, the pay cycle's switches and the
 * company's job profiles (null while they load).
 */
export interface PasteContext extends CellSwitches {
  display: DisplayCurrency
  jobProfiles: readonly PastableJobProfile[] | null
}

/** rewards.update takes at most this many updates: a larger block is refused before anything. */
export const MAX_PASTE_ROWS = 5000
/** The refusal lists this many cells, then says how many more. */
export const MAX_LISTED_PROBLEMS = 50

/** Pasted before the company's job profiles have arrived. */
export const JOB_PROFILES_LOADING = "The company's job profiles are still loading; paste again in a moment."

const YES = new Set(['true', 'yes', 'y', '1', 'x'])
const NO = new Set(['false', 'no', 'n', '0', ''])
const MAX_CENTS = 1e13
const MAX_COMMENT = 2000
const MAX_BONUS_PERCENT = 1000

/** "Row 3 · Ada Lovelace (E17)" etc. */
export function problemText(problem: PasteProblem): string {
  return `Row ${problem.line} · ${problem.employee} · ${problem.column}: ${problem.reason}`
}

/**
 * The catalogue columns a block of `width` cells covers, from the anchor column rightwards in the
 * order shown; an error message when the block is wider than the columns left.
 */
export function pasteColumns(
  displayed: readonly string[],
  anchor: string,
  width: number,
): { ok: true; columns: TableColumnId[] } | { ok: false; message: string } {
  const shown = displayed.filter(isTableColumnId)
  const start = shown.indexOf(anchor as TableColumnId)
  if (start < 0) return { ok: false, message: 'Select a cell of the table to paste into.' }
  const columns = shown.slice(start, start + width)
  if (columns.length < width) {
    return {
      ok: false,
      message: `The clipboard is ${width} columns wide, but from ${columnOf(shown[start]).label} to the last column there are only ${columns.length}.`,
    }
  }
  return { ok: true, columns }
}

/** The block's size as a person says it: "1 cell", "3 rows", "2 columns × 30 rows". */
export function blockLabel(columns: readonly TableColumnId[], rows: number): string {
  if (columns.length === 1)
    return `Paste into ${columnOf(columns[0]).label}${rows > 1 ? ` (${rows} rows)` : ''}`
  return `Paste of ${columns.length} columns × ${rows} ${rows === 1 ? 'row' : 'rows'}`
}

type CellOutcome = { changes: RewardChanges } | { same: true } | { reason: string }

const same = { same: true } as const
const notANumber = (text: string) => ({ reason: `'${text.trim()}' is not a number.` })

/** Text compared as shown: spaces collapsed, and numbers by value ("$1,200.00" = " $1,200.00 "). */
function sameShown(pasted: string, shown: string): boolean {
  const a = pasted.replace(/\s+/g, ' ').trim()
  const b = shown.replace(/\s+/g, ' ').trim()
  if (a === b) return true
  const x = parsePastedNumber(a)
  const y = parsePastedNumber(b)
  if (x === 'empty' || y === 'empty') return x === y
  if (x === null || y === null) return false
  return (
    pastedUnits(x, PERCENT_DECIMALS) === pastedUnits(y, PERCENT_DECIMALS) &&
    x.percent === y.percent &&
    x.hourly === y.hourly &&
    (x.currency === null || y.currency === null || x.currency === y.currency)
  )
}

/**
 * A pasted amount as cents of the row's currency. A symbol or code of another currency is converted
 * with the pay cycle's rates (the table copies amounts in the shown currency); without one it is in
 * the row's currency, as the editor takes it. '%' means that percent of the current salary (spec §5's
 * percent basis), '/hr' an hourly rate (only for hourly employees).
 */
function amountCents(
  value: PastedNumber,
  text: string,
  row: TableRow,
  ctx: PasteContext,
): { cents: number } | { reason: string } {
  if (value.hourly && row.salaried)
    return { reason: `'${text.trim()}' is an hourly rate; this employee is salaried.` }
  let cents: number | null
  if (value.percent) {
    const percent = pastedUnits(value, PERCENT_DECIMALS)
    cents = percent === null ? null : roundTo((row.currentSalary * percent) / 10 ** PERCENT_DECIMALS / 100)
  } else {
    cents = pastedUnits(value, 2)
    const from = value.currency ?? row.currency
    if (cents !== null && from !== row.currency) {
      const { rates } = ctx.display
      if (!canConvert(from, row.currency, rates)) {
        return {
          reason: `'${text.trim()}' is in ${from}, which the pay cycle has no rate to convert to ${row.currency}.`,
        }
      }
      cents = convertCents(cents, from, row.currency, rates)
    }
  }
  if (cents === null || Math.abs(cents) > MAX_CENTS) return notANumber(text)
  if (cents < 0) return { reason: `'${text.trim()}' is negative; amounts cannot be negative.` }
  return { cents }
}

function moneyCell(
  key: 'newSalary' | 'lumpSum' | 'newDollarBonus',
  text: string,
  row: TableRow,
  ctx: PasteContext,
): CellOutcome {
  const value = parsePastedNumber(text)
  if (value === null) return notANumber(text)
  if (value === 'empty') return { changes: { [key]: null } }
  const amount = amountCents(value, text, row, ctx)
  if (!('cents' in amount)) return amount
  return { changes: { [key]: amount.cents } }
}

function salaryIncreaseCell(text: string, row: TableRow): CellOutcome {
  const value = parsePastedNumber(text)
  if (value === null) return notANumber(text)
  if (value === 'empty') return { changes: { newSalary: null } }
  if (value.currency !== null || value.hourly)
    return { reason: `'${text.trim()}' is an amount; Salary Increase takes a percent.` }
  const units = pastedUnits(value, PERCENT_DECIMALS)
  if (units === null) return notANumber(text)
  const percent = units / 10 ** PERCENT_DECIMALS
  // The percent as shown, pasted back, keeps the new salary to the cent.
  if (formatIncreasePercent(percent) === formatIncreasePercent(row.salaryIncrease)) return same
  const newSalary = newSalaryForPercent(row, percent)
  if (newSalary < 0) return { reason: `'${text.trim()}' would make the new salary negative.` }
  if (newSalary > MAX_CENTS) return notANumber(text)
  return { changes: { newSalary } }
}

function bonusPercentPart(text: string): { percent: number | null } | { reason: string } {
  const value = parsePastedNumber(text)
  if (value === null) return notANumber(text)
  if (value === 'empty') return { percent: null }
  if (value.currency !== null || value.hourly) return notANumber(text)
  const units = pastedUnits(value, PERCENT_DECIMALS)
  if (units === null) return notANumber(text)
  const percent = units / 10 ** PERCENT_DECIMALS
  if (percent < 0) return { reason: `'${text.trim()}' is negative; a bonus cannot be negative.` }
  if (percent > MAX_BONUS_PERCENT) return { reason: `'${text.trim()}' is more than ${MAX_BONUS_PERCENT}%.` }
  return { percent: roundTo(percent, PERCENT_DECIMALS) }
}

/**
 * The Bonus cell as shown: "$1,000.00 · 5.0000%" (both inputs), one of them, or '—' for an input left
 * empty. One value goes to the input its form names ('%': the percent), else the input the row shows.
 */
function bonusCell(text: string, row: TableRow, ctx: PasteContext): CellOutcome {
  const { showDollar, showPercent } = row.bonusInputs
  const parts = text.split('·')
  if (parts.length > 2) return notANumber(text)
  const changes: RewardChanges = {}
  const dollarPart = (part: string): string | null => {
    const outcome = moneyCell('newDollarBonus', part, row, ctx)
    if ('reason' in outcome) return outcome.reason
    if ('changes' in outcome) Object.assign(changes, outcome.changes)
    return null
  }
  const percentPart = (part: string): string | null => {
    const outcome = bonusPercentPart(part)
    if ('reason' in outcome) return outcome.reason
    changes.newPercentBonus = outcome.percent
    return null
  }
  let reason: string | null
  if (parts.length === 2) {
    reason = dollarPart(parts[0]) ?? percentPart(parts[1])
  } else {
    const value = parsePastedNumber(text)
    if (value === 'empty') {
      if (showDollar || row.newDollarBonus !== null) changes.newDollarBonus = null
      if (showPercent || row.newPercentBonus !== null) changes.newPercentBonus = null
      reason = null
    } else if (value?.percent) {
      reason = showPercent
        ? percentPart(text)
        : "'%' bonuses are not offered for this employee; paste an amount."
    } else if (showDollar) {
      reason = dollarPart(text)
    } else {
      reason = percentPart(text)
    }
  }
  return reason === null ? { changes } : { reason }
}

function promotionCell(text: string, row: TableRow): CellOutcome {
  const key = text.trim().toLowerCase()
  const value = YES.has(key) ? true : NO.has(key) ? false : null
  if (value === null) return { reason: `'${text.trim()}' is not yes or no.` }
  return value === row.promotion ? same : { changes: { promotion: value } }
}

/**
 * A New Job Profile cell takes what the table shows ('<job profile> (<job code>)') or a job code
 * alone, in any case; an empty cell clears it.
 */
function jobProfileCell(text: string, ctx: PasteContext): CellOutcome {
  const wanted = text.replace(/\s+/g, ' ').trim().toLowerCase()
  if (wanted === '') return { changes: { newJobProfileId: null } }
  if (ctx.jobProfiles === null) return { reason: JOB_PROFILES_LOADING }
  const byLabel = ctx.jobProfiles.find((profile) => jobProfileLabel(profile).toLowerCase() === wanted)
  const byCode = ctx.jobProfiles.find((profile) => profile.jobCode.toLowerCase() === wanted)
  const profile = byLabel ?? byCode
  if (profile === undefined)
    return {
      reason: `'${text.trim()}' is not a job profile of the company; paste its job code or its name as shown.`,
    }
  return { changes: { newJobProfileId: profile.id } }
}

function commentsCell(text: string): CellOutcome {
  const trimmed = text.trim()
  const refusal = textRefusal('Comments', trimmed)
  if (refusal !== null) return { reason: refusal }
  if (trimmed.length > MAX_COMMENT)
    return { reason: `The comment is longer than ${MAX_COMMENT.toLocaleString('en-US')} characters.` }
  return { changes: { comments: trimmed === '' ? null : trimmed } }
}

/** What one pasted cell does to its row. */
export function pasteCell(
  column: TableColumnId,
  row: TableRow,
  text: string,
  ctx: PasteContext,
): CellOutcome {
  if (sameShown(text, copyText(column, row, ctx.display))) return same
  const locked = cellRefusal(column, row, ctx)
  if (locked !== null) return { reason: locked }
  switch (column) {
    case 'newSalary':
      return moneyCell('newSalary', text, row, ctx)
    case 'lumpSum':
      return moneyCell('lumpSum', text, row, ctx)
    case 'salaryIncrease':
      return salaryIncreaseCell(text, row)
    case 'bonus':
      return bonusCell(text, row, ctx)
    case 'promotion':
      return promotionCell(text, row)
    case 'comments':
      return commentsCell(text)
    case 'newJobProfile':
      return jobProfileCell(text, ctx)
    default:
      return { reason: `${columnOf(column).label} is not edited in the table.` }
  }
}

const FIELD_NAMES: Record<keyof RewardChanges, string> = {
  newSalary: 'the new salary',
  newDollarBonus: 'the bonus',
  newPercentBonus: 'the bonus percent',
  lumpSum: 'the lump sum',
  comments: 'the comment',
  promotion: 'the promotion',
  newJobProfileId: 'the new job profile',
}

/**
 * The whole paste: `cells[i][j]` goes to `rows[i]`, `columns[j]`. Cell by cell: one that cannot take
 * its value keeps what it had and is listed with the reason; the others are planned (one undo step).
 */
export function planBlockPaste(
  columns: readonly TableColumnId[],
  rows: readonly TableRow[],
  cells: readonly (readonly string[])[],
  ctx: PasteContext,
): PasteResult {
  const problems: PasteProblem[] = []
  const updates: RewardUpdate[] = []
  const inverse: RewardUpdate[] = []
  cells.forEach((line, i) => {
    const row = rows[i]
    const employee = `${row.employeeName} (${row.employeeId})`
    const merged: RewardChanges = {}
    // Which column set each field, to name a clash (Salary Increase and New Salary both set the salary).
    const setBy = new Map<keyof RewardChanges, TableColumnId>()
    line.forEach((text, j) => {
      const column = columns[j]
      const outcome = pasteCell(column, row, text, ctx)
      const problem = (reason: string) =>
        problems.push({ line: i + 1, employee, column: columnOf(column).label, reason })
      if ('reason' in outcome) return problem(outcome.reason)
      if (!('changes' in outcome) || changesNothing(outcome.changes, row)) return
      for (const [key, value] of Object.entries(outcome.changes) as [keyof RewardChanges, unknown][]) {
        const earlier = setBy.get(key)
        if (earlier !== undefined && merged[key] !== value) {
          problem(
            `${columnOf(earlier).label} and ${columnOf(column).label} give ${FIELD_NAMES[key]} different values.`,
          )
          return
        }
      }
      for (const key of Object.keys(outcome.changes) as (keyof RewardChanges)[]) setBy.set(key, column)
      Object.assign(merged, outcome.changes)
    })
    if (Object.keys(merged).length === 0 || changesNothing(merged, row)) return
    updates.push({ employeeId: row.id, changes: merged })
    inverse.push({ employeeId: row.id, changes: inverseChanges(merged, row) })
  })
  return {
    ok: problems.length === 0,
    plan: { updates, inverse },
    problems,
    message: pasteMessage(problems, updates.length),
  }
}

/** What a paste did, said once: '' when every cell took its value. */
export function pasteMessage(problems: readonly PasteProblem[], updatedRows: number): string {
  if (problems.length === 0) return ''
  const cells =
    problems.length === 1
      ? '1 cell cannot take its pasted value'
      : `${problems.length} cells cannot take their pasted values`
  if (updatedRows === 0) return `${cells}, so no cell was changed.`
  return `${cells} and kept ${problems.length === 1 ? 'its value' : 'their values'}; the other cells were pasted (${updatedRows} ${updatedRows === 1 ? 'row' : 'rows'} updated, one undo step).`
}
