import { CURRENCY_CODES, type CurrencyCode } from '../../../src-shared/domain/currencies'
import type { Cents } from '../../../src-shared/domain/money'
import {
  DEFAULT_SETTINGS,
  type CurrencyConversions,
  type PayCycleSettings,
  type PerformanceRating,
} from '../../../src-shared/domain/settings'
import { CURRENCY_PROFILES } from './catalog'
import { yearOf } from './dates'
import type { DemoPayCycle } from './model'

/** Ratings 1..5; the last band is 'Greater than or Equals' and repeats the previous max_rating. */
export const DEMO_PERFORMANCE_RATINGS: PerformanceRating[] = [
  { label: 'Unsatisfactory', max_rating: 1.5 },
  { label: 'Needs Improvement', max_rating: 2.5 },
  { label: 'Meets Expectations', max_rating: 3.5 },
  { label: 'Exceeds Expectations', max_rating: 4.5 },
  { label: 'Outstanding', max_rating: 4.5 },
]

/** Spec: the label is the first band whose max_rating exceeds the rating, else the last band. */
export function ratingLabel(
  rating: number,
  bands: readonly PerformanceRating[] = DEMO_PERFORMANCE_RATINGS,
): string {
  const band = bands.find((b) => b.max_rating > rating) ?? bands[bands.length - 1]
  return band.label
}

/** The dates the demo's proration rules and eligibility turn on, relative to the reference date. */
export interface CycleDates {
  /** Last year's merit cycle effective date. */
  lastCycle: string
  /** Hired on or after: fully prorated (100%). */
  newHireCutoff: string
  /** Hired in [start, end]: prorated 50%. */
  partialHireWindow: [string, string]
  /** Last increase on or after: fully prorated. */
  recentIncreaseCutoff: string
  effectiveDate: string
}

export function cycleDates(referenceDate: string): CycleDates {
  const year = yearOf(referenceDate)
  return {
    lastCycle: `${year - 1}-04-01`,
    newHireCutoff: `${year - 1}-10-01`,
    partialHireWindow: [`${year - 1}-07-01`, `${year - 1}-09-30`],
    recentIncreaseCutoff: `${year - 1}-11-01`,
    effectiveDate: `${year}-04-01`,
  }
}

export function demoSettings(dates: CycleDates): PayCycleSettings {
  return {
    ...DEFAULT_SETTINGS,
    maxPercentIncrease: 15,
    minPercentIncrease: 0,
    minimumPerformance: 'Needs Improvement',
    prorationRules: [
      { proration_value: 'hire_date', comparison: '>=', date: dates.newHireCutoff, prorate_amount: 100 },
      {
        proration_value: 'hire_date',
        comparison: 'between',
        date: dates.partialHireWindow,
        prorate_amount: 50,
      },
      {
        proration_value: 'previous_increase',
        comparison: '>=',
        date: dates.recentIncreaseCutoff,
        prorate_amount: 100,
      },
    ],
    plannerViolations: {
      newSalaryIsBelowMinimumOfPayRange: 'warning',
      newSalaryIsAboveMaximumOfPayRange: 'error',
      aboveBudgetExceeded: 'error',
      subPlannerNotSubmitted: 'warning',
    },
    performanceRatings: DEMO_PERFORMANCE_RATINGS.map((r) => ({ ...r })),
  }
}

/** Rates per US dollar for the currencies in use; the default currency first, at 1. */
export function demoConversions(used: ReadonlySet<CurrencyCode>): CurrencyConversions {
  const conversions: CurrencyConversions = { USD: 1 }
  for (const code of CURRENCY_CODES)
    if (code !== 'USD' && used.has(code)) conversions[code] = CURRENCY_PROFILES[code].rate
  return conversions
}

export function demoPayCycle(
  referenceDate: string,
  companyMeritBudget: Cents,
  used: ReadonlySet<CurrencyCode>,
): DemoPayCycle {
  const dates = cycleDates(referenceDate)
  return {
    id: 1,
    name: `FY${yearOf(referenceDate)} Merit Cycle`,
    active: true,
    effectiveDate: dates.effectiveDate,
    companyMeritBudget,
    defaultCurrency: 'USD',
    currencyConversions: demoConversions(used),
    settings: demoSettings(dates),
    updatedAt: `${referenceDate}T09:00:00.000Z`,
  }
}
