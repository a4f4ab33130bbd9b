import { canConvert } from './currency-conversion'
import { formatMoney, type Cents } from './money'
import type { CurrencyConversions } from './settings'

/**
 * Pay without a conversion rate (issue 36): the spec converts it to 0, so a figure in the default
 * currency leaves those employees out. Each figure says how many and how much, and how to set it.
 */

/** Employees paid in one currency that has no rate, and their pay in that currency. */
export interface LeftOutForRate {
  currency: string
  employees: number
  payroll: Cents
}

export interface MissingRates {
  employees: number
  /** By currency, in code order. */
  currencies: LeftOutForRate[]
}

export const NO_MISSING_RATES: MissingRates = { employees: 0, currencies: [] }

/** Where a rate is set. */
export const SET_RATE_WAY = 'Set it in Pay Cycle Configuration → currency conversions.'

/** Sums employees left out for want of a rate, by the currency of their pay. */
export function leftOutForRate() {
  const byCurrency = new Map<string, LeftOutForRate>()
  return {
    add(currency: string, pay: Cents): void {
      const left = byCurrency.get(currency) ?? { currency, employees: 0, payroll: 0 }
      left.employees += 1
      left.payroll += pay
      byCurrency.set(currency, left)
    },
    result(): MissingRates {
      const currencies = [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1))
      return { employees: currencies.reduce((n, c) => n + c.employees, 0), currencies }
    },
  }
}

/** Counts the employees whose pay cannot be converted to the default currency, by currency. */
export function missingRatesTally(defaultCurrency: string, rates: CurrencyConversions) {
  const left = leftOutForRate()
  return {
    /** Adds the employee when their pay has no rate; answers whether it was left out. */
    add(payCurrency: string, pay: Cents): boolean {
      if (canConvert(payCurrency, defaultCurrency, rates)) return false
      left.add(payCurrency, pay)
      return true
    },
    result: left.result,
  }
}

/**
 * The warning beside a figure: "2 employees (CA$147,020.00 in CAD) are left out of Eligible payroll:
 * CAD has no conversion rate to USD. Set it in …". Null when none is left out.
 */
export function missingRatesWarning(
  missing: MissingRates,
  figure: string,
  defaultCurrency: string,
): string | null {
  if (missing.employees === 0) return null
  const who = missing.employees === 1 ? '1 employee' : `${missing.employees} employees`
  const pay = missing.currencies
    .map((c) => `${formatMoney(c.payroll, c.currency)} in ${c.currency}`)
    .join(', ')
  const codes = missing.currencies.map((c) => c.currency)
  const list =
    codes.length === 1 ? codes[0] : `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`
  const verb = codes.length === 1 ? 'has' : 'have'
  return `${who} (${pay}) ${missing.employees === 1 ? 'is' : 'are'} left out of ${figure}: ${list} ${verb} no conversion rate to ${defaultCurrency}. ${SET_RATE_WAY}`
}

/**
 * Statements (issue 36): amounts are in the employee's own currency, but the pay range is compared on
 * it; a range in a currency without a rate to the pay's leaves out the range, compa ratio and position.
 */
export interface StatementsMissingRates {
  employees: number
  /** The pay currencies the ranges cannot be converted to, in code order. */
  currencies: string[]
}

export function statementsMissingRatesWarning(missing: StatementsMissingRates): string | null {
  if (missing.employees === 0) return null
  const who =
    missing.employees === 1
      ? "1 employee's statement leaves"
      : `${missing.employees} employees' statements leave`
  return `${who} out the pay range, compa ratio and position in range: no conversion rate from the range's currency to ${missing.currencies.join(', ')}. ${SET_RATE_WAY}`
}
