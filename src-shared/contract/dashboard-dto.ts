import type { BudgetFlow } from '../domain/budget-flow'
import type { BudgetUsedColor } from '../domain/budget-used'
import type { DemographicGrouping } from '../domain/demographics'
import type { Histogram } from '../domain/distribution'
import type { CompaBand, Fit, PositionBand } from '../domain/pay-in-range'
import type { MissingRates } from '../domain/missing-rates'
import type { EquityView } from '../domain/pay-equity'
import type { BoxSummary } from '../domain/statistics'

/**
 * Summary & Dashboard, computed in the main process over the rows the viewer's Compensation Table
 * shows (the same scope and 'View as'): figures, never 100,000 raw rows. Money is cents of the pay
 * cycle's default currency; percents are percent numbers (3.5 is 3.5 %).
 */

export interface CompaGroup {
  name: string
  /** Compa ratios before the planned changes (current pay), and after (new pay, new range). */
  before: BoxSummary | null
  after: BoxSummary | null
}

/** One employee of the recommended-versus-actual table and the top over / under lists. */
export interface IncreaseRow {
  id: number
  companyEmployeeId: string
  name: string
  /** recommended_increase_per. */
  recommended: number
  /** The planned salary increase percent. */
  actual: number
  /** actual − recommended, percent points. */
  difference: number
  comments: string | null
}

export interface DashboardScatter {
  /** Employees with a planned increase and a compa ratio, and how many of them are drawn. */
  total: number
  shown: number
  /** Parallel columns, one entry per point drawn. */
  ids: number[]
  companyEmployeeIds: string[]
  names: string[]
  compaRatios: number[]
  increases: number[]
  /** Every employee of `total` (not only those drawn) by compa-ratio band: the scatter's figures. */
  byCompaBand: { band: CompaBand; count: number; medianIncrease: number | null }[]
}

export interface DashboardSummary {
  scope: {
    /** 'company': every employee (admin roles); 'teams': the viewer's teams, or those of the employee viewed as. */
    kind: 'company' | 'teams'
    label: string
    employees: number
    viewingAs: string | null
  }
  defaultCurrency: string
  compa: Record<DemographicGrouping, CompaGroup[]>
  /** The pay-equity view (beyond the spec) by gender and by race, from the compa-ratio boxes. */
  equity: Record<'gender' | 'race', EquityView>
  budgetUsed: {
    /** The company merit budget, or the viewer's teams' budgets; null when there is none. */
    budget: number | null
    used: number
    percent: number | null
    color: BudgetUsedColor | null
  }
  topOverUnder: { over: IncreaseRow[]; under: IncreaseRow[] }
  increases: {
    planned: number
    unplanned: number
    negative: number
    summary: BoxSummary | null
    skew: number | null
    histogram: Histogram
    narrative: string[]
  }
  scatter: DashboardScatter
  payInRange: {
    bands: { band: PositionBand; current: number; new: number }[]
    fits: { fit: Fit; current: number; new: number }[]
    /** Employees whose range is missing or cannot be converted: no position. */
    noRange: number
  }
  budgetFlow: BudgetFlow
  /** Employees in view whose pay has no conversion rate: their money counts as 0 in every figure (issue 36). */
  missingRates: MissingRates
}

export interface IncreaseTablePage {
  total: number
  rows: IncreaseRow[]
  /** Averages over every row of the table, not only the page. */
  averageRecommended: number | null
  averageActual: number | null
}

/** What `stats` (and the box plots) measure per employee: compa ratio before and after, the planned increase %. */
export const DASHBOARD_METRICS = ['compaRatio', 'newCompaRatio', 'increasePercent'] as const
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number]

/** One metric's box-plot figures by one grouping over the viewer's rows (the CLI's `stats`). */
export interface DashboardStats {
  scope: DashboardSummary['scope']
  metric: DashboardMetric
  grouping: DemographicGrouping
  /** Every group of the rows in view; `summary` is null when none of its employees has a value. */
  groups: { name: string; summary: BoxSummary | null }[]
}
