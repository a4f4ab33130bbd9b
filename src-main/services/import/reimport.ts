import type {
  ImportAffectedPlan,
  ImportEmployeeUpdate,
  ImportPlanAmounts,
} from '../../../src-shared/contract'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import { formatMoney } from '../../../src-shared/domain/money'
import {
  PLAN_EFFECT_LABELS,
  PLAN_MODES,
  fieldChanges,
  ineligible,
  planIncreasePercent,
  probableDifferentPerson,
  rebasedPlan,
  type PlanEffectReason,
  type PlanMode,
  type PlanRules,
  type PlannedAmounts,
} from '../../../src-shared/domain/reimport'
import type {
  ReimportClassification,
  StoredImportEmployee,
} from '../../../src-shared/domain/reimport-classification'

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
