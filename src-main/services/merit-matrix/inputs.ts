import { canConvert, convertCents, withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import type { MatrixEmployee } from '../../../src-shared/domain/merit-matrix'
import type { RowState, TableModel } from '../table/model'

/** The engine's rows and the table rows they came from (same order). */
export interface MatrixInputs {
  employees: MatrixEmployee[]
  rows: RowState[]
}

const cache = new WeakMap<TableModel, { version: number; inputs: MatrixInputs }>()

/**
 * The pay cycle's employees (those in it, or without a pay cycle, who follow the current one) as the
 * engine reads them, from the table model: current annual pay and the range on their pay basis
 * converted to the default currency, the rating, the performance plan and the proration the table
 * shows. Kept until the model changes.
 */
export function matrixInputs(model: TableModel): MatrixInputs {
  const cached = cache.get(model)
  if (cached?.version === model.version) return cached.inputs
  const { defaultCurrency } = model.rules.currency
  const rates = withDefaultRate(defaultCurrency, model.rules.currency.rates)
  const toDefault = (cents: number, currency: string) => convertCents(cents, currency, defaultCurrency, rates)
  const employees: MatrixEmployee[] = []
  const rows: RowState[] = []
  const payCycleId = model.payCycle.id
  for (const row of model.rows) {
    const { e } = row
    if (e.payCycleId != null && e.payCycleId !== payCycleId) continue
    const currency = e.defaultPayCurrency
    // A range whose currency has no rate has no bounds, and pay without a rate to the default
    // currency cannot share the budget: either way the employee is in no column.
    const bounds = canConvert(currency, defaultCurrency, rates) ? (row.range?.bounds ?? null) : null
    employees.push({
      id: e.id,
      employeeId: e.companyEmployeeId,
      name: e.name,
      rating: e.performanceRating,
      pay: toDefault(row.currentAnnualPay, currency),
      range: bounds ? { min: toDefault(bounds.min, currency), max: toDefault(bounds.max, currency) } : null,
      performancePlan: e.performancePlan,
      prorationPercent: row.proration.percent,
    })
    rows.push(row)
  }
  const inputs = { employees, rows }
  cache.set(model, { version: model.version, inputs })
  return inputs
}
