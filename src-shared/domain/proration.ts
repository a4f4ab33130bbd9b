import type { Cents } from './money'
import { annualPay } from './pay'
import type { PayCycleSettings, ProrationRule } from './settings'
import { annualRangeFor, type CurrencyContext, type PlanEmployee, type PlanPayRange } from './violations'

/**
 * Proration and the lock on salary, bonus and lump-sum inputs (spec §5 of both documents). Dates are
 * ISO days compared as text; both ends of a range are inclusive ('>=' includes its date). Reasons show
 * en-US long dates ("March 1, 2024"), as the statements' date tags do.
 */

export const PERFORMANCE_PLAN_REASON = 'On a Performance Improvement Plan'
export const NOT_ELIGIBLE_TOOLTIP = 'Employee not eligible for an increase.'
/** Pay cycle editor, for a proration of exactly 100% (the spelling is the product's). */
export const FULL_PRORATION_MESSAGE = 'These employees are inelligible for increase'
export const FULL_PRORATION = 100

export const PRORATION_VALUE_LABELS: Record<ProrationRule['proration_value'], string> = {
  hire_date: 'Hire date',
  previous_increase: 'Date of last increase',
}
export const PRORATION_COMPARISON_LABELS: Record<ProrationRule['comparison'], string> = {
  '>=': 'After',
  between: 'Between',
}

export interface ProrationEmployee extends PlanEmployee {
  hireDate: string | null
  previousIncreaseDate: string | null
}

