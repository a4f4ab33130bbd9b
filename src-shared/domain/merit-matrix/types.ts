import type { MissingRates } from '../missing-rates'
import type { Cents } from '../money'
import type { PayCycleSettings } from '../settings'
import type { PositionBand } from './bands'

/**
 * One employee as the engine sees them. Money is annual cents in the pay cycle's default currency, so
 * employees paid in different currencies share one budget.
 */
export interface MatrixEmployee {
  /** Unique; ties are broken by it, so the answer never depends on the order of the rows. */
  id: number
  /** The company's Employee Id (cell_data's {product}_employee_id). */
  employeeId: string
  name: string
  /** performance_rating; null puts the employee in no row. */
  rating: number | null
  /** Current annual pay. */
  pay: Cents
  /** The pay range on the employee's pay basis (converted, annual, fte-scaled); null: in no column. */
  range: { min: Cents; max: Cents } | null
  /** On a Performance Improvement Plan: no increase. */
  performancePlan: boolean
  /** Pay whose currency has no rate to the default currency (its pay and range are then 0 and null). */
  noRate?: { currency: string; pay: Cents }
  /** Proration percent, 0–100, as proration.ts works it out (100: not eligible). */
  prorationPercent: number
}

/** The pay-cycle settings the engine reads (administration document §3). */
export type MatrixSettings = Pick<
  PayCycleSettings,
  | 'includePerformance'
  | 'includePositionInRange'
  | 'allowPIROverOne'
  | 'noMaxPIRLimit'
  | 'maxPercentIncrease'
  | 'minPercentIncrease'
  | 'minimumPerformance'
  | 'minPerformanceMaxPIR'
  | 'prioritizePayMin'
  | 'performanceRatings'
>

/** A cell: row (rating, lowest first) and column (band, 0.0 first), counted from 0. */
export interface MatrixCell {
  row: number
  column: number
}

/** POST /calculate-matrix/'s payload (spec §7), with the budget in cents. */
export interface MatrixRequest {
  performance_multiplier_priority: number
  position_in_range_priority: number
  /** 1.0–5.0. */
  max_position_in_range: number
  desired_budget: Cents
  cell: MatrixCell | null
}

type Bands<T> = { [B in PositionBand]: T }

/** A row of a percent matrix: percent numbers (3.5 is 3.5%). */
export type PercentRow = { 'Performance Rating': string; 'Percentage Increase': number | null } & Bands<
  number | null
>
export type CurrentCountRow = {
  'Performance Rating': string
  'Old Aggregate Position in Range': number | null
  'Position in Range Standard Deviation': number | null
} & Bands<number>
export type NewCountRow = {
  'Performance Rating': string
  'New Aggregate Position in Range': number | null
  'Position in Range Standard Deviation': number | null
} & Bands<number>

/** One employee of the selected cell (spec §2 columns, plus {product}_employee_id). Money in cents. */
export interface CellEmployee {
  employee_name: string
  annualized_current_base_pay: Cents
  recommended_pay_increase_dollar: Cents
  recommended_pay_increase_percent: number
  performance_rating: number | null
  current_position_in_range: number
  new_position_in_range: number | null
  meritbook_employee_id: string
}

/** What the engine recommends for one placed employee. */
export interface EmployeeAllocation {
  id: number
  employeeId: string
  rating: number | null
  row: number
  column: number
  newColumn: number
  /** Annual increase, default currency, cents. */
  increase: Cents
  /** increase ÷ current pay × 100, four decimals. */
  increasePercent: number
  currentPositionInRange: number
  newPositionInRange: number | null
  /** False on a performance plan or fully prorated. */
  eligible: boolean
}

export interface MeritMatrix {
  /** Row labels, lowest rating first. */
  performance_ratings: string[]
  position_bands: PositionBand[]
  /** Per cell, what its real employees get: Σ increases ÷ Σ current pay × 100 (null when empty). */
  calculated_hyperbalance_matrix: PercentRow[]
  /** The merit matrix: per cell, the percent an eligible, unprorated employee gets below every cap. */
  hyperbalance_matrix: PercentRow[]
  current_count_matrix: CurrentCountRow[]
  /** Counts by the band each employee's new pay reaches. */
  new_count_matrix: NewCountRow[]
  /** The selected cell's employees by name; empty without a cell. */
  cell_data: CellEmployee[]
  budget_used: Cents
  desired_budget: Cents
  /** The most the limits (caps, eligibility) let the matrix spend; null when nothing caps it. */
  budget_capacity: Cents | null
  /** Employees in no cell, by cause: without a rating, without a rate for their pay's currency, without a pay range. */
  unplaced: { noRating: number; noRange: number; noRate: number }
  /** Every employee whose pay has no rate to the default currency, and their pay (issue 36). */
  missing_rates: MissingRates
  /** Every placed employee, by id. */
  allocations: EmployeeAllocation[]
}
