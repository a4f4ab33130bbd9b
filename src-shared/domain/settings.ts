import type { CurrencyCode } from './currencies'
import { MAX_POSITION_IN_RANGE_DEFAULT } from './sliders'

export type Severity = 'warning' | 'error'
export type BonusEditableDefault = 'PERCENT' | 'DOLLAR' | 'BOTH'

export const PLANNER_VIOLATION_KEYS = [
  'newSalaryIsBelowMinimumOfPayRange',
  'newSalaryIsAboveMaximumOfPayRange',
  'aboveBudgetExceeded',
  'subPlannerNotSubmitted',
] as const
export type PlannerViolationKey = (typeof PLANNER_VIOLATION_KEYS)[number]

export interface ProrationRule {
  proration_value: 'hire_date' | 'previous_increase'
  comparison: '>=' | 'between'
  /** One ISO date for '>=', a pair for 'between'. */
  date: string | [string, string]
  /** Percent; 100 means fully prorated out. */
  prorate_amount: number
}

export interface PerformanceRating {
  label: string
  max_rating: number
}

/** Pay cycle settings, spec §3 (administration document). */
export interface PayCycleSettings {
  includeMerit: boolean
  includePerformance: boolean
  includePositionInRange: boolean
  allowPIROverOne: boolean
  noMaxPIRLimit: boolean
  includeCostOfLabor: boolean
  separateBudgets: boolean
  includeBonus: boolean
  bonusAmountEditable: boolean
  includeCommission: boolean
  includeStock: boolean
  includeLumpSum: boolean
  bonusEditableDefault: BonusEditableDefault
  bonusOnTotalCashBasis: boolean
  maxPercentIncrease: number | null
  minPercentIncrease: number | null
  /** A rating label. */
  minimumPerformance: string | null
  minPerformanceMaxPIR: number
  prioritizePayMin: boolean
  prorationRules: ProrationRule[]
  /** Unset keys are ignored. */
  plannerViolations: Partial<Record<PlannerViolationKey, Severity>>
  performanceRatings: PerformanceRating[]
}

export const DEFAULT_PAY_CYCLE_NAME = 'Default Configuration'

/** Defaults the spec names (bonusEditableDefault BOTH, minPerformanceMaxPIR 0.5, prioritizePayMin true); the rest are ours. */
export const DEFAULT_SETTINGS: PayCycleSettings = {
  includeMerit: true,
  includePerformance: true,
  includePositionInRange: true,
  allowPIROverOne: false,
  noMaxPIRLimit: false,
  includeCostOfLabor: false,
  separateBudgets: false,
  includeBonus: true,
  bonusAmountEditable: true,
  includeCommission: false,
  includeStock: false,
  includeLumpSum: true,
  bonusEditableDefault: 'BOTH',
  bonusOnTotalCashBasis: false,
  maxPercentIncrease: null,
  minPercentIncrease: null,
  minimumPerformance: null,
  minPerformanceMaxPIR: MAX_POSITION_IN_RANGE_DEFAULT,
  prioritizePayMin: true,
  prorationRules: [],
  plannerViolations: {},
  performanceRatings: [],
}

export type CurrencyConversions = Partial<Record<CurrencyCode, number>>
