import type { Cents } from './money'
import { rangeOnPayBasis, type PayBasis, type PayRangeBounds } from './pay'
import type { CurrencyConversions } from './settings'

/** Spec §9: "Near-max threshold 95%". */
export const NEAR_MAX_THRESHOLD = 0.95

export const REQUIRED_TO_REACH_MIN = 'Required to reach min'
export const LEFT_TO_REACH_MAX = 'Left to reach max'

export type PayRangeHintKind = 'belowMin' | 'nearMax'

export interface PayRangeHint {
  kind: PayRangeHintKind
  label: typeof REQUIRED_TO_REACH_MIN | typeof LEFT_TO_REACH_MAX
  /** Cents on the same basis as the pay given: what is missing to reach min, or left below max. */
  amount: Cents
}

// 95 of every 100: compared in integers so 95% of max exactly counts as near max
const NEAR_MAX_PERCENT = Math.round(NEAR_MAX_THRESHOLD * 100)

/**
 * Spec §5 pay range hints for a salary and range bounds on the same basis: 'Required to reach min'
 * when the salary is below min; 'Left to reach max' when it is at least 95% of max and below max. Both
 * show when a narrow range makes both true.
 */
export function payRangeHints(salary: Cents, bounds: { min: Cents; max: Cents }): PayRangeHint[] {
  const hints: PayRangeHint[] = []
  if (salary < bounds.min) {
    hints.push({ kind: 'belowMin', label: REQUIRED_TO_REACH_MIN, amount: bounds.min - salary })
  }
  if (salary < bounds.max && salary * 100 >= bounds.max * NEAR_MAX_PERCENT) {
    hints.push({ kind: 'nearMax', label: LEFT_TO_REACH_MAX, amount: bounds.max - salary })
  }
  return hints
}

/**
 * The hints for an employee's annual pay against the converted range (see `rangeOnPayBasis`); none
 * without a range or when its currency cannot be converted.
 */
export function employeePayRangeHints(
  annualPay: Cents,
  range: PayRangeBounds | null | undefined,
  employee: PayBasis,
  rates: CurrencyConversions,
): PayRangeHint[] {
  const bounds = range ? rangeOnPayBasis(range, employee, rates) : null
  return bounds ? payRangeHints(annualPay, bounds) : []
}
