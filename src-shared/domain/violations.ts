import { convertCents, withDefaultRate } from './currency-conversion'
import type { Cents } from './money'
import { annualPay, rangeOnPayBasis, type PayBasis, type PayRangeBounds } from './pay'
import type { CurrencyConversions, PayCycleSettings, PlannerViolationKey, Severity } from './settings'

/**
 * Planner violations (spec §5 of both documents). Pay is compared as annual pay (hourly rate × 2080 ×
 * fte) in the employee's currency; the pay range is converted into that currency and annualised the
 * same way (hourly range × 2080 × fte, salaried range × fte), so part-timers meet a part-time range.
 * Budget sums are in the pay cycle's default currency.
 */

export type ViolationRule = 'negativePayChange' | PlannerViolationKey
export type OverallSeverity = Severity | 'none'

export interface Violation {
  rule: ViolationRule
  severity: Severity
  message: string
}

export const VIOLATION_MESSAGES = {
  negativePayChange: 'Pay increase is negative.',
  newSalaryIsBelowMinimumOfPayRange: 'New pay is below the minimum of the pay range.',
  newSalaryIsAboveMaximumOfPayRange: 'New pay is above the maximum of the pay range.',
  aboveBudgetExceeded: 'Total pay exceeds your budget.',
} as const

export const WAITING_FOR_SUBMISSION_FROM = 'Waiting for a submission from '
export const UNNAMED_SUB_PLANNER = 'a sub-planner'

export interface CurrencyContext {
  defaultCurrency: string
  rates: CurrencyConversions
}

export interface PlanEmployee {
  id: number
  /** Salaried: annual salary; hourly: the hourly rate. Cents of `defaultPayCurrency`. */
  currentSalary: Cents
  salaried: boolean
  fte?: number | null
  defaultPayCurrency: string
}

/** A pay range as stored (pay.ts): cents of its own currency; hourly ranges hold hourly rates. */
export type PlanPayRange = PayRangeBounds

const SEVERITY_RANK: Record<OverallSeverity, number> = { none: 0, warning: 1, error: 2 }

export function severityRank(severity: OverallSeverity): number {
  return SEVERITY_RANK[severity]
}

export function worseSeverity(a: OverallSeverity, b: OverallSeverity): OverallSeverity {
  return SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a
}

/** Error over warning over none. */
export function overallSeverity(violations: Iterable<{ severity: Severity }>): OverallSeverity {
  let worst: OverallSeverity = 'none'
  for (const violation of violations) worst = worseSeverity(worst, violation.severity)
  return worst
}

/** negativePayChange is always an error; the others take settings.plannerViolations (unset: ignored). */
export function ruleSeverity(
  rule: ViolationRule,
  plannerViolations: PayCycleSettings['plannerViolations'],
): Severity | null {
  if (rule === 'negativePayChange') return 'error'
  const severity = plannerViolations[rule]
  return severity === 'warning' || severity === 'error' ? severity : null
}

function violation(rule: ViolationRule, severity: Severity | null, message: string): Violation | null {
  return severity ? { rule, severity, message } : null
}

export interface AnnualRange {
  /** Null when the bound is 0 or less (an empty range bound is no bound). */
  min: Cents | null
  mid: Cents | null
  max: Cents | null
}

/**
 * The range on the employee's annual pay basis (pay.ts `rangeOnPayBasis`). Null without a range or
 * when a conversion rate is missing: an unknown range raises no range violation.
 */
export function annualRangeFor(
  employee: PayBasis,
  range: PayRangeBounds | null | undefined,
  currency: CurrencyContext,
): AnnualRange | null {
  if (!range) return null
  const bounds = rangeOnPayBasis(range, employee, withDefaultRate(currency.defaultCurrency, currency.rates))
  if (!bounds) return null
  const positive = (amount: Cents, raw: Cents) => (raw > 0 && amount > 0 ? amount : null)
  return {
    min: positive(bounds.min, range.minPay),
    mid: positive(bounds.mid, range.midPay),
    max: positive(bounds.max, range.maxPay),
  }
}

