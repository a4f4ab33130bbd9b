/**
 * The bulk planner input CSV: one row per employee, the planner's choices for the cycle. Values
 * follow the import's value rules (import-values.ts); money is in currency units.
 */
export const PLAN_COLUMNS = [
  { header: 'Employee Id', field: 'employeeId', type: 'string', required: true },
  { header: 'New Salary', field: 'newSalary', type: 'money', required: false },
  { header: 'New Percent Bonus', field: 'newPercentBonus', type: 'number', required: false },
  { header: 'New Dollar Bonus', field: 'newDollarBonus', type: 'money', required: false },
  { header: 'Lump Sum', field: 'lumpSum', type: 'money', required: false },
  { header: 'Comments', field: 'comments', type: 'string', required: false },
  { header: 'Performance Plan', field: 'performancePlan', type: 'boolean', required: false },
] as const

export type PlanColumn = (typeof PLAN_COLUMNS)[number]
export type PlanHeader = PlanColumn['header']
export type PlanField = Exclude<PlanColumn['field'], 'employeeId'>

/** One employee's planned values; a field is present only when its column is in the file. */
export interface PlanChange {
  newSalary?: number | null
  newPercentBonus?: number | null
  newDollarBonus?: number | null
  lumpSum?: number | null
  comments?: string | null
  performancePlan?: boolean
}
