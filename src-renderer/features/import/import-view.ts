import type {
  ImportBatchSummary,
  ImportEditConflict,
  ImportError,
  ImportOutcome,
  ImportPlanAmounts,
  ImportRowsPage,
  ImportSummary,
} from '../../../src-shared/contract'
import {
  IMPORT_COLUMNS,
  WINDOWS_1252_NOTE,
  importColumnByHeader,
} from '../../../src-shared/domain/import-format'
import { formatMoney, formatPercent } from '../../../src-shared/domain/money'
import { PLAN_MODE_LABELS } from '../../../src-shared/domain/reimport'
import type { ImportBusy, ImportProgress } from './import-state'

/** Pure wording and arithmetic of the Manage Data screen (unit-tested). */

export type ImportGridRow = ImportRowsPage['rows'][number]
export type ConsistencyField = 'payRangeName' | 'jobCode'

export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}

/** 0–100, or null when the total is unknown (an indeterminate bar). */
export function progressPercent(progress: ImportProgress | null): number | null {
  if (!progress || progress.total === null || progress.total <= 0) return null
  return Math.min(100, Math.max(0, Math.round((progress.done / progress.total) * 100)))
}

/** What main says (e.g. '12,000 rows · 48,000 rows/s'), or a plain wait before its first report. */
export function progressText(progress: ImportProgress | null, committing = false): string {
  if (progress?.message) return progress.message
  return committing ? 'Importing the employees…' : 'Reading the file…'
}

/** 'Rows 1–100 of 1,234' over the current page of the (possibly filtered) rows. */
export function rowsRangeText(offset: number, shown: number, total: number): string {
  if (total <= 0 || shown <= 0) return 'No rows'
  return `Rows ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`
}

export function summaryCounts(summary: ImportSummary): {
  rows: string
  rowsWithErrors: string
  errors: string
} {
  return {
    rows: plural(summary.rows, 'row', 'rows'),
    rowsWithErrors: plural(summary.rowsWithErrors, 'row with errors', 'rows with errors'),
    errors: plural(summary.errorCount, 'error', 'errors'),
  }
}

/** 'people-errors.csv' for an import of people.csv (its first file); 'import-errors.csv' without one. */
export function errorReportFileName(summary: ImportSummary): string {
  const first = summary.batches[0]?.fileName
  const base = first ? first.replace(/\.[^.]*$/, '') : ''
  return `${base || 'import'}-errors.csv`
}

/** 'people.csv: rows 101–150 (50 rows)' — rows of later files are numbered after the earlier ones. */
export function batchLabel(batch: ImportBatchSummary): string {
  const name = batch.fileName
  if (batch.rows === 0) return `${name}: no rows`
  const range = `${formatCount(batch.offset + 1)}–${formatCount(batch.offset + batch.rows)}`
  const read = batch.encoding === 'UTF-8' ? '' : ` · ${WINDOWS_1252_NOTE}`
  return `${name}: rows ${range} (${plural(batch.rows, 'row', 'rows')})${read}`
}

export function importedMessage(imported: number): string {
  return `Imported ${plural(imported, 'employee', 'employees')}.`
}

/** '1 new · 4 updated · 1 unchanged · 3 plans affected' */
export function outcomeCounts(outcome: ImportOutcome): string[] {
  return [
    `${formatCount(outcome.created)} new`,
    `${formatCount(outcome.updated)} updated`,
    `${formatCount(outcome.unchanged)} unchanged`,
    plural(outcome.plansAffected, 'plan affected', 'plans affected'),
  ]
}

/** After commit: what was done, and to the affected plans. */
export function outcomeMessage(outcome: ImportOutcome): string {
  const counts = `${formatCount(outcome.created)} new, ${formatCount(outcome.updated)} updated, ${formatCount(outcome.unchanged)} unchanged.`
  if (outcome.plansAffected === 0) return counts
  const mode = PLAN_MODE_LABELS[outcome.planMode].toLowerCase()
  return `${counts} ${plural(outcome.plansAffected, 'affected plan', 'affected plans')}: ${mode} (unless chosen per employee).`
}

/** '+4.00%' / '−5.45%' */
export function signedPercent(percent: number): string {
  const text = formatPercent(Math.abs(percent))
  return percent < 0 ? `−${text}` : `+${text}`
}

/** A plan in words: '$114,400.00 (+4.00%) · lump sum $1,000.00', or 'No plan'. */
export function planAmountsText(plan: ImportPlanAmounts, currency: string): string {
  const parts: string[] = []
  if (plan.newSalary !== null) {
    const percent = plan.increasePercent === null ? '' : ` (${signedPercent(plan.increasePercent)})`
    parts.push(`${formatMoney(plan.newSalary, currency)}${percent}`)
  }
  if (plan.lumpSum !== null) parts.push(`lump sum ${formatMoney(plan.lumpSum, currency)}`)
  if (plan.newDollarBonus !== null) parts.push(`bonus ${formatMoney(plan.newDollarBonus, currency)}`)
  if (plan.newPercentBonus !== null) parts.push(`bonus ${formatPercent(plan.newPercentBonus, 4)}`)
  return parts.length > 0 ? parts.join(' · ') : 'No plan'
}

