import { isCurrencyCode } from './currencies'
import { conversionRate } from './currency-conversion'
import { FULL_PRORATION, isoDay } from './proration'
import { MIN_PERFORMANCE_MAX_PIR_SLIDER, snapToMiddle, toSliderValue } from './sliders'
import {
  PLANNER_VIOLATION_KEYS,
  type CurrencyConversions,
  type PayCycleSettings,
  type PlannerViolationKey,
  type Severity,
} from './settings'

/**
 * Pay cycle configurations (administration document §3, §4 Pay cycle, §5 Pay cycle editor, §8):
 * which one is current, the editor's rules and the messages of its actions.
 */

// ── Messages (§8) ───────────────────────────────────────────────────────────────────────────────────

export const NO_PAY_CYCLE = 'No pay cycle configuration is set up.'
export const PAY_CYCLE_CLOSED = 'Successfully closed pay cycle.'
export const CLOSE_PAY_CYCLE_FAILED = 'Error Closing Pay Cycle'
export const SAVE_CONFIGURATION_FAILED = 'Error saving configuration. Please try again.'
export const CREATE_CONFIGURATION_FAILED = 'Unknown error when creating pay cycle configuration'
export const FIELD_REQUIRED = 'This field is required.'
export const EFFECTIVE_DATE_BEFORE_TODAY = 'The effective date cannot be before today.'

/** 'Successfully saved ' followed by the configuration name. */
export function savedConfigurationMessage(name: string): string {
  return `Successfully saved ${name}`
}

// ── Lifecycle ───────────────────────────────────────────────────────────────────────────────────────

export interface LifecycleState {
  id: number
  active: boolean
  closedAt: string | null
}

/**
 * The cycle planning runs in: the active one, else the one closed last (its choices are locked), else
 * the newest. Null when there is none.
 */
export function currentPayCycle<T extends LifecycleState>(cycles: readonly T[]): T | null {
  const active = cycles.find((c) => c.active)
  if (active) return active
  let current: T | null = null
  for (const cycle of cycles) {
    if (!current) current = cycle
    else if ((cycle.closedAt ?? '') > (current.closedAt ?? '')) current = cycle
    else {
      if ((cycle.closedAt ?? '') === (current.closedAt ?? '') && cycle.id > current.id) current = cycle
    }
  }
  return current
}

export type LifecycleStatus = 'active' | 'closed'

/** Spec §4: a pay cycle is active or closed; closing is setting the active flag to false. */
export function lifecycleStatus(cycle: LifecycleState): LifecycleStatus {
  return cycle.active ? 'active' : 'closed'
}

/** The editor offers Save, and Save And Activate while the configuration is inactive. */
export function editorActions(cycle: LifecycleState | null): ('Save' | 'Save And Activate' | 'Create')[] {
  if (!cycle) return ['Create']
  return cycle.active ? ['Save'] : ['Save', 'Save And Activate']
}

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────────

/** Today on this machine's calendar, as an ISO day. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

// ── Widgets (§5 Pay cycle editor) ───────────────────────────────────────────────────────────────────

/** Percent toggle inputs: minimum 0, step 0.05. */
export const PERCENT_TOGGLE = { min: 0, step: 0.05 } as const
/** Performance rating inputs: step 0.1. */
export const RATING_STEP = 0.1

/** A typed percent for a percent toggle input: at least 0, on a 0.05 step; null for no number. */
export function percentToggleValue(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null
  const steps = Math.round(Math.max(value, PERCENT_TOGGLE.min) / PERCENT_TOGGLE.step)
  return Number((steps * PERCENT_TOGGLE.step).toFixed(2))
}

/** A rating input's value on its 0.1 step, never below 0. */
export function ratingValue(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Number((Math.round(Math.max(value, 0) / RATING_STEP) * RATING_STEP).toFixed(1))
}

/**
 * The minPerformanceMaxPIR slider (0 to 1, step 0.05) as its percent: 46 % to 54 % snap to 50 % first
 * (spec §5: "Sliders snap to 50 when the value is between 46 and 54"), then the value moves to its step.
 */
export function minPerformanceMaxPirValue(fraction: number): number {
  if (Number.isNaN(fraction)) return MIN_PERFORMANCE_MAX_PIR_SLIDER.min
  const snapped = snapToMiddle(Math.round(fraction * 10_000) / 100) / 100
  return toSliderValue(snapped, MIN_PERFORMANCE_MAX_PIR_SLIDER)
}

// ── Planner violations and allowPIROverOne ──────────────────────────────────────────────────────────

export type SeverityChoice = Severity | 'unset'
export const SEVERITY_CHOICES: readonly SeverityChoice[] = ['unset', 'warning', 'error']
export const SEVERITY_LABELS: Record<SeverityChoice, string> = {
  unset: 'Ignore',
  warning: 'Warning',
  error: 'Error',
}

