import type { CurrencyCode } from '../../../src-shared/domain/currencies'
import type { Cents } from '../../../src-shared/domain/money'
import { CURRENCY_PROFILES, CURRENCY_REGION, GRADES, type GradeCode } from './catalog'
import type { Department, JobFamily } from './departments'
import type { DemoJobProfile, DemoPayRange } from './model'
import type { Random } from './random'

/** Hours in a paid year (spec: hourly annual pay = rate × 2080 × fte). */
export const HOURS_PER_YEAR = 2080

function roundTo(cents: number, step: number): Cents {
  return Math.max(step, Math.round(cents / step) * step)
}

/**
 * Pay ranges (one per currency and grade) and job profiles (one per job family, grade and
 * currency), created the first time an employee needs them, so ids follow a deterministic order.
 */
export class PayCatalog {
  readonly payRanges: DemoPayRange[] = []
  readonly jobProfiles: DemoJobProfile[] = []
  private readonly rangeByKey = new Map<string, DemoPayRange>()
  private readonly profileByKey = new Map<string, DemoJobProfile>()
  private readonly rangeById = new Map<number, DemoPayRange>()

  payRange(gradeCode: GradeCode, currency: CurrencyCode): DemoPayRange {
    const key = `${currency} ${gradeCode}`
    const existing = this.rangeByKey.get(key)
    if (existing) return existing
    const grade = GRADES[gradeCode]
    const profile = CURRENCY_PROFILES[currency]
    const step = grade.salaried ? profile.rangeStep : profile.hourlyRangeStep
    const midCents = grade.usdMid * profile.geo * profile.rate * 100
    const range: DemoPayRange = {
      id: this.payRanges.length + 1,
      name: grade.salaried ? key : `${key} Hourly`,
      minPay: roundTo(midCents * (1 - grade.spread), step),
      midPay: roundTo(midCents, step),
      maxPay: roundTo(midCents * (1 + grade.spread), step),
      payCurrency: currency,
      salaried: grade.salaried,
    }
    this.payRanges.push(range)
    this.rangeByKey.set(key, range)
    this.rangeById.set(range.id, range)
    return range
  }

  /** A job profile someone already holds, or undefined (promotions only lead to held profiles, so the CSV imports). */
  heldJobProfile(
    family: JobFamily,
    gradeCode: GradeCode,
    currency: CurrencyCode,
  ): DemoJobProfile | undefined {
    return this.profileByKey.get(`${family.code}-${gradeCode}-${CURRENCY_REGION[currency]}`)
  }

  jobProfile(
    family: JobFamily,
    department: Department,
    gradeCode: GradeCode,
    currency: CurrencyCode,
  ): DemoJobProfile {
    const jobCode = `${family.code}-${gradeCode}-${CURRENCY_REGION[currency]}`
    const existing = this.profileByKey.get(jobCode)
    if (existing) return existing
    const grade = GRADES[gradeCode]
    const profile: DemoJobProfile = {
      id: this.jobProfiles.length + 1,
      jobCode,
      jobProfile: grade.label,
      jobFamily: family.name,
      jobFamilyGroup: department.familyGroup,
      exemptionStatus: grade.salaried,
      payRangeId: this.payRange(gradeCode, currency).id,
    }
    this.jobProfiles.push(profile)
    this.profileByKey.set(jobCode, profile)
    return profile
  }

  rangeOf(profile: DemoJobProfile): DemoPayRange {
    return this.rangeById.get(profile.payRangeId) as DemoPayRange
  }
}

/**
 * A current salary (or hourly rate) around the range mid point: compa ratios spread about 0.97 with a
 * few below the minimum and above the maximum, as in any real company. Salaries of part-timers
 * are scaled by their fte; hourly rates are not.
 */
export function drawPay(range: DemoPayRange, fte: number, random: Random, compaShift = 0): Cents {
  const profile = CURRENCY_PROFILES[range.payCurrency]
  const compa = Math.min(1.3, Math.max(0.76, 0.97 + compaShift + 0.075 * random.normal()))
  if (!range.salaried) return roundTo(range.midPay * compa, profile.hourlyStep)
  return roundTo(range.midPay * compa * fte, profile.salaryStep)
}

/** A planned new salary: current pay raised by `percent`, rounded like the currency's pay. */
export function raisePay(current: Cents, percent: number, range: DemoPayRange): Cents {
  const profile = CURRENCY_PROFILES[range.payCurrency]
  const step = range.salaried ? profile.salaryStep : profile.hourlyStep
  return Math.max(current, roundTo(current * (1 + percent / 100), step))
}

/** Annual pay in US cents (a float), for budgets: hourly rate × 2080 × fte, converted at the demo rates. */
export function annualUsdCents(pay: Cents, salaried: boolean, fte: number, currency: CurrencyCode): number {
  const annual = salaried ? pay : pay * HOURS_PER_YEAR * fte
  return annual / CURRENCY_PROFILES[currency].rate
}

/** Where pay sits in the range, 0 at the minimum and 1 at the maximum (range scaled by fte for salaried). */
export function positionInRange(pay: Cents, range: DemoPayRange, fte: number): number {
  const scale = range.salaried ? fte : 1
  const min = range.minPay * scale
  const max = range.maxPay * scale
  return max === min ? 1 : (pay - min) / (max - min)
}

/** Local-currency cents for a US-dollar amount, rounded to whole units of the currency's pay step. */
export function localAmount(usd: number, currency: CurrencyCode): Cents {
  const profile = CURRENCY_PROFILES[currency]
  return roundTo(usd * profile.rate * 100, profile.salaryStep)
}
