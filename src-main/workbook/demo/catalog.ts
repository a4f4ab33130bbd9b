import type { CurrencyCode } from '../../../src-shared/domain/currencies'

/** The fixed world of the demo company: grades, departments and job families, offices, currencies. */

export const DEMO_COMPANY_NAME = 'Lakeshore Analytics Inc.'
/** A reserved .example domain, so an invite sent from the demo can never reach a real mailbox. */
export const DEMO_COMPANY_DOMAIN = 'lakeshore-analytics.example'

export type GradeCode =
  'P1' | 'P2' | 'P3' | 'P4' | 'P5' | 'M1' | 'M2' | 'M3' | 'M4' | 'M5' | 'E1' | 'E2' | 'H1' | 'H2' | 'H3'

export interface Grade {
  code: GradeCode
  /** The job profile (level) label. */
  label: string
  salaried: boolean
  /** US mid point in dollars: annual for salaried grades, per hour for hourly ones. */
  usdMid: number
  /** Half width of the range as a fraction of the mid point. */
  spread: number
  /** Target bonus percent (salaried only). */
  bonusPercent: number
  age: readonly [number, number]
}

/** code, level label, US mid point, half spread, target bonus %, age span. */
const GRADE_TABLE: readonly (readonly [GradeCode, string, number, number, number, number, number])[] = [
  ['P1', 'P1 Associate', 64_000, 0.2, 0, 21, 32],
  ['P2', 'P2 Professional', 84_000, 0.2, 5, 23, 45],
  ['P3', 'P3 Senior Professional', 110_000, 0.2, 8, 26, 55],
  ['P4', 'P4 Lead Professional', 140_000, 0.22, 10, 29, 60],
  ['P5', 'P5 Principal', 175_000, 0.22, 12, 32, 64],
  ['M1', 'M1 Manager', 128_000, 0.22, 10, 27, 58],
  ['M2', 'M2 Senior Manager', 152_000, 0.22, 12, 30, 60],
  ['M3', 'M3 Director', 188_000, 0.25, 15, 33, 62],
  ['M4', 'M4 Senior Director', 224_000, 0.25, 20, 36, 63],
  ['M5', 'M5 Vice President', 268_000, 0.25, 25, 38, 64],
  ['E1', 'E1 Executive', 345_000, 0.3, 35, 40, 65],
  ['E2', 'E2 Chief Executive', 460_000, 0.3, 50, 45, 66],
  ['H1', 'H1 Hourly Entry', 19.5, 0.18, 0, 18, 64],
  ['H2', 'H2 Hourly Experienced', 24.5, 0.18, 0, 20, 65],
  ['H3', 'H3 Hourly Senior', 31, 0.18, 0, 23, 66],
]

export const GRADES = Object.fromEntries(
  GRADE_TABLE.map(([code, label, usdMid, spread, bonusPercent, minAge, maxAge]): [GradeCode, Grade] => [
    code,
    { code, label, salaried: !code.startsWith('H'), usdMid, spread, bonusPercent, age: [minAge, maxAge] },
  ]),
) as Record<GradeCode, Grade>

export const IC_GRADES: readonly (readonly [GradeCode, number])[] = [
  ['P1', 15],
  ['P2', 34],
  ['P3', 30],
  ['P4', 15],
  ['P5', 6],
]
export const HOURLY_GRADES: readonly (readonly [GradeCode, number])[] = [
  ['H1', 45],
  ['H2', 38],
  ['H3', 17],
]
/** Manager grades from the lowest management layer up. */
export const MANAGER_GRADES: readonly GradeCode[] = ['M1', 'M2', 'M3', 'M4', 'M5']

/** The grade a promotion leads to. */
export const NEXT_GRADE: Partial<Record<GradeCode, GradeCode>> = {
  P1: 'P2',
  P2: 'P3',
  P3: 'P4',
  P4: 'P5',
  H1: 'H2',
  H2: 'H3',
  M1: 'M2',
  M2: 'M3',
}

export interface CurrencyProfile {
  code: CurrencyCode
  /** Units of the currency per US dollar. */
  rate: number
  /** Local pay level against the US, in dollar terms. */
  geo: number
  /** Rounding steps, in cents: range bounds and salaries (salaried), range bounds and rates (hourly). */
  rangeStep: number
  salaryStep: number
  hourlyRangeStep: number
  hourlyStep: number
}