/** New annual pay: the planned new salary, or the current salary when none is planned. */
export function newAnnualPay(employee: PlanEmployee, reward: { newSalary: Cents | null } | null): Cents {
  return annualPay(reward?.newSalary ?? employee.currentSalary, employee.salaried, employee.fte)
}

export interface RowViolationInput {
  employee: PlanEmployee
  reward: { newSalary: Cents | null } | null
  payRange: PlanPayRange | null
  settings: Pick<PayCycleSettings, 'plannerViolations' | 'prioritizePayMin'>
  currency: CurrencyContext
}

/** The per-row rules: negativePayChange, newSalaryIsBelowMinimumOfPayRange, newSalaryIsAboveMaximumOfPayRange. */
export function rowViolations(input: RowViolationInput): Violation[] {
  const { employee, reward } = input
  const current = annualPay(employee.currentSalary, employee.salaried, employee.fte)
  const next = newAnnualPay(employee, reward)
  return payViolations(
    current,
    next,
    annualRangeFor(employee, input.payRange, input.currency),
    input.settings,
  )
}

/**
 * The per-row rules on annual amounts already worked out: current and new annual pay, and the range
 * on the employee's pay basis (`annualRangeFor`). `rowViolations` uses it, and so does the table
 * model, which works the amounts out once per row (src-main/services/table).
 */
export function payViolations(
  current: Cents,
  next: Cents,
  range: AnnualRange | null,
  settings: RowViolationInput['settings'],
): Violation[] {
  const found: Violation[] = []
  if (next - current < 0) addViolation(found, 'negativePayChange', settings)
  if (settings.prioritizePayMin !== false && range?.min != null && next < range.min)
    addViolation(found, 'newSalaryIsBelowMinimumOfPayRange', settings)
  if (range?.max != null && next > range.max && next > current)
    addViolation(found, 'newSalaryIsAboveMaximumOfPayRange', settings)
  return found
}

/** Adds a rule's violation that applies, unless settings turn the rule off. */
function addViolation(
  found: Violation[],
  rule: 'negativePayChange' | 'newSalaryIsBelowMinimumOfPayRange' | 'newSalaryIsAboveMaximumOfPayRange',
  settings: RowViolationInput['settings'],
): void {
  const made = violation(rule, ruleSeverity(rule, settings.plannerViolations), VIOLATION_MESSAGES[rule])
  if (made) found.push(made)
}

// ── aboveBudgetExceeded (aggregate) ─────────────────────────────────────────────────────────────────

export interface BudgetEmployee extends PlanEmployee {
  currentDollarBonus?: Cents | null
  /** Percent of annual pay (10 = 10%). */
  currentPercentBonus?: number | null
}

export interface BudgetReward {
  newSalary: Cents | null
  lumpSum: Cents | null
  newDollarBonus: Cents | null
  newPercentBonus: number | null
  /** hyperbalance_annual_allocated_budget, in the default currency. */
  hyperbalanceAnnualAllocatedBudget?: Cents | null
}

export type BudgetSettings = Pick<PayCycleSettings, 'includeLumpSum' | 'bonusOnTotalCashBasis'>

/** Dollar bonus plus percent bonus of annual pay, in the employee's currency; a negative percent counts as 0. */
export function bonusCents(
  dollar: Cents | null | undefined,
  percent: number | null | undefined,
  pay: Cents,
): Cents {
  return (dollar ?? 0) + Math.round((pay * Math.max(0, percent ?? 0)) / 100)
}

/**
 * One employee's planned spend in the default currency: the pay increase, plus the lump sum when
 * includeLumpSum, plus the bonus change when bonusOnTotalCashBasis. Each part below 0 counts as 0 (a
 * bonus cut does not pay for a raise). A new bonus left empty keeps the current one.
 */
