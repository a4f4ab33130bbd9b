import type { LiveRates, PayCycleConfigInput, PayCycleDto } from '../../../src-shared/contract'
import { CURRENCY_CODES } from '../../../src-shared/domain/currencies'
import { conversionList } from '../../../src-shared/domain/currency-conversion'
import {
  noRateForDefault,
  rebaseRates,
  validatePayCycleConfig,
  type ConfigErrors,
  type PayCycleConfig,
} from '../../../src-shared/domain/pay-cycles'
import {
  DEFAULT_PAY_CYCLE_NAME,
  DEFAULT_SETTINGS,
  type CurrencyConversions,
  type PayCycleSettings,
  type ProrationRule,
} from '../../../src-shared/domain/settings'

/** The pay cycle editor's form: a configuration with its rates as an ordered list (the default first). */

export interface RateRow {
  code: string
  /** Null while the input is empty. */
  rate: number | null
}

export interface EditorForm {
  name: string
  effectiveDate: string | null
  /** Cents. */
  companyMeritBudget: number | null
  defaultCurrency: string
  rates: RateRow[]
  ratesAsOf: string | null
  settings: PayCycleSettings
}

export function formFromCycle(cycle: PayCycleDto): EditorForm {
  return {
    name: cycle.name,
    effectiveDate: cycle.effectiveDate,
    companyMeritBudget: cycle.companyMeritBudget,
    defaultCurrency: cycle.defaultCurrency,
    rates: conversionList(cycle.defaultCurrency, cycle.currencyConversions),
    ratesAsOf: cycle.ratesAsOf,
    settings: structuredClone(cycle.settings),
  }
}

/** A new configuration starts from the current one's currency, rates and settings, effective today. */
export function newForm(current: PayCycleDto | null, today: string): EditorForm {
  const base = current ? formFromCycle(current) : null
  return {
    name: DEFAULT_PAY_CYCLE_NAME,
    effectiveDate: today,
    companyMeritBudget: null,
    defaultCurrency: base?.defaultCurrency ?? 'USD',
    rates: base?.rates ?? [{ code: 'USD', rate: 1 }],
    ratesAsOf: base?.ratesAsOf ?? null,
    settings: base?.settings ?? structuredClone(DEFAULT_SETTINGS),
  }
}

function ratesMap(rows: readonly RateRow[]): CurrencyConversions {
  return Object.fromEntries(rows.map((r) => [r.code, r.rate])) as CurrencyConversions
}

/** What the editor sends; an empty rate goes as NaN only to validation, never to main. */
export function configOfForm(form: EditorForm): PayCycleConfig {
  return {
    name: form.name,
    effectiveDate: form.effectiveDate,
    companyMeritBudget: form.companyMeritBudget,
    defaultCurrency: form.defaultCurrency,
    currencyConversions: ratesMap(form.rates),
    ratesAsOf: form.ratesAsOf,
    settings: form.settings,
  }
}

export function configInput(form: EditorForm): PayCycleConfigInput {
  return { ...configOfForm(form), name: form.name.trim() } as PayCycleConfigInput
}

export function formErrors(form: EditorForm, today: string, savedEffectiveDate: string | null): ConfigErrors {
  return validatePayCycleConfig(configOfForm(form), { today, savedEffectiveDate })
}

export function isDirty(form: EditorForm, saved: EditorForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(saved)
}

// ── Currency conversions ────────────────────────────────────────────────────────────────────────────

/** Currencies not in the list yet, in catalogue order. */
export function addableCurrencies(form: EditorForm): string[] {
  return CURRENCY_CODES.filter((code) => !form.rates.some((r) => r.code === code))
}

/**
 * Currencies the company pays in (employees and pay ranges) that have no usable rate in the form: spec
 * §9 converts them at 0, so their pay would drop out of budgets, team totals and dashboards unseen.
 */
export function currenciesWithoutRate(form: EditorForm, inUse: Iterable<string>): string[] {
  const rated = new Set(
    form.rates.filter((r) => r.code === form.defaultCurrency || (r.rate ?? 0) > 0).map((r) => r.code),
  )
  return [...new Set(inUse)].filter((code) => code !== '' && !rated.has(code)).sort()
}

/** What the editor says of those currencies ('CAD', 'CAD and DOP', 'CAD, DOP and EUR'). */
export function missingRatesNotice(codes: readonly string[], defaultCurrency: string): string {
  const list =
    codes.length <= 1 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`
  return `Pay in ${list} has no rate per 1 ${defaultCurrency} here, so it counts as 0 in budgets, team totals and dashboards. Add the rates below, or use 'Reload live rates'.`
}

export function addCurrency(form: EditorForm, code: string): EditorForm {
  if (form.rates.some((r) => r.code === code)) return form
  return { ...form, rates: [...form.rates, { code, rate: null }], ratesAsOf: null }
}

export function removeCurrency(form: EditorForm, code: string): EditorForm {
  if (code === form.defaultCurrency) return form
  return { ...form, rates: form.rates.filter((r) => r.code !== code) }
}

/** A rate typed by hand: the rates are no longer the live service's. */
export function setRate(form: EditorForm, code: string, rate: number | null): EditorForm {
  return { ...form, rates: form.rates.map((r) => (r.code === code ? { ...r, rate } : r)), ratesAsOf: null }
}

/** A new default currency rebases every rate on it (listed first, at 1); refused without its rate. */
export function changeDefaultCurrency(
  form: EditorForm,
  code: string,
): { form: EditorForm; error: string | null } {
  if (code === form.defaultCurrency) return { form, error: null }
  const known = Object.fromEntries(
    form.rates.filter((r) => r.rate !== null && r.rate > 0).map((r) => [r.code, r.rate]),
  ) as CurrencyConversions
  const rebased = rebaseRates(known, form.defaultCurrency, code)
  if (!rebased) return { form, error: noRateForDefault(code) }
  const order = [code, ...form.rates.map((r) => r.code).filter((c) => c !== code)]
  const rates = order.map((c) => ({
    code: c,
    rate: (rebased as Record<string, number | undefined>)[c] ?? null,
  }))
  return { form: { ...form, defaultCurrency: code, rates, ratesAsOf: null }, error: null }
}

/** Live rates fill the currencies they have; the others keep what was typed. */
export function applyLiveRates(form: EditorForm, live: LiveRates): EditorForm {
  if (live.offline || live.base !== form.defaultCurrency) return form
  const given = live.rates as Record<string, number | undefined>
  return {
    ...form,
    rates: form.rates.map((r) =>
      r.code === form.defaultCurrency ? { ...r, rate: 1 } : { ...r, rate: given[r.code] ?? r.rate },
    ),
    ratesAsOf: live.date,
  }
}

// ── Proration rules ─────────────────────────────────────────────────────────────────────────────────

export function newProrationRule(today: string): ProrationRule {
  return { proration_value: 'hire_date', comparison: '>=', date: today, prorate_amount: 100 }
}

/** After takes one date, between a pair: switching keeps the first date. */
export function withComparison(rule: ProrationRule, comparison: ProrationRule['comparison']): ProrationRule {
  if (comparison === rule.comparison) return rule
  const first = Array.isArray(rule.date) ? rule.date[0] : rule.date
  return { ...rule, comparison, date: comparison === 'between' ? [first, ''] : first }
}

export function withRuleDate(rule: ProrationRule, index: 0 | 1, date: string | null): ProrationRule {
  if (!Array.isArray(rule.date)) return { ...rule, date: date ?? '' }
  const pair: [string, string] = [...rule.date]
  pair[index] = date ?? ''
  return { ...rule, date: pair }
}
