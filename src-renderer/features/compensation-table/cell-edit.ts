import type { RewardChanges, TableRow } from '../../../src-shared/contract'
import { parseNumericInput, type NumericInputMode } from '../../../src-shared/domain/input-parsing'
import { fromCents, roundTo, toCents } from '../../../src-shared/domain/money'
import type { TableColumnId } from '../../../src-shared/domain/table-columns'

/** The inputs a planner edits. New salary by dollars or by percent (the 'Salary Increase' column). */
export type EditTarget =
  | 'newSalary'
  | 'salaryIncrease'
  | 'lumpSum'
  | 'bonusDollar'
  | 'bonusPercent'
  | 'comments'
  | 'promotion'
  | 'newJobProfile'

/** One update of `rewards.update`: the employee (TableRow.id) and the changes. */
export interface RewardUpdate {
  employeeId: number
  changes: RewardChanges
}

/** The grid columns a planner may edit, and the input each one edits (bonus: per row, see bonusTarget). */
export const EDITABLE_COLUMNS: Partial<Record<TableColumnId, EditTarget>> = {
  newSalary: 'newSalary',
  salaryIncrease: 'salaryIncrease',
  lumpSum: 'lumpSum',
  bonus: 'bonusDollar',
  comments: 'comments',
  promotion: 'promotion',
  newJobProfile: 'newJobProfile',
}

export function isEditableColumn(column: string): column is TableColumnId {
  return Object.hasOwn(EDITABLE_COLUMNS, column)
}

/** Whether this row's cell in this column takes input (row.editable; bonus also per bonusInputs). */
export function cellEditable(row: TableRow, column: string): boolean {
  if (!row.editable || !isEditableColumn(column)) return false
  if (column === 'bonus')
    return row.bonusInputs.editable && (row.bonusInputs.showDollar || row.bonusInputs.showPercent)
  return true
}

/** Money inputs take currency mode (2 decimals) in the row's currency; percent inputs keep four decimals. */
export function inputMode(target: EditTarget): NumericInputMode | null {
  if (target === 'salaryIncrease' || target === 'bonusPercent') return 'percent'
  if (target === 'comments' || target === 'promotion' || target === 'newJobProfile') return null
  return 'currency'
}

/** The basis a "%" suffix scales (spec §5): the current salary, in currency units. */
export function percentBasis(row: TableRow): number {
  return fromCents(row.currentSalary)
}

/** Salary Increase percent → new salary in cents (current × (100 + p) / 100, to the cent). */
export function newSalaryForPercent(row: TableRow, percent: number): number {
  return roundTo((row.currentSalary * (100 + percent)) / 100)
}

export type EditValue = number | string | boolean | null

/**
 * The reward changes of one committed input. Money values are currency units of the row's currency
 * (the editor shows that currency); percent values are percents.
 */
export function changesFor(target: EditTarget, row: TableRow, value: EditValue): RewardChanges {
  const amount = typeof value === 'number' ? value : null
  switch (target) {
    case 'newSalary':
      return { newSalary: amount === null ? null : toCents(amount) }
    case 'salaryIncrease':
      return { newSalary: amount === null ? null : newSalaryForPercent(row, amount) }
    case 'lumpSum':
      return { lumpSum: amount === null ? null : toCents(amount) }
    case 'bonusDollar':
      return { newDollarBonus: amount === null ? null : toCents(amount) }
    case 'bonusPercent':
      return { newPercentBonus: amount === null ? null : roundTo(amount, 4) }
    case 'comments': {
      const text = typeof value === 'string' ? value.trim() : ''
      return { comments: text === '' ? null : text }
    }
    case 'promotion':
      return { promotion: value === true }
    case 'newJobProfile':
      return { newJobProfileId: amount }
  }
}

const CHANGE_KEYS = [
  'newSalary',
  'newPercentBonus',
  'newDollarBonus',
  'lumpSum',
  'comments',
  'promotion',
  'newJobProfileId',
] as const satisfies readonly (keyof RewardChanges & keyof TableRow)[]

/** The row's current values of the keys `changes` sets: applying them undoes the changes. */
export function inverseChanges(changes: RewardChanges, row: TableRow): RewardChanges {
  const out: Record<string, unknown> = {}
  for (const key of CHANGE_KEYS) if (changes[key] !== undefined) out[key] = row[key]
  return out as RewardChanges
}

/** True when applying the changes would leave the row as it is. */
export function changesNothing(changes: RewardChanges, row: TableRow): boolean {
  return CHANGE_KEYS.every((key) => changes[key] === undefined || changes[key] === row[key])
}

/** Parses the text of a numeric input for a target (spec §5 numeric input; empty → null). */
export function parseEditText(target: EditTarget, row: TableRow, text: string) {
  const mode = inputMode(target) ?? 'number'
  return parseNumericInput(text, {
    mode,
    allowNull: true,
    percentBasis: mode === 'currency' ? percentBasis(row) : null,
  })
}

/** What a cell editor hands back: one input's value, or the bonus editor's two. */
export type CellEditResult =
  | { target: EditTarget; value: EditValue }
  | { target: 'bonus'; dollar?: number | null; percent?: number | null }

function isEditResult(value: unknown): value is CellEditResult {
  return typeof value === 'object' && value !== null && 'target' in value
}

/** The changes of a finished cell edit in a column; null when nothing changes or the value is not ours. */
export function changesFromEdit(column: string, row: TableRow, value: unknown): RewardChanges | null {
  let changes: RewardChanges
  if (column === 'comments' && (typeof value === 'string' || value === null || value === undefined)) {
    changes = changesFor('comments', row, value ?? '')
  } else if (isEditResult(value)) {
    if (value.target === 'bonus') {
      changes = {}
      if (value.dollar !== undefined) Object.assign(changes, changesFor('bonusDollar', row, value.dollar))
      if (value.percent !== undefined) Object.assign(changes, changesFor('bonusPercent', row, value.percent))
    } else {
      changes = changesFor(value.target, row, value.value)
    }
  } else {
    return null
  }
  return Object.keys(changes).length === 0 || changesNothing(changes, row) ? null : changes
}

/** Delete or Backspace on a selected cell: the changes that empty it (null when it cannot be emptied). */
export function clearedChanges(column: string, row: TableRow): RewardChanges | null {
  if (!cellEditable(row, column)) return null
  const target = EDITABLE_COLUMNS[column as TableColumnId]
  if (column === 'bonus')
    return changesFromEdit(column, row, { target: 'bonus', dollar: null, percent: null })
  if (target === 'comments') return changesFromEdit(column, row, null)
  if (target === undefined || target === 'promotion') return null
  return changesFromEdit(column, row, { target, value: null })
}