export const PLANNER_VIOLATION_LABELS: Record<PlannerViolationKey, string> = {
  newSalaryIsBelowMinimumOfPayRange: 'New pay is below the minimum of the pay range',
  newSalaryIsAboveMaximumOfPayRange: 'New pay is above the maximum of the pay range',
  aboveBudgetExceeded: 'Total pay exceeds the budget',
  subPlannerNotSubmitted: 'Waiting for a submission from a sub-planner',
}

const ABOVE_MAX: PlannerViolationKey = 'newSalaryIsAboveMaximumOfPayRange'

/** Spec §5: the error severity for above-max is disabled when allowPIROverOne is on. */
export function severityDisabled(
  key: PlannerViolationKey,
  choice: SeverityChoice,
  settings: Pick<PayCycleSettings, 'allowPIROverOne'>,
): boolean {
  return key === ABOVE_MAX && choice === 'error' && settings.allowPIROverOne
}

/** Spec §5: the allowPIROverOne option is hidden if above-max severity is error. */
export function allowPIROverOneHidden(settings: Pick<PayCycleSettings, 'plannerViolations'>): boolean {
  return settings.plannerViolations[ABOVE_MAX] === 'error'
}

export function severityChoice(
  settings: Pick<PayCycleSettings, 'plannerViolations'>,
  key: PlannerViolationKey,
): SeverityChoice {
  return settings.plannerViolations[key] ?? 'unset'
}

/** The settings with one violation's severity chosen ('unset' removes it: the rule is ignored). */
export function withSeverity(
  settings: PayCycleSettings,
  key: PlannerViolationKey,
  choice: SeverityChoice,
): PayCycleSettings {
  const plannerViolations = { ...settings.plannerViolations }
  if (choice === 'unset') delete plannerViolations[key]
  else plannerViolations[key] = choice
  return { ...settings, plannerViolations }
}

// ── Currency conversions ────────────────────────────────────────────────────────────────────────────

/**
 * Rates are units per one default-currency unit, so a new default currency rebases every rate on it;
 * its own rate becomes 1. Null when the new default currency has no usable rate to pivot on.
 */
export function rebaseRates(
  rates: CurrencyConversions,
  from: string,
  to: string,
): CurrencyConversions | null {
  if (from === to) return { ...rates }
  const pivot = conversionRate(to, rates)
  if (pivot === null) return null
  const rebased: Record<string, number> = {}
  for (const [code, rate] of Object.entries(rates) as [string, number][]) {
    rebased[code] = Number((rate / pivot).toPrecision(8))
  }
  rebased[to] = 1
  return rebased as CurrencyConversions
}

export function noRateForDefault(code: string): string {
  return `Set a conversion rate for ${code} before making it the default currency.`
}

// ── Validation (the editor and the main process alike) ──────────────────────────────────────────────

/** What the editor saves: everything of a configuration but its id and lifecycle. */
export interface PayCycleConfig {
  name: string
  effectiveDate: string | null
  /** Cents. */
  companyMeritBudget: number | null
  defaultCurrency: string
  currencyConversions: CurrencyConversions
  ratesAsOf: string | null
  settings: PayCycleSettings
}

/** Field path → message, e.g. `name`, `effectiveDate`, `rates.EUR`, `ratings.2.label`, `proration.0.date`. */
export type ConfigErrors = Record<string, string>

export interface ValidationContext {
  today: string
  /** The saved effective date: keeping it is allowed even once it has passed. */
  savedEffectiveDate?: string | null
}

export const RATING_ORDER = "Each rating's maximum must be above the row before it."
export const RATE_ABOVE_ZERO = 'A conversion rate must be above 0.'
export const MIN_ABOVE_MAX = 'The minimum increase cannot be above the maximum increase.'
export const BETWEEN_ORDER = 'The second date cannot be before the first.'
export const PRORATION_RANGE = 'A proration is a percent from 0 to 100.'
export const UNKNOWN_MINIMUM_PERFORMANCE = 'Choose one of the ratings.'
export const ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE =
  'New pay above the maximum cannot be an error while pay above the maximum of the range is allowed (allowPIROverOne).'

