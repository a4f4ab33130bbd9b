import { PERCENT_DECIMALS, roundTo } from './money'

/**
 * Numbers at the precision the Compensation Table shows them, shared by the grid (its text) and the
 * CSV export (its numbers), so the two always agree. Rounding is half away from zero (money.ts).
 */

/** A position in range (0 = minimum, 1 = maximum) as the whole percent shown: 0.4549 → 45. */
export function positionPercent(fraction: number): number {
  return roundTo(fraction * 100)
}

/** A ratio such as the compa ratio, to the two decimals shown. */
export function shownRatio(value: number): number {
  return roundTo(value, 2)
}

/** A percent (salary increase, bonus percent) to the four decimals shown (spec §9). */
export function shownPercent(value: number): number {
  return roundTo(value, PERCENT_DECIMALS)
}

/** The Violations column's text: the worst severity and, beyond one, how many ('Warning (2)'); '' for none. */
export function violationsText(severity: 'none' | 'warning' | 'error', count: number): string {
  if (severity === 'none') return ''
  return `${severity === 'error' ? 'Error' : 'Warning'}${count > 1 ? ` (${count})` : ''}`
}
