import type { TableRow } from '../../../src-shared/contract'
import {
  cellEditable,
  changesFor,
  changesNothing,
  inverseChanges,
  parseEditText,
  type EditTarget,
  type RewardUpdate,
} from './cell-edit'

/** A paste made of many updates; one undo step. */
export interface PastePlan {
  updates: RewardUpdate[]
  /** What undo sends back. */
  inverse: RewardUpdate[]
}

export type PasteResult = { ok: true; plan: PastePlan } | { ok: false; message: string }

/** Clipboard text as lines: CRLF or LF, one trailing line break (as spreadsheets copy) dropped. */
export function clipboardLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** New job profiles are chosen from the company's list, one cell at a time (our design). */
export const NO_JOB_PROFILE_PASTE =
  'New job profiles are picked in their cell (Enter opens the list); they cannot be pasted.'

const YES = new Set(['true', 'yes', 'y', '1', 'x'])
const NO = new Set(['false', 'no', 'n', '0', ''])

/** The input a pasted line of a column goes to in this row; bonus: "5%" is the percent, else the amount. */
export function pasteTarget(column: string, row: TableRow, line: string): EditTarget | null {
  switch (column) {
    case 'newSalary':
    case 'salaryIncrease':
    case 'lumpSum':
    case 'comments':
    case 'promotion':
      return column
    case 'bonus': {
      const { showDollar, showPercent } = row.bonusInputs
      if (line.trim().endsWith('%') ? showPercent : !showDollar && showPercent) return 'bonusPercent'
      return showDollar ? 'bonusDollar' : null
    }
    default:
      return null
  }
}

function lineValue(
  target: EditTarget,
  row: TableRow,
  line: string,
): { ok: true; value: number | string | boolean | null } | { ok: false; reason: string } {
  if (target === 'comments') return { ok: true, value: line }
  const text = line.trim()
  if (target === 'promotion') {
    const key = text.toLowerCase()
    if (YES.has(key)) return { ok: true, value: true }
    if (NO.has(key)) return { ok: true, value: false }
    return { ok: false, reason: `'${text}' is not yes or no` }
  }
  // A bonus percent's "%" says which input; the number before it is the percent.
  const body = target === 'bonusPercent' ? text.replace(/%$/, '') : text
  const parsed = parseEditText(target, row, body)
  return parsed.valid ? { ok: true, value: parsed.value } : { ok: false, reason: `'${text}' is not a number` }
}

/**
 * Spec: paste a column of values from a spreadsheet into the focused editable cell and the rows below
 * it on the page. Every line is checked first; any bad line refuses the whole paste, naming the line
 * (1-based). Unchanged values are left out; the rest is one `rewards.update` call and one undo step.
 */
export function planPaste(column: string, rows: readonly TableRow[], text: string): PasteResult {
  if (column === 'newJobProfile') return { ok: false, message: NO_JOB_PROFILE_PASTE }
  const lines = clipboardLines(text)
  if (lines.some((line) => line.includes('\t')))
    return { ok: false, message: 'Paste one column at a time: the clipboard holds several columns.' }
  if (lines.length > rows.length)
    return {
      ok: false,
      message: `The clipboard has ${lines.length} lines but only ${rows.length} rows from here to the end of the page.`,
    }
  const updates: RewardUpdate[] = []
  const inverse: RewardUpdate[] = []
  for (let index = 0; index < lines.length; index += 1) {
    const row = rows[index]
    const line = lines[index]
    const where = `Line ${index + 1} (${row.employeeName})`
    const target = cellEditable(row, column) ? pasteTarget(column, row, line) : null
    if (target === null)
      return { ok: false, message: `${where}: ${row.lockedReason ?? 'this cell cannot be edited.'}` }
    const value = lineValue(target, row, line)
    if (!value.ok) return { ok: false, message: `${where}: ${value.reason}.` }
    const changes = changesFor(target, row, value.value)
    if (changesNothing(changes, row)) continue
    updates.push({ employeeId: row.id, changes })
    inverse.push({ employeeId: row.id, changes: inverseChanges(changes, row) })
  }
  return { ok: true, plan: { updates, inverse } }
}
