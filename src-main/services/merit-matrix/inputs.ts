import {
  inMatrixPayCycle,
  matrixEmployeeMapper,
  type MatrixEmployee,
} from '../../../src-shared/domain/merit-matrix'
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
  const employees: MatrixEmployee[] = []
  const rows: RowState[] = []
  const payCycleId = model.payCycle.id
  const toEngine = matrixEmployeeMapper(model.rules.currency)
  for (const row of model.rows) {
    const { e } = row
    if (!inMatrixPayCycle(e, payCycleId)) continue
    employees.push(
      toEngine({
        id: e.id,
        companyEmployeeId: e.companyEmployeeId,
        name: e.name,
        performanceRating: e.performanceRating,
        performancePlan: e.performancePlan,
        payCycleId: e.payCycleId,
        payCurrency: e.defaultPayCurrency,
        currentAnnualPay: row.currentAnnualPay,
        bounds: row.range?.bounds ?? null,
        prorationPercent: row.proration.percent,
      }),
    )
    rows.push(row)
  }
  const inputs = { employees, rows }
  cache.set(model, { version: model.version, inputs })
  return inputs
}
