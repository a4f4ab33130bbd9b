import type { PlanEffectReason, PlanMode } from '../domain/reimport'
import type { MissingChoice } from '../domain/reimport-missing'
import type { RowError } from './dto'

/** One problem in an import; consistency errors name the key their rows share (spec §3 "Import results"). */
export interface ImportError extends RowError {
  /** e.g. { field: 'payRangeName', value: 'ENG-3' } for rows that disagree on what that range implies. */
  consistencyKey: { field: string; value: string } | null
}

/** A row the import lets through but a person should look at (a pay far below its range). */
export type ImportWarning = RowError

export interface ImportBatchSummary {
  fileName: string
  /** Rows of this batch are numbered from offset + 1 in the results. */
  offset: number
  rows: number
  /** How its bytes were read: UTF-8, or Windows-1252 for a spreadsheet's plain CSV (see csv-text.ts). */
  encoding: 'UTF-8' | 'Windows-1252'
}

/** How many warnings an import's summary lists. */
export const IMPORT_LISTED_WARNINGS = 1000

/** Where an import stands: parsing a file, waiting for fixes, or done. */
export type ImportPhase = 'parsing' | 'review' | 'committing' | 'imported' | 'aborted'

export interface ImportSummary {
  importId: string
  phase: ImportPhase
  batches: ImportBatchSummary[]
  rows: number
  /** Rows with at least one error. */
  rowsWithErrors: number
  errorCount: number
  /** At most IMPORT_LISTED_WARNINGS of them; warningCount says how many there are. */
  warnings: ImportWarning[]
  warningCount: number
  /** Headers present in the files (spec labels), in the spec's order. */
  headers: string[]
  /** The file-level refusal (missing required header, unreadable file), when aborted. */
  abortReason: ImportError | null
  imported: number
  /** What an undo would take back ('Email in row 2'), or null; the same for redo. */
  undoLabel: string | null
  redoLabel: string | null
  /** After commit: what the import did. */
  outcome: ImportOutcome | null
  /** An edit not applied yet: it would make other rows disagree on a consistency key. */
  pendingEdit: ImportEditConflict | null
}

/** An edit that would make rows other than its own disagree on a consistency key (spec §3 grouping hints). */
export interface ImportEditConflict {
  row: number
  field: string
  header: string
  /** The cell's text before and the text typed. */
  before: string
  value: string
  /** The whole change so far: 'Min Pay in row 2', then any fix already chosen ('; Pay Range Name "X" renamed to "Y"'). */
  label: string
  /** Each key on which more rows would disagree, and how many more. */
  keys: { field: 'payRangeName' | 'jobCode'; header: string; value: string; rows: number }[]
}

/** A page of rows for the results grid. Values are the text as typed (edits included). */
export interface ImportRowsPage {
  total: number
  rows: { row: number; id: string; values: Record<string, string>; errors: ImportError[] }[]
}

/** The CLI's and the commit's answer (issue format). */
export interface ImportResult {
  status: 'imported' | 'invalid' | 'aborted'
  rows: number
  imported: number
  /** What the import did (all 0 when nothing was written). */
  created: number
  updated: number
  unchanged: number
  plansAffected: number
  /** The choice applied to affected plans (`--plans`). */
  planMode: ImportPlanMode
  errors: RowError[]
  warnings: ImportWarning[]
}

/** What becomes of an affected plan on a re-import (src-shared/domain/reimport.ts). */
export type ImportPlanMode = PlanMode

/** What the import does to the employees (before commit: would do), counted over rows without errors. */
export interface ImportOutcome {
  created: number
  updated: number
  unchanged: number
  /** Updated employees with a plan whose pay, currency, pay range, eligibility or name changes. */
  plansAffected: number
  /** The choice for affected plans without one of their own. */
  planMode: ImportPlanMode
  /** Issue 39, after commit: missing employees whose rewards were ended, and those refused (a locked plan). */
  rewardsEnded?: number
  rewardsNotEnded?: string[]
}

/** One updated employee and the fields the file changes. */
export interface ImportEmployeeUpdate {
  row: number
  employeeId: string
  name: string
  changes: { field: string; header: string; before: string; after: string }[]
}

/** Planned amounts (cents of the pay currency) and the increase they give over current pay. */
export interface ImportPlanAmounts {
  newSalary: number | null
  /** Percent over the current pay it is compared with; null without a new salary. */
  increasePercent: number | null
  lumpSum: number | null
  newDollarBonus: number | null
  newPercentBonus: number | null
}

/** An employee whose plan the file affects, with what each choice would make of it. */
export interface ImportAffectedPlan {
  row: number
  employeeId: string
  name: string
  previousName: string
  /** The Employee Id's name changed: probably another person. */
  probableDifferentPerson: boolean
  /** Why, in words: 'Current pay: $80,000.00 → $84,000.00'. */
  reasons: { reason: PlanEffectReason; text: string }[]
  currency: string
  previousCurrency: string
  currentPay: number
  previousCurrentPay: number
  /** The plan as it stands (increase over the previous current pay). */
  plan: ImportPlanAmounts
  /** The plan after the import, per choice (increase over the new current pay). */
  outcomes: Record<ImportPlanMode, ImportPlanAmounts>
  /** This employee's own choice; null follows the choice for all. */
  choice: ImportPlanMode | null
}

/** Before commit: what the import will do, and one page of the updated employees or affected plans. */
export interface ImportPreview extends ImportOutcome {
  /** Rows with errors, counted once fixed. */
  pending: number
  /** Affected plans given a choice of their own. */
  ownChoices: number
  list: 'updated' | 'plans'
  /** Rows in the list asked for. */
  total: number
  updates: ImportEmployeeUpdate[]
  plans: ImportAffectedPlan[]
  /** Issue 39: the workbook's employees the file does not hold (the first MISSING_LISTED by name), and the choice. */
  missing: {
    total: number
    /** Of them, with a planned raise, bonus or lump sum. */
    planned: number
    employees: { employeeId: string; name: string; planned: boolean }[]
    choice: MissingChoice
  }
}