export const CURRENCY_PROFILES: Record<CurrencyCode, CurrencyProfile> = {
  USD: {
    code: 'USD',
    rate: 1,
    geo: 1,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  CAD: {
    code: 'CAD',
    rate: 1.37,
    geo: 0.82,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  EUR: {
    code: 'EUR',
    rate: 0.92,
    geo: 0.8,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  GBP: {
    code: 'GBP',
    rate: 0.79,
    geo: 0.86,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  JPY: {
    code: 'JPY',
    rate: 151.2,
    geo: 0.7,
    rangeStep: 1_000_000,
    salaryStep: 100_000,
    hourlyRangeStep: 1_000,
    hourlyStep: 100,
  },
  CRC: {
    code: 'CRC',
    rate: 512.5,
    geo: 0.38,
    rangeStep: 1_000_000,
    salaryStep: 100_000,
    hourlyRangeStep: 5_000,
    hourlyStep: 100,
  },
  DOP: {
    code: 'DOP',
    rate: 59.1,
    geo: 0.3,
    rangeStep: 100_000,
    salaryStep: 10_000,
    hourlyRangeStep: 500,
    hourlyStep: 100,
  },
  AUD: {
    code: 'AUD',
    rate: 1.52,
    geo: 0.85,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  PLN: {
    code: 'PLN',
    rate: 3.98,
    geo: 0.45,
    rangeStep: 10_000,
    salaryStep: 100,
    hourlyRangeStep: 25,
    hourlyStep: 1,
  },
  DKK: {
    code: 'DKK',
    rate: 6.87,
    geo: 0.95,
    rangeStep: 100_000,
    salaryStep: 1_000,
    hourlyRangeStep: 100,
    hourlyStep: 1,
  },
}

export interface Office {
  location: string
  currency: CurrencyCode
  weight: number
}

export const HEADQUARTERS = 'Chicago, IL, United States'

export const OFFICES: readonly Office[] = [
  { location: HEADQUARTERS, currency: 'USD', weight: 22 },
  { location: 'New York, NY, United States', currency: 'USD', weight: 10 },
  { location: 'Austin, TX, United States', currency: 'USD', weight: 10 },
  { location: 'Remote, United States', currency: 'USD', weight: 10 },
  { location: 'Toronto, ON, Canada', currency: 'CAD', weight: 8 },
  { location: 'London, United Kingdom', currency: 'GBP', weight: 8 },
  { location: 'Dublin, Ireland', currency: 'EUR', weight: 4 },
  { location: 'Berlin, Germany', currency: 'EUR', weight: 5 },
  { location: 'Tokyo, Japan', currency: 'JPY', weight: 5 },
  { location: 'Sydney, NSW, Australia', currency: 'AUD', weight: 4 },
  { location: 'Kraków, Poland', currency: 'PLN', weight: 5 },
  { location: 'Copenhagen, Denmark', currency: 'DKK', weight: 3 },
  { location: 'San José, Costa Rica', currency: 'CRC', weight: 3 },
  { location: 'Santo Domingo, Dominican Republic', currency: 'DOP', weight: 3 },
]

/** The country part of job codes, per pay currency. */
export const CURRENCY_REGION: Record<CurrencyCode, string> = {
  USD: 'US',
  CAD: 'CA',
  EUR: 'EU',
  GBP: 'GB',
  JPY: 'JP',
  CRC: 'CR',
  DOP: 'DO',
  AUD: 'AU',
  PLN: 'PL',
  DKK: 'DK',
}

export const GENDERS: readonly (readonly [string | null, number])[] = [
  ['Female', 47],
  ['Male', 47],
  ['Non-binary', 2],
  [null, 4],
]

export const RACES: readonly (readonly [string | null, number])[] = [
  ['White', 44],
  ['Asian', 17],
  ['Hispanic or Latino', 15],
  ['Black or African American', 12],
  ['Two or More Races', 4],
  ['American Indian or Alaska Native', 1],
  ['Native Hawaiian or Other Pacific Islander', 1],
  [null, 6],
]

/** Ratings 1..5 as a calibrated distribution. */
export const RATINGS: readonly (readonly [number, number])[] = [
  [1, 4],
  [2, 13],
  [3, 50],
  [4, 25],
  [5, 8],
]

export const OFF_CYCLE_REASONS: readonly (readonly [string, number])[] = [
  ['Promotion', 40],
  ['Market adjustment', 30],
  ['Equity adjustment', 15],
  ['Retention, counter-offer', 10],
  ['Role change, same level', 5],
]
export const MERIT_REASON = 'Annual merit increase'
