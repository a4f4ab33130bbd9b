import type { TableRow } from '../../../src-shared/contract'
import { formatBonusPercent } from '../../../src-shared/domain/money'
import {
  formatDisplayMoney,
  formatIncreasePercent,
  formatPosition,
  formatRatio,
  type DisplayCurrency,
} from './display-money'

/** A value as one spreadsheet cell: tabs and line breaks would split it, so they become spaces. */
export function tsvCell(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ')
}

/** Rows of shown values as tab-separated lines (what spreadsheets paste as a range). */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => cells.map(tsvCell).join('\t')).join('\n')
}

/**
 * The Bonus cell as shown: each input the row offers (or holds a value for), '—' for one left empty,
 * joined by ' · ' ("$1,000.00 · —"); '' when both are empty, so an empty bonus copies as an empty cell.
 */
export function bonusText(row: TableRow, display: DisplayCurrency): string {
  const parts: string[] = []
  if (row.bonusInputs.showDollar || row.newDollarBonus !== null)
    parts.push(row.newDollarBonus === null ? '—' : formatDisplayMoney(row.newDollarBonus, row, display))
  if (row.bonusInputs.showPercent || row.newPercentBonus !== null)
    parts.push(row.newPercentBonus === null ? '—' : formatBonusPercent(row.newPercentBonus))
  return parts.every((part) => part === '—') ? '' : parts.join(' · ')
}

/** A cell's value as copied: what the cell shows, as text. */
export function copyText(column: string, row: TableRow, display: DisplayCurrency): string {
  switch (column) {
    case 'currentSalary':
    case 'newSalary':
      return formatDisplayMoney(row[column], row, display, true)
    case 'dollarIncrease':
    case 'lumpSum':
      return formatDisplayMoney(row[column], row, display)
    case 'bonus':
      return bonusText(row, display)
    case 'salaryIncrease':
      return formatIncreasePercent(row.salaryIncrease)
    case 'currentPayInRange':
    case 'positionInRange':
      return formatPosition(row.positionInRange)
    case 'newFitInRange':
      return formatPosition(row.newPositionInRange)
    case 'compaRatio':
      return formatRatio(row.compaRatio)
    case 'recommendedIncrease':
      return formatIncreasePercent(row.recommendedIncrease)
    case 'performanceRating':
      return (
        row.performanceRatingLabel ?? (row.performanceRating === null ? '' : String(row.performanceRating))
      )
    case 'promotion':
      return row.promotion ? 'Yes' : 'No'
    case 'newJobProfile':
      return row.newJobProfile ?? ''
    case 'violations':
      return row.violations.map((v) => v.message).join(' ')
    case 'employeeName':
    case 'manager':
    case 'planner':
    case 'jobTitle':
    case 'comments':
    case 'employeeId':
    case 'team':
    case 'hireDate':
    case 'currency':
      return row[column] ?? ''
    default:
      return ''
  }
}
