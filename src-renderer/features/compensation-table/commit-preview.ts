import type { TableRow } from '../../../src-shared/contract'
import { formatMoney, toCents } from '../../../src-shared/domain/money'
import { newSalaryForPercent } from './cell-edit'

/** An increase as a reader scans it: one decimal, always signed ("+3.0%", "−95.0%"). */
export function signedPercent(percent: number): string {
  const text = `${Math.abs(percent).toFixed(1)}%`
  if (text === '0.0%') return text
  return percent > 0 ? `+${text}` : `\u2212${text}`
}

/**
 * What the text being typed will commit, shown beside the editor before Enter: spec §5's input
 * rules make "5%" in New Salary mean 5 % of the current salary and "3k" mean 3,000, so the resulting
 * new salary and its increase are spelled out ("→ $9,572.20 (−95.0%)"). Lump sums show their
 * share of the current salary.
 */
export function commitPreview(
  target: 'newSalary' | 'salaryIncrease' | 'lumpSum',
  row: TableRow,
  value: number | null,
): string {
  if (target === 'lumpSum') {
    if (value === null) return '→ no lump sum'
    const cents = toCents(value)
    const share =
      row.currentSalary > 0 ? ` (${signedPercent((cents / row.currentSalary) * 100)} of salary)` : ''
    return `→ ${formatMoney(cents, row.currency)} lump sum${share}`
  }
  if (value === null) return '→ no new salary'
  const cents = target === 'salaryIncrease' ? newSalaryForPercent(row, value) : toCents(value)
  const hourly = row.salaried ? '' : '/hr'
  const increase =
    row.currentSalary > 0
      ? ` (${signedPercent(((cents - row.currentSalary) / row.currentSalary) * 100)})`
      : ''
  return `→ ${formatMoney(cents, row.currency)}${hourly}${increase}`
}
