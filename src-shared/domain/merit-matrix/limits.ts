import type { Limits } from './allocate'
import type { MatrixEmployee, MatrixRequest, MatrixSettings } from './types'

/** Fully prorated: the spec's 100%. */
const FULL_PRORATION = 100

/** On a performance plan or fully prorated: no increase at all. */
export function isEligible(e: Pick<MatrixEmployee, 'performancePlan' | 'prorationPercent'>): boolean {
  return !e.performancePlan && !(e.prorationPercent >= FULL_PRORATION)
}

/** What is left of a merit increase after proration (a 50% proration halves it). */
export function meritShare(prorationPercent: number): number {
  const percent = Number.isFinite(prorationPercent) ? prorationPercent : 0
  return 1 - Math.min(Math.max(percent, 0), FULL_PRORATION) / FULL_PRORATION
}

/**
 * The highest position in range an increase may reach: max_position_in_range, at most 1 unless
 * allowPIROverOne; no limit with noMaxPIRLimit; and at most minPerformanceMaxPIR for ratings at or
 * below minimumPerformance.
 */
export function maxPositionFor(
  settings: MatrixSettings,
  request: Pick<MatrixRequest, 'max_position_in_range'>,
  atMinimumPerformance: boolean,
): number {
  let limit = settings.noMaxPIRLimit
    ? Number.POSITIVE_INFINITY
    : settings.allowPIROverOne
      ? request.max_position_in_range
      : Math.min(request.max_position_in_range, 1)
  if (atMinimumPerformance) limit = Math.min(limit, settings.minPerformanceMaxPIR)
  return limit
}

/**
 * An employee's limits in cents (allocate.ts): catch-up to the range minimum first (prioritizePayMin),
 * then merit up to the position-in-range cap and maxPercentIncrease, and at least minPercentIncrease
 * (prorated) unless a cap forbids it. The catch-up itself is never capped: prioritizing pay min means
 * reaching the minimum comes before the percent limit. Not eligible: everything is 0.
 */
export function employeeLimits(
  e: MatrixEmployee,
  range: { min: number; max: number },
  multiplier: number,
  maxPosition: number,
  settings: MatrixSettings,
): Limits {
  if (!isEligible(e)) return { catchUp: 0, floor: 0, cap: 0, weight: 0 }
  const pay = Math.max(0, e.pay)
  const share = meritShare(e.prorationPercent)
  const catchUp = settings.prioritizePayMin && pay < range.min ? range.min - pay : 0
  let cap = Number.POSITIVE_INFINITY
  if (Number.isFinite(maxPosition)) {
    const top = range.max === range.min ? range.min : range.min + maxPosition * (range.max - range.min)
    cap = Math.floor(top) - pay
  }
  if (settings.maxPercentIncrease != null) {
    cap = Math.min(cap, Math.floor((pay * Math.max(0, settings.maxPercentIncrease)) / 100))
  }
  cap = Math.max(catchUp, cap)
  const weight = multiplier * share * pay
  let floor = catchUp
  if (settings.minPercentIncrease != null && share > 0 && settings.minPercentIncrease > 0) {
    floor = Math.max(catchUp, Math.ceil((pay * settings.minPercentIncrease * share) / 100))
  }
  floor = Math.min(floor, cap)
  return { catchUp, floor, cap, weight }
}
