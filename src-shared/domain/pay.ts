import { canConvert, convertCents } from './currency-conversion'
import { multiplyCents, roundTo, type Cents } from './money'
import type { CurrencyConversions } from './settings'

/** Spec §9: hourly annual pay = rate × 2080 × fte. */
export const HOURS_PER_YEAR = 2080

export interface PaidEmployee {
  /** Salaried: annual salary; hourly: the hourly rate. Cents of the employee's currency. */
  currentSalary: Cents
  salaried: boolean
  /** Full-time equivalent; missing means 1. */
  fte?: number | null
}

/** Annual pay in cents: salaried amounts as they are; hourly rate × 2080 × fte (fte default 1). */
export function annualPay(amount: Cents, salaried: boolean, fte?: number | null): Cents {
  return salaried ? amount : multiplyCents(amount, HOURS_PER_YEAR * (fte ?? 1))
}

export function currentAnnualPay(employee: PaidEmployee): Cents {
  return annualPay(employee.currentSalary, employee.salaried, employee.fte)
}

/** A pay range as stored: cents of its own currency; an hourly range (salaried false) holds hourly rates. */
export interface PayRangeBounds {
  minPay: Cents
  midPay: Cents
  maxPay: Cents
  payCurrency: string
  /** Missing means salaried (annual amounts). */
  salaried?: boolean | null
}

/** The employee a range is compared for: pay currency and fte (missing means 1). */
export interface PayBasis {
  defaultPayCurrency: string
  fte?: number | null
}

/** A range's bounds on the same basis as the employee's annual pay. */
export interface RangeOnPayBasis {
  min: Cents
  mid: Cents
  max: Cents
}

/**
 * One bound on the basis of the employee's annual pay: converted to the pay currency, annualised
 * (× 2080) when the range is hourly, and scaled by the employee's fte, so a part-timer paid the range's
 * rate sits where a full-timer paid that rate sits. 0 when a rate is missing (as conversion gives).
 */
export function boundOnPayBasis(
  bound: Cents,
  range: Pick<PayRangeBounds, 'payCurrency' | 'salaried'>,
  employee: PayBasis,
  rates: CurrencyConversions,
): Cents {
  const converted = convertCents(bound, range.payCurrency, employee.defaultPayCurrency, rates)
  const hours = range.salaried === false ? HOURS_PER_YEAR : 1
  return multiplyCents(converted, hours * (employee.fte ?? 1))
}

/** The range on the employee's pay basis; null when its currency cannot be converted to the pay currency. */
export function rangeOnPayBasis(
  range: PayRangeBounds,
  employee: PayBasis,
  rates: CurrencyConversions,
): RangeOnPayBasis | null {
  if (!canConvert(range.payCurrency, employee.defaultPayCurrency, rates)) return null
  return {
    min: boundOnPayBasis(range.minPay, range, employee, rates),
    mid: boundOnPayBasis(range.midPay, range, employee, rates),
    max: boundOnPayBasis(range.maxPay, range, employee, rates),
  }
}

/**
 * Spec §9: compa ratio = annual pay ÷ converted mid pay (scaled by fte). Spec §5: "counted only when
 * both mid-pays are above 0": the range's own mid pay and the converted mid on the pay basis (which is 0
 * when a rate is missing or fte is 0). Null when not counted or when there is no pay or range.
 */
export function compaRatio(
  pay: Cents | null | undefined,
  range: PayRangeBounds | null | undefined,
  employee: PayBasis,
  rates: CurrencyConversions,
): number | null {
  if (pay == null || !range || !(range.midPay > 0)) return null
  const mid = boundOnPayBasis(range.midPay, range, employee, rates)
  return mid > 0 ? pay / mid : null
}

/**
 * Spec §9: position in range = (pay − min) ÷ (max − min); equal min and max gives 1. Null when max is
 * below min (not a range).
 */
export function positionBetween(pay: Cents, min: Cents, max: Cents): number | null {
  if (max === min) return 1
  if (max < min) return null
  return (pay - min) / (max - min)
}

/** Position in range of an annual pay against the converted range; null without pay, range or rate. */
export function positionInRange(
  pay: Cents | null | undefined,
  range: PayRangeBounds | null | undefined,
  employee: PayBasis,
  rates: CurrencyConversions,
): number | null {
  if (pay == null || !range) return null
  const bounds = rangeOnPayBasis(range, employee, rates)
  return bounds ? positionBetween(pay, bounds.min, bounds.max) : null
}

/**
 * Dollar increase = new pay − current pay (both in the same units); null when there is no new pay. The
 * Compensation Table passes the stored amounts, so an hourly row's increase is per hour like its Current
 * and New Salary (issue 36): current + increase = new on every row, on screen and in the export.
 */
export function dollarIncrease(newPay: Cents | null | undefined, currentPay: Cents): Cents | null {
  return newPay == null ? null : newPay - currentPay
}

/** Salary increase percent = (new − current) ÷ current × 100; null without a new pay or a current pay above 0. */
export function salaryIncreasePercent(newPay: Cents | null | undefined, currentPay: Cents): number | null {
  if (newPay == null || !(currentPay > 0)) return null
  return ((newPay - currentPay) / currentPay) * 100
}

/** New pay from an increase percent: current × (1 + percent ÷ 100), rounded to a whole cent. */
export function newPayFromPercent(currentPay: Cents, percent: number): Cents {
  return roundTo((currentPay * (100 + percent)) / 100)
}
