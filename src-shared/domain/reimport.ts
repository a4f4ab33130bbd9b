import { canConvert, convertCents } from './currency-conversion'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from './import-format'
import { MONEY_FIELDS } from './import-rows'
import { formatAmount, roundTo, type Cents } from './money'
import { salaryIncreasePercent } from './pay'
import { proration } from './proration'
import type { PayCycleSettings } from './settings'
import type { CurrencyContext } from './violations'

/**
 * Re-importing over planned work (issue 10): what a file does to the employees already in the
 * workbook, and what becomes of their plans when their pay, currency, pay range, eligibility or name
 * changes. Pure: the import service reads the workbook, these rules decide.
 */

/** What becomes of an affected plan. */
export type PlanMode = 'keep-percent' | 'keep-salary' | 'clear'
export const PLAN_MODES: readonly PlanMode[] = ['keep-percent', 'keep-salary', 'clear']
/** Safe by default: the planned raise keeps its size relative to the new current pay. */
export const DEFAULT_PLAN_MODE: PlanMode = 'keep-percent'
export const PLAN_MODE_LABELS: Record<PlanMode, string> = {
  'keep-percent': 'Keep the planned increase percent',
  'keep-salary': 'Keep the planned new salary',
  clear: 'Clear the plan',
}

/** The planned amounts a re-import may change. Money in cents of the employee's pay currency. */
export interface PlannedAmounts {
  newSalary: Cents | null
  lumpSum: Cents | null
  newDollarBonus: Cents | null
  newPercentBonus: number | null
}

/** The reward as stored, with what proration reads from it. */
export interface StoredPlan extends PlannedAmounts {
  performancePlan: boolean
  previousIncrease: string | null
}

/** An employee as the workbook holds it, in the import's terms (money in cents), with their plan. */
export interface StoredEmployee {
  values: ImportRow
  fte: number | null
  plan: StoredPlan
}

export type PlanEffectReason = 'pay' | 'currency' | 'payRange' | 'eligibility' | 'name'

export const PLAN_EFFECT_LABELS: Record<PlanEffectReason, string> = {
  pay: 'Current pay',
  currency: 'Pay currency',
  payRange: 'Pay range',
  eligibility: 'Eligibility',
  name: 'Name',
}

const PLANNED_FIELDS = ['newSalary', 'lumpSum', 'newDollarBonus', 'newPercentBonus'] as const

/** A plan exists when any planned amount is set (a comment alone is not a plan). */
export function hasPlan(plan: PlannedAmounts): boolean {
  return PLANNED_FIELDS.some((field) => plan[field] !== null)
}

const HEADER = new Map<ImportField, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header]))
const FIELDS: readonly ImportField[] = IMPORT_COLUMNS.map((c) => c.field)

/** The import fields whose value the file changes, in the spec's column order. */
export function changedFields(stored: ImportRow, imported: ImportRow): ImportField[] {
  return FIELDS.filter((field) => stored[field] !== imported[field])
}

