import type { TableRow } from '../../../src-shared/contract'
import { BONUS_NOT_EDITABLE, NO_BONUS, NO_LUMP_SUM } from '../../../src-shared/domain/locks'
import { isTableColumnId, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { columnOf } from './column-config'

/** The pay cycle's switches a cell's refusal depends on. */
export interface CellSwitches {
  includeBonus: boolean
  includeLumpSum: boolean
}

/** Columns the table works out from others: typing there names the column that sets it. */
const CALCULATED: Partial<Record<TableColumnId, string>> = {
  dollarIncrease:
    'Dollar Increase is calculated from the New Salary; type the raise in New Salary or Salary Increase.',
  newFitInRange:
    'New Fit in Range is calculated from the New Salary; type the raise in New Salary or Salary Increase.',
  violations: 'Violations are worked out from the plan; change the plan to clear them.',
}

/**
 * Why this row's cell refuses a new value, typed or pasted; null when it takes one. A locked row says
 * why in the words of its tooltip ('Employee not eligible for an increase.' and the reasons).
 */
export function cellRefusal(column: string, row: TableRow, switches: CellSwitches): string | null {
  if (!isTableColumnId(column)) return null
  const label = columnOf(column).label
  const locked = () =>
    row.editable ? null : (row.lockedReason ?? `${label} cannot be edited for this employee.`)
  switch (column) {
    case 'newSalary':
    case 'salaryIncrease':
    case 'comments':
    case 'promotion':
    case 'newJobProfile':
      return locked()
    case 'lumpSum':
      return switches.includeLumpSum ? locked() : NO_LUMP_SUM
    case 'bonus':
      if (!switches.includeBonus) return NO_BONUS
      if (!row.editable) return locked()
      if (!row.bonusInputs.editable) return BONUS_NOT_EDITABLE
      return row.bonusInputs.showDollar || row.bonusInputs.showPercent ? null : NO_BONUS
    default:
      return CALCULATED[column] ?? `${label} is not edited in the table.`
  }
}
