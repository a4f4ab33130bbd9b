import type { Cents } from './money'

export type BudgetUsedColor = 'red' | 'orange' | 'green'

/** Spec §9: "Gauge sizes: sm, md, lg, xl, full". */
export const GAUGE_SIZES = ['sm', 'md', 'lg', 'xl', 'full'] as const
export type GaugeSize = (typeof GAUGE_SIZES)[number]

/** Spec §9 thresholds, in percent of the budget. */
export const BUDGET_USED_RED_ABOVE = 100
export const BUDGET_USED_ORANGE_ABOVE = 90

/** Used ÷ budget × 100; null when there is no budget above 0 to measure against. */
export function budgetUsedPercent(used: Cents, budget: Cents | null | undefined): number | null {
  if (budget == null || !(budget > 0)) return null
  // used × 100 first: an exact share such as 90% comes out as exactly 90
  return (used * 100) / budget
}

/** Spec §9: over 100% is red; above 90% is orange; otherwise green (exactly 100% is orange, 90% green). */
export function budgetUsedColor(percent: number): BudgetUsedColor {
  if (percent > BUDGET_USED_RED_ABOVE) return 'red'
  if (percent > BUDGET_USED_ORANGE_ABOVE) return 'orange'
  return 'green'
}

export function isGaugeSize(value: string): value is GaugeSize {
  return (GAUGE_SIZES as readonly string[]).includes(value)
}
