import type { ImportOutcome } from '../contract/import-dto'
import type { ImportRow } from './import-format'
import type { Validation } from './import-validation'
import {
  PLAN_MODE_LABELS,
  fieldChanges,
  planChanges,
  planEffectReasons,
  rebasedPlan,
  type PlanEffectReason,
  type PlanMode,
  type PlanRules,
  type PlannedAmounts,
  type StoredEmployee,
} from './reimport'

/**
 * A re-import over planned work (the desktop's Manage Data and the server's POST /import/data/
 * alike): which rows are new, updated or unchanged, whose plans they affect, and what each affected
 * plan becomes.
 */

/** An employee already in the company, as a re-import compares it: by Employee Id. */
export interface StoredImportEmployee extends StoredEmployee {
  /** The employee row's id. */
  id: number
}

/** A plan the import changes: the new amounts and the reward-history entry that explains it. */
export interface ImportPlanWrite {
  /** The employee row's id. */
  id: number
  amounts: PlannedAmounts
  /** Field → old and new, as the reward history records changes. */
  changes: Record<string, { old: unknown; new: unknown }>
}

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