export interface ProrationResult {
  /** 0..100. */
  percent: number
  fullyProrated: boolean
  /** Why: the performance plan and every matching rule with an amount above 0. */
  reasons: string[]
  /** True when prioritizePayMin skipped the check (current pay below the range minimum). */
  skippedForPayMin: boolean
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/

/** The YYYY-MM-DD part of an ISO date or date-time; null when it is not a real calendar day. */
export function isoDay(value: string | null | undefined): string | null {
  const match = value == null ? null : ISO_DAY.exec(value.trim())
  if (!match) return null
  const [, y, m, d] = match.map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? match[0]
    : null
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** en-US long date of an ISO day ("2024-03-01" → "March 1, 2024"); the text itself when not a date. */
export function formatLongDate(value: string): string {
  const day = isoDay(value)
  return day ? LONG_DATE.format(new Date(`${day}T00:00:00Z`)) : value
}

/** Percent clamped to 0..100; not a number counts as 0. */
export function clampPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.min(FULL_PRORATION, Math.max(0, percent)) : 0
}

export type ProrationDates = Pick<ProrationEmployee, 'hireDate' | 'previousIncreaseDate'>

/** The date a rule looks at: the hire date, or the date of the last increase. */
export function prorationRuleDate(rule: ProrationRule, dates: ProrationDates): string | null {
  return rule.proration_value === 'hire_date' ? dates.hireDate : dates.previousIncreaseDate
}

/** The reason a rule matches the employee, or null when it does not. */
export function prorationRuleReason(rule: ProrationRule, employee: ProrationDates): string | null {
  const day = isoDay(prorationRuleDate(rule, employee))
  if (!day) return null
  const subject = `${PRORATION_VALUE_LABELS[rule.proration_value]} ${formatLongDate(day)}`
  if (rule.comparison === '>=') {
    const from = isoDay(Array.isArray(rule.date) ? rule.date[0] : rule.date)
    return from && day >= from ? `${subject} is after ${formatLongDate(from)}` : null
  }
  if (!Array.isArray(rule.date)) return null
  const ends = rule.date.map(isoDay)
  if (!ends[0] || !ends[1]) return null
  const [start, end] = ends[0] <= ends[1] ? [ends[0], ends[1]] : [ends[1], ends[0]]
  return day >= start && day <= end
    ? `${subject} is between ${formatLongDate(start)} and ${formatLongDate(end)}`
    : null
}

export interface ProrationInput {
  employee: ProrationEmployee
  /** The reward's previous_increase, when set, stands before the employee's previous-increase date. */
  reward: { performancePlan: boolean; previousIncrease?: string | null } | null
  payRange: PlanPayRange | null
  settings: Pick<PayCycleSettings, 'prorationRules' | 'prioritizePayMin'>
  currency: CurrencyContext
}

/**
 * A performance plan prorates fully (100). Otherwise the percent is the largest prorate_amount among
 * matching rules (rules do not add up), clamped to 0..100. Skipped entirely (0, no reasons) when
 * prioritizePayMin is on and current annual pay is below the converted range minimum.
 */
export function proration(input: ProrationInput): ProrationResult {
  const { employee, settings } = input
  // The range matters only when prioritizePayMin is on.
  const rangeMin =
    settings.prioritizePayMin !== false
      ? (annualRangeFor(employee, input.payRange, input.currency)?.min ?? null)
      : null
  return prorationOfPay(
    {
      currentAnnualPay: annualPay(employee.currentSalary, employee.salaried, employee.fte),
      rangeMin,
      performancePlan: input.reward?.performancePlan ?? false,
      dates: {
        hireDate: employee.hireDate,
        previousIncreaseDate: input.reward?.previousIncrease ?? employee.previousIncreaseDate,
      },
    },
    settings,
  )
}

export interface ProrationParts {
  currentAnnualPay: Cents
  /** The range minimum on the employee's pay basis (`annualRangeFor`), or null. */
  rangeMin: Cents | null
  performancePlan: boolean
  /** previousIncreaseDate: the reward's previous_increase when set, else the employee's. */
  dates: ProrationDates
}

/**
 * `proration` on parts already worked out. `ruleReason` is `prorationRuleReason` unless the caller
 * memoises it (the table model answers the same rule and date for thousands of employees).
 */
export function prorationOfPay(
  parts: ProrationParts,
  settings: Pick<PayCycleSettings, 'prorationRules' | 'prioritizePayMin'>,
  ruleReason: (rule: ProrationRule, dates: ProrationDates) => string | null = prorationRuleReason,
): ProrationResult {
  if (settings.prioritizePayMin !== false) {
    const min = parts.rangeMin
    if (min != null && parts.currentAnnualPay < min) {
      return { percent: 0, fullyProrated: false, reasons: [], skippedForPayMin: true }
    }
  }
  let percent = 0
  const reasons: string[] = []
  if (parts.performancePlan) {
    percent = FULL_PRORATION
    reasons.push(PERFORMANCE_PLAN_REASON)
  }
  for (const rule of settings.prorationRules) {
    const amount = clampPercent(rule.prorate_amount)
    const reason = amount > 0 ? ruleReason(rule, parts.dates) : null
    if (reason === null) continue
    reasons.push(reason)
    percent = Math.max(percent, amount)
  }
  return { percent, fullyProrated: percent >= FULL_PRORATION, reasons, skippedForPayMin: false }
}

/** Pay cycle editor: the note under a proration rule's amount. */
export function prorationAmountMessage(prorateAmount: number): string | null {
  return prorateAmount === FULL_PRORATION ? FULL_PRORATION_MESSAGE : null
}

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────────

/** Choices lock when the pay cycle is closed or the planner has submitted. */
export function isPlanLocked(payCycleActive: boolean, plannerSubmitted = false): boolean {
  return !payCycleActive || plannerSubmitted
}

export interface IncreaseInputState {
  disabled: boolean
  /** 'Employee not eligible for an increase.' then one line per reason; null unless fully prorated. */
  tooltip: string | null
  tooltipLines: string[]
}

/** Salary, bonus and lump-sum inputs: disabled when not editable, locked, or fully prorated (100%). */
export function increaseInputState(input: {
  editable: boolean
  locked: boolean
  proration: Pick<ProrationResult, 'fullyProrated' | 'reasons'>
}): IncreaseInputState {
  const { fullyProrated, reasons } = input.proration
  const tooltipLines = fullyProrated ? [NOT_ELIGIBLE_TOOLTIP, ...reasons] : []
  return {
    disabled: !input.editable || input.locked || fullyProrated,
    tooltip: fullyProrated ? tooltipLines.join('\n') : null,
    tooltipLines,
  }
}

export interface BonusInputs {
  showDollar: boolean
  showPercent: boolean
  /** bonusAmountEditable; the inputs are still disabled whenever increaseInputState says so. */
  editable: boolean
}

const hasAmount = (value: number | null | undefined) => value != null && value !== 0

/**
 * The dollar input shows when there is a dollar bonus, or no bonus at all and the default is DOLLAR or
 * BOTH; the percent input likewise with PERCENT or BOTH. A planned bonus counts before the current one.
 */
export function bonusInputs(
  employee: { currentDollarBonus?: Cents | null; currentPercentBonus?: number | null },
  reward: { newDollarBonus: Cents | null; newPercentBonus: number | null } | null,
  settings: Pick<PayCycleSettings, 'bonusEditableDefault' | 'bonusAmountEditable'>,
): BonusInputs {
  const dollar = hasAmount(reward?.newDollarBonus ?? employee.currentDollarBonus)
  const percent = hasAmount(reward?.newPercentBonus ?? employee.currentPercentBonus)
  const none = !dollar && !percent
  const byDefault = settings.bonusEditableDefault
  return {
    showDollar: dollar || (none && (byDefault === 'DOLLAR' || byDefault === 'BOTH')),
    showPercent: percent || (none && (byDefault === 'PERCENT' || byDefault === 'BOTH')),
    editable: settings.bonusAmountEditable,
  }
}
