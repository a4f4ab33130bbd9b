import type {
  ImportAffectedPlan,
  ImportEmployeeUpdate,
  ImportOutcome,
  ImportPlanAmounts,
} from '../../../src-shared/contract'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import { formatMoney } from '../../../src-shared/domain/money'
import {
  PLAN_EFFECT_LABELS,
  PLAN_MODE_LABELS,
  PLAN_MODES,
  fieldChanges,
  ineligible,
  planChanges,
  planEffectReasons,
  planIncreasePercent,
  probableDifferentPerson,
  rebasedPlan,
  type PlanEffectReason,
  type PlanMode,
  type PlanRules,
  type PlannedAmounts,
} from '../../../src-shared/domain/reimport'
import type { ImportPlanWrite, StoredImportEmployee } from '../../workbook/queries/import-stored'
import type { Validation } from './validate'

/** How each row of an import meets the workbook: new, updated (and whose plans it affects) or unchanged. */
export interface ReimportClassification {
  created: number
  unchanged: number
  /** Row indexes of updated employees, in row order. */
  updated: number[]
  /** Updated employees whose plan is affected, in row order. */
  affected: { index: number; reasons: PlanEffectReason[] }[]
  /** Rows with errors: not classified until fixed. */
  pending: number
}

/** Classifies the rows without errors against the employees in the workbook. */
export function classifyRows(
  validation: Validation,
  stored: ReadonlyMap<string, StoredImportEmployee>,
  rules: PlanRules,
): ReimportClassification {
  const result: ReimportClassification = { created: 0, unchanged: 0, updated: [], affected: [], pending: 0 }
  validation.values.forEach((values, index) => {
    if (!values || validation.byRow.has(index + 1)) {
      result.pending++
      return
    }
    const before = stored.get(values.employeeId ?? '')
    if (!before) {
      result.created++
      return
    }
    if (fieldChanges(before.values, values).length === 0) {
      result.unchanged++
      return
    }
    result.updated.push(index)
    const reasons = planEffectReasons(before, values, rules)
    if (reasons.length > 0) result.affected.push({ index, reasons })
  })
  return result
}

export function outcomeOf(classification: ReimportClassification, planMode: PlanMode): ImportOutcome {
  return {
    created: classification.created,
    updated: classification.updated.length,
    unchanged: classification.unchanged,
    plansAffected: classification.affected.length,
    planMode,
  }
}

export function employeeUpdate(
  index: number,
  values: ImportRow,
  stored: StoredImportEmployee,
): ImportEmployeeUpdate {
  return {
    row: index + 1,
    employeeId: values.employeeId ?? '',
    name: values.employeeName ?? '',
    changes: fieldChanges(stored.values, values),
  }
}

function amounts(plan: PlannedAmounts, currentPay: number): ImportPlanAmounts {
  return { ...plan, increasePercent: planIncreasePercent(currentPay, plan.newSalary) }
}

const basis = (salaried: boolean | null) => (salaried === false ? 'hourly' : 'salaried')

function reasonText(
  reason: PlanEffectReason,
  before: ImportRow,
  after: ImportRow,
  eligibleAfter: () => boolean,
): string {
  const label = PLAN_EFFECT_LABELS[reason]
  const money = (row: ImportRow) => formatMoney(row.currentBasePay ?? 0, row.payCurrency ?? 'USD')
  switch (reason) {
    case 'pay': {
      const basisChange =
        before.salaried !== after.salaried ? ` (${basis(before.salaried)} → ${basis(after.salaried)})` : ''
      return `${label}: ${money(before)} → ${money(after)}${basisChange}`
    }
    case 'currency':
      return `${label}: ${before.payCurrency ?? '(empty)'} → ${after.payCurrency ?? '(empty)'}`
    case 'payRange': {
      if (before.payRangeName !== after.payRangeName)
        return `${label}: ${before.payRangeName ?? '(none)'} → ${after.payRangeName ?? '(none)'}`
      const bound = (row: ImportRow) =>
        ['minPay', 'midPay', 'maxPay']
          .map((f) => formatMoney(row[f as 'minPay'] ?? 0, row.payCurrency ?? 'USD'))
          .join(' – ')
      return `${label} ${after.payRangeName}: ${bound(before)} → ${bound(after)}`
    }
    case 'eligibility':
      return eligibleAfter()
        ? `${label}: not eligible → eligible for an increase`
        : `${label}: eligible → not eligible for an increase (fully prorated)`
    case 'name':
      return `${label}: ${before.employeeName ?? ''} → ${after.employeeName ?? ''} (probably a different person)`
  }
}

export function affectedPlan(
  entry: ReimportClassification['affected'][number],
  values: ImportRow,
  stored: StoredImportEmployee,
  rules: PlanRules,
  choice: PlanMode | null,
): ImportAffectedPlan {
  const before = stored.values
  const previousCurrentPay = before.currentBasePay ?? 0
  const currentPay = values.currentBasePay ?? 0
  const eligibleAfter = () => !ineligible(values, stored.fte, stored.plan, rules)
  const outcomes = Object.fromEntries(
    PLAN_MODES.map((mode) => [mode, amounts(rebasedPlan(stored, values, mode, rules), currentPay)]),
  ) as ImportAffectedPlan['outcomes']
  return {
    row: entry.index + 1,
    employeeId: values.employeeId ?? '',
    name: values.employeeName ?? '',
    previousName: before.employeeName ?? '',
    probableDifferentPerson: probableDifferentPerson(before, values),
    reasons: entry.reasons.map((reason) => ({
      reason,
      text: reasonText(reason, before, values, eligibleAfter),
    })),
    currency: values.payCurrency ?? 'USD',
    previousCurrency: before.payCurrency ?? 'USD',
    currentPay,
    previousCurrentPay,
    plan: amounts(stored.plan, previousCurrentPay),
    outcomes,
    choice,
  }
}

/**
 * The plans a commit writes: every affected plan under its choice (its own, else `planMode`), with
 * the reward-history entry that explains it (the planned amounts that change, and the current pay,
 * pay currency and name when they changed).
 */
export function planWrites(
  classification: ReimportClassification,
  values: readonly (ImportRow | null)[],
  stored: ReadonlyMap<string, StoredImportEmployee>,
  rules: PlanRules,
  choiceOf: (employeeId: string) => PlanMode,
): ImportPlanWrite[] {
  return classification.affected.map(({ index, reasons }) => {
    const row = values[index] as ImportRow
    const employee = stored.get(row.employeeId ?? '') as StoredImportEmployee
    const mode = choiceOf(row.employeeId ?? '')
    const after = rebasedPlan(employee, row, mode, rules)
    const changes: ImportPlanWrite['changes'] = { ...planChanges(employee.plan, after) }
    if (reasons.includes('pay'))
      changes.currentSalary = { old: employee.values.currentBasePay, new: row.currentBasePay }
    if (reasons.includes('currency'))
      changes.payCurrency = { old: employee.values.payCurrency, new: row.payCurrency }
    if (reasons.includes('payRange'))
      changes.payRange = { old: employee.values.payRangeName, new: row.payRangeName }
    if (reasons.includes('name')) changes.name = { old: employee.values.employeeName, new: row.employeeName }
    changes.plan = { old: null, new: PLAN_MODE_LABELS[mode] }
    return { id: employee.id, amounts: after, changes }
  })
}
