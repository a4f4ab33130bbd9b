import { convertCents, withDefaultRate } from '../currency-conversion'
import { roundTo, type Cents } from '../money'
import { HOURS_PER_YEAR } from '../pay'
import type { CurrencyContext } from '../violations'

/**
 * A reward's recommended_increase from the engine's annual increase (default currency): in the units
 * of the employee's current_salary, that is their pay currency and, for hourly employees, the hourly
 * rate, so new_salary = current_salary + recommended_increase applies the recommendation.
 */
export function recommendedIncreaseInSalaryUnits(
  annualIncrease: Cents,
  employee: { defaultPayCurrency: string; salaried: boolean; fte?: number | null },
  currency: CurrencyContext,
): Cents {
  const rates = withDefaultRate(currency.defaultCurrency, currency.rates)
  const converted = convertCents(annualIncrease, currency.defaultCurrency, employee.defaultPayCurrency, rates)
  if (employee.salaried) return converted
  const hours = HOURS_PER_YEAR * (employee.fte ?? 1)
  return hours > 0 ? roundTo(converted / hours) : 0
}
