import crypto from 'node:crypto'
import type {
  ImportBatchSummary,
  ImportEditConflict,
  ImportError,
  ImportOutcome,
  ImportSummary,
} from '../../../src-shared/contract'
import { revalidateRows, validateRows, type Validation } from '../../../src-shared/domain/import-validation'
import { DEFAULT_PLAN_MODE, type PlanMode, type PlanRules } from '../../../src-shared/domain/reimport'
import type { ReimportClassification } from '../../../src-shared/domain/reimport-classification'
import type { Workbook } from '../../workbook/open'
import { existingImportKeys } from '../../workbook/queries/import-keys'
import type { StoredImportEmployee } from '../../workbook/queries/import-stored'
import { Failure } from '../failure'

/** The rows compared with the workbook's employees, kept on the job until either changes (`compare`). */
export interface Reimport {
  validation: Validation
  /** The workbook connection's total_changes() when it was read. */
  changes: number
  stored: Map<string, StoredImportEmployee>
  rules: PlanRules
  classification: ReimportClassification
}
import { DEFAULT_MISSING_CHOICE, type MissingChoice } from '../../../src-shared/domain/reimport-missing'

/** One change of the rows that can be taken back: the cells it set, with their values before and after. */
export interface ImportStep {
  label: string
  cells: { index: number; column: number; before: string; after: string }[]
}

export interface ImportJob {
  id: string
  phase: ImportSummary['phase']
  batches: ImportBatchSummary[]
  rows: string[][]
  present: Set<number>
  validation: Validation | null
  abortReason: ImportError | null
  imported: number
  startedAt: string
  controller: AbortController
  undo: ImportStep[]
  redo: ImportStep[]
  /** Settles when the current file has been read (or refused). */
  settled: Promise<void>
  /** The choice for affected plans, and the employees (by Employee Id) given their own. */
  planMode: PlanMode
  planChoices: Map<string, PlanMode>
  /** Issue 39: what becomes of the workbook's employees missing from the file. */
  missingChoice: MissingChoice
  /** At commit: the missing employees' row ids whose rewards are to end (the handler ends them). */
  endRewardsOf: number[]
  /** The last comparison with the workbook's employees (see `compare`). */
  reimport: Reimport | null
  outcome: ImportOutcome | null
  /** An edit that would make other rows disagree on a key, waiting for the user's answer. */
  pendingEdit: PendingEdit | null
}

export type ConsistencyField = 'payRangeName' | 'jobCode'

export interface PendingEdit {
  row: number
  /** The column. */
  index: number
  value: string
  /** The cells the change would set: the edit, then the fixes chosen so far (not applied). */
  step: ImportStep
  keys: ImportEditConflict['keys']
  /** The validation it was checked against, and the one the change would give. */
  base: Validation
  validation: Validation
}

export function newImportJob(): ImportJob {
  return {
    id: crypto.randomUUID(),
    phase: 'parsing',
    batches: [],
    rows: [],
    present: new Set(),
    validation: null,
    abortReason: null,
    imported: 0,
    startedAt: new Date().toISOString(),
    controller: new AbortController(),
    undo: [],
    redo: [],
    settled: Promise.resolve(),
    planMode: DEFAULT_PLAN_MODE,
    planChoices: new Map(),
    missingChoice: DEFAULT_MISSING_CHOICE,
    endRewardsOf: [],
    reimport: null,
    outcome: null,
    pendingEdit: null,
  }
}

/** The cells of row `row` (1-based). */
export function rowCells(job: ImportJob, row: number): string[] {
  const cells = job.rows[row - 1]
  if (!cells) throw new Failure('BAD_INPUT', `The import has no row ${row}.`)
  return cells
}

/** How many changes can be taken back; the oldest fall off. */
const UNDO_LIMIT = 100

/** Puts back the cells a step set; backwards, since a step may set one cell twice (an edit, then a rename). */
export function undoCells(rows: string[][], step: ImportStep): void {
  for (let i = step.cells.length - 1; i >= 0; i--) {
    const cell = step.cells[i]
    rows[cell.index][cell.column] = cell.before
  }
}

export function redoCells(rows: string[][], step: ImportStep): void {
  for (const cell of step.cells) rows[cell.index][cell.column] = cell.after
}

/** A new change: the last one to undo; what was taken back can no longer be redone. */
export function record(job: ImportJob, step: ImportStep): void {
  job.undo.push(step)
  if (job.undo.length > UNDO_LIMIT) job.undo.shift()
  job.redo = []
}

/** Re-validates after the rows at `changed` (indexes) were edited: only they are parsed again. */
export async function recheck(workbook: Workbook, job: ImportJob, changed: Iterable<number>): Promise<void> {
  const context = await existingImportKeys(workbook)
  job.validation = job.validation
    ? revalidateRows(job.validation, job.rows, changed, context)
    : validateRows(job.rows, context)
}