/** A value as the review lists it: money as an amount ('72,726.50'), '(empty)' for none. */
export function importValueText(field: ImportField, value: ImportRow[ImportField]): string {
  if (value === null) return '(empty)'
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatAmount(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return String(value)
}

export interface FieldChange {
  field: ImportField
  header: string
  before: string
  after: string
}

export function fieldChanges(stored: ImportRow, imported: ImportRow): FieldChange[] {
  return changedFields(stored, imported).map((field) => ({
    field,
    header: HEADER.get(field) ?? field,
    before: importValueText(field, stored[field]),
    after: importValueText(field, imported[field]),
  }))
}

// Case folded in full, as Unicode folds it for comparing: upper then lower case, so that 'Strauß' and
// 'STRAUSS' (ß is SS in capitals) or a Kelvin sign and a K are the same letters.
const normalName = (name: string | null) =>
  (name ?? '').trim().replace(/\s+/g, ' ').toUpperCase().toLowerCase()

/**
 * An Employee Id whose name changed (beyond case and spacing) probably names another person: a
 * reused id, or a file whose rows shifted.
 */
export function probableDifferentPerson(stored: ImportRow, imported: ImportRow): boolean {
  return normalName(stored.employeeName) !== normalName(imported.employeeName)
}

export interface PlanRules {
  settings: Pick<PayCycleSettings, 'prorationRules' | 'prioritizePayMin'>
  currency: CurrencyContext
}

/** Not eligible for an increase: fully prorated by the pay cycle's rules (or a performance plan). */
export function ineligible(
  values: ImportRow,
  fte: number | null,
  plan: StoredPlan,
  rules: PlanRules,
): boolean {
  const range =
    values.payRangeName === null
      ? null
      : {
          minPay: values.minPay ?? 0,
          midPay: values.midPay ?? 0,
          maxPay: values.maxPay ?? 0,
          payCurrency: values.payCurrency ?? 'USD',
          salaried: values.salaried,
        }
  return proration({
    employee: {
      id: 0,
      currentSalary: values.currentBasePay ?? 0,
      salaried: values.salaried ?? true,
      fte,
      defaultPayCurrency: values.payCurrency ?? 'USD',
      hireDate: values.hireDate,
      previousIncreaseDate: values.dateOfLastIncrease,
    },
    reward: plan,
    payRange: range,
    settings: rules.settings,
    currency: rules.currency,
  }).fullyProrated
}

/**
 * Why an employee's plan is affected by the file: its current pay (or pay basis), currency, pay
 * range (another range, or the range's bounds), eligibility or name changes. Empty when the employee
 * has no plan or none of these change.
 */
export function planEffectReasons(
  stored: StoredEmployee,
  imported: ImportRow,
  rules: PlanRules,
): PlanEffectReason[] {
  if (!hasPlan(stored.plan)) return []
  const before = stored.values
  const reasons: PlanEffectReason[] = []
  if (before.currentBasePay !== imported.currentBasePay || before.salaried !== imported.salaried)
    reasons.push('pay')
  if (before.payCurrency !== imported.payCurrency) reasons.push('currency')
  const rangeFields: ImportField[] = ['payRangeName', 'minPay', 'midPay', 'maxPay']
  if (rangeFields.some((field) => before[field] !== imported[field])) reasons.push('payRange')
  if (
    ineligible(before, stored.fte, stored.plan, rules) !==
    ineligible(imported, stored.fte, stored.plan, rules)
  )
    reasons.push('eligibility')
  if (probableDifferentPerson(before, imported)) reasons.push('name')
  return reasons
}

/** An amount kept across a change of pay currency: converted when both rates are known, else as it was. */
function sameValue(amount: Cents | null, from: string, to: string, rules: PlanRules): Cents | null {
  if (amount === null || from === to || !canConvert(from, to, rules.currency.rates)) return amount
  return convertCents(amount, from, to, rules.currency.rates)
}

/**
 * The plan after the import under `mode`. keep-percent: the new salary keeps its ratio to current
 * pay (rebased on the new current pay; with no current pay before, it is kept as keep-salary
 * would); keep-salary: the new salary as planned; clear: no planned amounts. Lump sum and dollar
 * bonus are kept, converted when the pay currency changes; the percent bonus is kept.
 */
export function rebasedPlan(
  stored: StoredEmployee,
  imported: ImportRow,
  mode: PlanMode,
  rules: PlanRules,
): PlannedAmounts {
  if (mode === 'clear') return { newSalary: null, lumpSum: null, newDollarBonus: null, newPercentBonus: null }
  const plan = stored.plan
  const from = stored.values.payCurrency ?? 'USD'
  const to = imported.payCurrency ?? 'USD'
  const current = stored.values.currentBasePay ?? 0
  const nextCurrent = imported.currentBasePay ?? 0
  let newSalary = plan.newSalary
  if (newSalary !== null) {
    newSalary =
      mode === 'keep-percent' && current > 0
        ? roundTo((newSalary * nextCurrent) / current)
        : sameValue(newSalary, from, to, rules)
  }
  return {
    newSalary,
    lumpSum: sameValue(plan.lumpSum, from, to, rules),
    newDollarBonus: sameValue(plan.newDollarBonus, from, to, rules),
    newPercentBonus: plan.newPercentBonus,
  }
}

/** The planned amounts that differ, as reward-history changes (old → new). */
export function planChanges(
  before: PlannedAmounts,
  after: PlannedAmounts,
): Partial<Record<keyof PlannedAmounts, { old: number | null; new: number | null }>> {
  const changes: Partial<Record<keyof PlannedAmounts, { old: number | null; new: number | null }>> = {}
  for (const field of PLANNED_FIELDS)
    if (before[field] !== after[field]) changes[field] = { old: before[field], new: after[field] }
  return changes
}

/** The increase a plan gives over a current pay: percent, or null without both. */
export function planIncreasePercent(currentPay: Cents | null, newSalary: Cents | null): number | null {
  return salaryIncreasePercent(newSalary, currentPay ?? 0)
}
