import { annualPay, type RangeOnPayBasis } from './pay'
import type { Cents } from './money'
import type { ProrationResult } from './proration'
import { performanceRatingLabel, type RatingBand } from './ratings'

/** What spec §3 "Employee reward (stored)" names beyond the stored columns, derived by the shared rules. */
export interface RewardDerived {
  /** ratings.ts: the cycle's band of the rating; null without a rating or bands. */
  performanceRatingLabel: string | null
  /** Not fully prorated (proration.ts: a performance plan or the cycle's proration rules). */
  eligibleForIncrease: boolean
  /**
   * Annual pay (the new salary when planned, else the current one) minus the range's mid point on
   * the employee's pay basis, in cents; null without a range, a rate or a mid point above 0.
   */
  deltaFromMidPoint: Cents | null
}

export function rewardDerived(input: {
  performanceRating: number | null
  bands: readonly RatingBand[]
  proration: Pick<ProrationResult, 'fullyProrated'>
  newSalary: Cents | null
  currentSalary: Cents
  salaried: boolean
  fte: number | null
  bounds: RangeOnPayBasis | null
}): RewardDerived {
  const pay = annualPay(input.newSalary ?? input.currentSalary, input.salaried, input.fte)
  return {
    performanceRatingLabel: performanceRatingLabel(input.performanceRating, input.bands),
    eligibleForIncrease: !input.proration.fullyProrated,
    deltaFromMidPoint: input.bounds && input.bounds.mid > 0 ? pay - input.bounds.mid : null,
  }
}