/** Every rule of the editor; an empty object when the configuration may be saved. */
export function validatePayCycleConfig(config: PayCycleConfig, context: ValidationContext): ConfigErrors {
  const errors: ConfigErrors = {}
  if (!config.name.trim()) errors.name = FIELD_REQUIRED
  const effective = config.effectiveDate ? isoDay(config.effectiveDate) : null
  if (!config.effectiveDate) errors.effectiveDate = FIELD_REQUIRED
  else if (!effective) errors.effectiveDate = 'Dates are ISO yyyy-mm-dd.'
  else if (effective < context.today && effective !== context.savedEffectiveDate)
    errors.effectiveDate = EFFECTIVE_DATE_BEFORE_TODAY
  if (config.companyMeritBudget !== null && !(config.companyMeritBudget >= 0))
    errors.companyMeritBudget = 'A budget cannot be negative.'

  if (!isCurrencyCode(config.defaultCurrency)) errors.defaultCurrency = FIELD_REQUIRED
  for (const [code, rate] of Object.entries(config.currencyConversions) as [string, number | null][]) {
    if (rate === null || rate === undefined || Number.isNaN(rate)) errors[`rates.${code}`] = FIELD_REQUIRED
    else if (!(rate > 0) || !Number.isFinite(rate)) errors[`rates.${code}`] = RATE_ABOVE_ZERO
    else if (code === config.defaultCurrency && rate !== 1)
      errors[`rates.${code}`] = `The default currency (${code}) always maps to 1.`
  }

  const s = config.settings
  for (const key of ['minPercentIncrease', 'maxPercentIncrease'] as const) {
    const value = s[key]
    if (value !== null && !(value >= 0)) errors[key] = 'A percent cannot be negative.'
  }
  if (
    s.minPercentIncrease !== null &&
    s.maxPercentIncrease !== null &&
    s.minPercentIncrease > s.maxPercentIncrease
  )
    errors.minPercentIncrease = MIN_ABOVE_MAX
  if (!(s.minPerformanceMaxPIR >= 0 && s.minPerformanceMaxPIR <= 1))
    errors.minPerformanceMaxPIR = 'Choose a value from 0 % to 100 %.'

  s.performanceRatings.forEach((rating, i) => {
    if (!rating.label.trim()) errors[`ratings.${i}.label`] = FIELD_REQUIRED
    if (Number.isNaN(rating.max_rating)) errors[`ratings.${i}.max_rating`] = FIELD_REQUIRED
    else if (!(rating.max_rating >= 0)) errors[`ratings.${i}.max_rating`] = 'A rating cannot be negative.'
    const last = i === s.performanceRatings.length - 1
    if (i > 0 && !last && !(rating.max_rating > s.performanceRatings[i - 1].max_rating))
      errors[`ratings.${i}.max_rating`] = RATING_ORDER
  })
  if (s.minimumPerformance !== null && !s.performanceRatings.some((r) => r.label === s.minimumPerformance))
    errors.minimumPerformance = UNKNOWN_MINIMUM_PERFORMANCE

  s.prorationRules.forEach((rule, i) => {
    const dates = Array.isArray(rule.date) ? rule.date : [rule.date]
    dates.forEach((date, d) => {
      const key = Array.isArray(rule.date) ? `proration.${i}.date.${d}` : `proration.${i}.date`
      if (!date) errors[key] = FIELD_REQUIRED
      else if (!isoDay(date)) errors[key] = 'Dates are ISO yyyy-mm-dd.'
    })
    if (Array.isArray(rule.date) && rule.date[0] && rule.date[1] && rule.date[1] < rule.date[0])
      errors[`proration.${i}.date.1`] = BETWEEN_ORDER
    if (Number.isNaN(rule.prorate_amount)) errors[`proration.${i}.prorate_amount`] = FIELD_REQUIRED
    else if (!(rule.prorate_amount >= 0 && rule.prorate_amount <= FULL_PRORATION))
      errors[`proration.${i}.prorate_amount`] = PRORATION_RANGE
  })

  if (s.allowPIROverOne && s.plannerViolations.newSalaryIsAboveMaximumOfPayRange === 'error')
    errors['violations.newSalaryIsAboveMaximumOfPayRange'] = ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE
  for (const key of Object.keys(s.plannerViolations))
    if (!(PLANNER_VIOLATION_KEYS as readonly string[]).includes(key))
      errors[`violations.${key}`] = `Unknown planner violation "${key}".`
  return errors
}

/** Where an error is on the editor, for a message that names it. */
export function errorFieldLabel(path: string): string {
  const [head, a, b, c] = path.split('.')
  switch (head) {
    case 'name':
      return 'Name'
    case 'effectiveDate':
      return 'Effective date'
    case 'companyMeritBudget':
      return 'Company merit budget'
    case 'defaultCurrency':
      return 'Default currency'
    case 'rates':
      return `Rate of ${a}`
    case 'ratings':
      return `Rating ${Number(a) + 1} ${b === 'label' ? 'label' : 'maximum'}`
    case 'proration':
      return `Proration rule ${Number(a) + 1} ${b === 'date' ? (c === '1' ? 'end date' : 'date') : 'amount'}`
    case 'violations':
      return 'Planner violations'
    default:
      return head
  }
}

/** The errors as one sentence list, 'Effective date: The effective date cannot be before today.' */
export function describeConfigErrors(errors: ConfigErrors): string {
  return Object.entries(errors)
    .map(([path, message]) => `${errorFieldLabel(path)}: ${message}`)
    .join(' ')
}
