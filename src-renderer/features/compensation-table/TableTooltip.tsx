import type { CustomTooltipProps } from 'ag-grid-react'
import type { TableRow } from '../../../src-shared/contract'
import { cellEditable, isEditableColumn } from './cell-edit'
import { SeverityIcon } from './cells'
import { formatDisplayMoney, type DisplayCurrency } from './display-money'

/** Which tooltip a cell has, if any: the grid asks this before showing one. */
export function tooltipKind(
  column: string,
  row: TableRow | undefined,
): 'violations' | 'locked' | 'hints' | null {
  if (!row) return null
  if ((column === 'employeeName' || column === 'violations') && row.violations.length > 0) return 'violations'
  if (isEditableColumn(column) && !cellEditable(row, column) && row.lockedReason) return 'locked'
  if ((column === 'newSalary' || column === 'salaryIncrease') && row.payRangeHints.length > 0) return 'hints'
  return null
}

/**
 * The table's tooltips: the row's violations with a warning or error icon (spec), why a locked cell
 * cannot be edited ('Employee not eligible for an increase.' and the reasons), and the pay range hints
 * ('Required to reach min', 'Left to reach max') of the new salary.
 */
export function TableTooltip(props: CustomTooltipProps<TableRow> & { display: DisplayCurrency }) {
  const row = props.data
  const column = props.colDef && 'colId' in props.colDef ? (props.colDef.colId ?? '') : ''
  const kind = tooltipKind(column, row)
  if (!row || !kind) return null
  if (kind === 'violations')
    return (
      <div className="table-tooltip" data-testid="row-violation-tooltip">
        <ul className="table-tooltip__list">
          {row.violations.map((violation) => (
            <li key={`${violation.rule}:${violation.message}`}>
              <SeverityIcon severity={violation.severity} /> {violation.message}
            </li>
          ))}
        </ul>
      </div>
    )
  if (kind === 'locked')
    return (
      <div className="table-tooltip" data-testid="locked-tooltip">
        {row.lockedReason}
      </div>
    )
  return (
    <div className="table-tooltip" data-testid="pay-range-hints">
      <ul className="table-tooltip__list">
        {row.payRangeHints.map((hint) => (
          <li key={hint.label}>
            {hint.label}: {formatDisplayMoney(hint.amount, row, props.display)}
          </li>
        ))}
      </ul>
    </div>
  )
}