/** Said after Revalidate. */
export function remainingErrorsMessage(errorCount: number): string {
  if (errorCount === 0) return 'No errors found.'
  return errorCount === 1 ? '1 error remains.' : `${formatCount(errorCount)} errors remain.`
}

export function commitLabel(summary: ImportSummary | null): string {
  return summary ? `Import ${plural(summary.rows, 'employee', 'employees')}` : 'Import employees'
}

/** Commit only a reviewed import without errors, while nothing else is under way. */
export function canCommit(summary: ImportSummary | null, busy: ImportBusy | null): boolean {
  return (
    summary !== null && summary.phase === 'review' && summary.errorCount === 0 && summary.rows > 0 && !busy
  )
}

const LABELS = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header]))

/** The spec's header for a field ('payRangeName' → 'Pay Range Name'); unknown fields as given. */
export function fieldLabel(field: string): string {
  return LABELS.get(field) ?? field
}

/** The errors of one cell (errors name their column by its spec header). */
export function cellErrors(row: ImportGridRow | undefined, header: string): ImportError[] {
  if (!row) return []
  const wanted = header.toLowerCase()
  return row.errors.filter((e) => e.header.toLowerCase() === wanted)
}

/** The spec's field key of an error's column ('Hire Date' → 'hireDate'); null for a file-level error. */
export function errorField(error: ImportError): string | null {
  return error.header ? (importColumnByHeader(error.header)?.field ?? null) : null
}

/** An error's column as the user sees it: its header ('Hire Date'), never the field's internal key (issue 39). */
export function errorColumn(error: ImportError): string {
  return error.header
}

/** 'Hire Date: Required field "hireDate" is missing in row 3' (the message is the spec's, verbatim) */
export function errorText(error: ImportError): string {
  const column = errorColumn(error)
  return column ? `${column}: ${error.message}` : error.message
}

export function errorsText(errors: readonly ImportError[]): string {
  return errors.map(errorText).join('; ')
}

/** The first error of a row that names a column, for 'Go to the first error of this row'. */
export function firstErrorField(errors: readonly ImportError[]): string | null {
  for (const e of errors) {
    const field = errorField(e)
    if (field) return field
  }
  return null
}

/** 'Changing Min Pay in row 2 from “90000” to “95000”' (and the fixes already chosen) */
export function conflictLead(pending: ImportEditConflict): string {
  const change = `Changing ${pending.header} in row ${formatCount(pending.row)} from “${pending.before}” to “${pending.value}”`
  const first = `${pending.header} in row ${pending.row}`
  const then = pending.label.startsWith(`${first}; `) ? pending.label.slice(first.length + 2) : ''
  return then ? `${change}, then ${then},` : change
}

/** '199 other rows with Pay Range Name “ENG-2”' */
export function conflictKeyText(key: ImportEditConflict['keys'][number]): string {
  return `${plural(key.rows, 'other row', 'other rows')} with ${key.header} “${key.value}”`
}

/** 'Change only this cell and mark the 199 conflicts' */
export function markConflictsLabel(pending: ImportEditConflict): string {
  const rows = pending.keys.reduce((sum, key) => sum + key.rows, 0)
  return `Change only this cell and mark the ${plural(rows, 'conflict', 'conflicts')}`
}

export function isConsistencyField(field: string): field is ConsistencyField {
  return field === 'payRangeName' || field === 'jobCode'
}

export interface ConsistencyFix {
  field: ConsistencyField
  value: string
  /** The key's spec header: 'Pay Range Name' or 'Job Code'. */
  label: string
}

/** One fix per consistency key among a row's errors (several implied fields may disagree). */
export function consistencyFixes(errors: readonly ImportError[]): ConsistencyFix[] {
  const fixes: ConsistencyFix[] = []
  for (const e of errors) {
    const key = e.consistencyKey
    if (!key || !isConsistencyField(key.field)) continue
    if (fixes.some((f) => f.field === key.field && f.value === key.value)) continue
    fixes.push({ field: key.field, value: key.value, label: fieldLabel(key.field) })
  }
  return fixes
}

export function matchRowLabel(fix: ConsistencyFix, row: number): string {
  return `Make all rows with this ${fix.label} match row ${formatCount(row)}`
}

export function renameLabel(row: number): string {
  return `Rename the key on rows matching row ${formatCount(row)}`
}