export function plannedSpend(
  employee: BudgetEmployee,
  reward: BudgetReward | null,
  settings: BudgetSettings,
  currency: CurrencyContext,
): Cents {
  if (!reward) return 0
  const current = annualPay(employee.currentSalary, employee.salaried, employee.fte)
  const next = newAnnualPay(employee, reward)
  let spend = Math.max(0, next - current)
  if (settings.includeLumpSum) spend += Math.max(0, reward.lumpSum ?? 0)
  if (settings.bonusOnTotalCashBasis) {
    const before = bonusCents(employee.currentDollarBonus, employee.currentPercentBonus, current)
    const after = bonusCents(
      reward.newDollarBonus ?? employee.currentDollarBonus,
      reward.newPercentBonus ?? employee.currentPercentBonus,
      next,
    )
    spend += Math.max(0, after - before)
  }
  const rates = withDefaultRate(currency.defaultCurrency, currency.rates)
  return convertCents(spend, employee.defaultPayCurrency, currency.defaultCurrency, rates)
}

/** A team budget in the default currency (no budget currency means the default currency). */
export function teamBudgetInDefaultCurrency(
  team: { budget: Cents | null; budgetCurrency: string | null },
  currency: CurrencyContext,
): Cents | null {
  if (team.budget == null) return null
  const rates = withDefaultRate(currency.defaultCurrency, currency.rates)
  return convertCents(
    team.budget,
    team.budgetCurrency ?? currency.defaultCurrency,
    currency.defaultCurrency,
    rates,
  )
}

/** The sum of allocated budgets; null when no reward carries one. */
export function allocatedBudget(
  rewards: Iterable<Pick<BudgetReward, 'hyperbalanceAnnualAllocatedBudget'> | null>,
): Cents | null {
  let total: Cents | null = null
  for (const reward of rewards) {
    const amount = reward?.hyperbalanceAnnualAllocatedBudget
    if (amount != null) total = (total ?? 0) + amount
  }
  return total
}

/** The team's budget, or with no team budget the sum of allocated budgets. */
export function availableBudget(teamBudget: Cents | null, allocated: Cents | null): Cents | null {
  return teamBudget ?? allocated
}

/** Exceeds means strictly more: spending exactly the budget is fine. No budget at all: no violation. */
export function aboveBudgetViolation(
  used: Cents,
  budget: Cents | null,
  settings: Pick<PayCycleSettings, 'plannerViolations'>,
): Violation | null {
  if (budget == null || used <= budget) return null
  const severity = ruleSeverity('aboveBudgetExceeded', settings.plannerViolations)
  return violation('aboveBudgetExceeded', severity, VIOLATION_MESSAGES.aboveBudgetExceeded)
}

/** The aggregate rule over the employees a team plans (see team-totals.ts for the whole tree at once). */
export function teamBudgetViolation(
  lines: Iterable<{ employee: BudgetEmployee; reward: BudgetReward | null }>,
  team: { budget: Cents | null; budgetCurrency: string | null },
  settings: BudgetSettings & Pick<PayCycleSettings, 'plannerViolations'>,
  currency: CurrencyContext,
): Violation | null {
  let used = 0
  const rewards: (BudgetReward | null)[] = []
  for (const { employee, reward } of lines) {
    used += plannedSpend(employee, reward, settings, currency)
    rewards.push(reward)
  }
  const budget = availableBudget(teamBudgetInDefaultCurrency(team, currency), allocatedBudget(rewards))
  return aboveBudgetViolation(used, budget, settings)
}

// ── subPlannerNotSubmitted ──────────────────────────────────────────────────────────────────────────

export function waitingForSubmissionMessage(plannerName: string | null | undefined): string {
  return WAITING_FOR_SUBMISSION_FROM + (plannerName?.trim() ? plannerName.trim() : UNNAMED_SUB_PLANNER)
}

/** Applies when there is an active planner (hierarchy.ts) and it is not the logged-in user. */
export function subPlannerViolation(
  activePlanner: { id: number; name?: string | null } | null,
  loggedInEmployeeId: number | null,
  settings: Pick<PayCycleSettings, 'plannerViolations'>,
): Violation | null {
  if (!activePlanner || activePlanner.id === loggedInEmployeeId) return null
  const severity = ruleSeverity('subPlannerNotSubmitted', settings.plannerViolations)
  return violation('subPlannerNotSubmitted', severity, waitingForSubmissionMessage(activePlanner.name))
}
