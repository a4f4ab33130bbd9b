import { canConvert, convertCents, withDefaultRate } from '../currency-conversion'
import type { Cents } from '../money'
import type { CurrencyContext } from '../violations'
import type { MatrixEmployee } from './types'

/** One employee as the desktop's table and the company server hold them, before the engine's view. */
export interface MatrixSourceEmployee {
  id: number
  companyEmployeeId: string
  name: string
  performanceRating: number | null
  performancePlan: boolean
  /** The employee's pay cycle; null follows the current one. */
  payCycleId: number | null
  payCurrency: string
  /** Current annual pay in the pay's currency (pay.ts `annualPay`). */
  currentAnnualPay: Cents
  /** The pay range on the employee's pay basis (pay.ts `rangeOnPayBasis`), in the pay's currency. */
  bounds: { min: Cents; max: Cents } | null
  /** proration.ts's percent for the employee. */
  prorationPercent: number
}

/** Whether calculate-matrix counts the employee: in the current pay cycle, or in none. */
export function inMatrixPayCycle(
  employee: Pick<MatrixSourceEmployee, 'payCycleId'>,
  payCycleId: number,
): boolean {
  return employee.payCycleId == null || employee.payCycleId === payCycleId
}

/**
 * The engine's rows: current annual pay and the range converted to the default currency. A range
 * whose currency has no rate has no bounds, and pay without a rate to the default currency cannot
 * share the budget: either way the employee is in no column. The rates are prepared once.
 */
export function matrixEmployeeMapper(
  currency: CurrencyContext,
): (employee: MatrixSourceEmployee) => MatrixEmployee {
  const { defaultCurrency } = currency
  const rates = withDefaultRate(defaultCurrency, currency.rates)
  return (employee) => {
    const from = employee.payCurrency
    const toDefault = (cents: Cents) => convertCents(cents, from, defaultCurrency, rates)
    const convertible = canConvert(from, defaultCurrency, rates)
    const bounds = convertible ? employee.bounds : null
    return {
      ...(convertible ? {} : { noRate: { currency: from, pay: employee.currentAnnualPay } }),
      id: employee.id,
      employeeId: employee.companyEmployeeId,
      name: employee.name,
      rating: employee.performanceRating,
      pay: toDefault(employee.currentAnnualPay),
      range: bounds ? { min: toDefault(bounds.min), max: toDefault(bounds.max) } : null,
      performancePlan: employee.performancePlan,
      prorationPercent: employee.prorationPercent,
    }
  }
}
