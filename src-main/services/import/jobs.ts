import crypto from 'node:crypto'
import type {
  ImportBatchSummary,
  ImportEditConflict,
  ImportError,
  ImportOutcome,
  ImportPreview,
  ImportRowsPage,
  ImportSummary,
  SessionUser,
} from '../../../src-shared/contract'
import {
  IMPORT_COLUMNS,
  IMPORT_FIELD_GROUPS,
  type ImportField,
} from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX } from '../../../src-shared/domain/import-rows'
import { DEFAULT_PLAN_MODE, type PlanMode, type PlanRules } from '../../../src-shared/domain/reimport'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import type { Workbook } from '../../workbook/open'
import { existingImportKeys } from '../../workbook/queries/import-keys'
import { storedImportEmployees, type StoredImportEmployee } from '../../workbook/queries/import-stored'
import { writeImport } from '../../workbook/queries/import-write'
import { getCurrentPayCycle } from '../../workbook/queries/pay-cycles'
import { Failure } from '../failure'
import type { Emit } from '../session'
import { importErrorsCsv } from './error-report'
import { ImportCancelled, readImportCsv } from './read-csv'
import {
  classifyRows,
  outcomeOf,
  planWrites,
  type ReimportClassification,
} from '../../../src-shared/domain/reimport-classification'
import { affectedPlan, employeeUpdate } from './reimport'
import {
  revalidateRows,
  validateRows,
  type Validation,
  type ValidationContext,
} from '../../../src-shared/domain/import-validation'

/** One change of the rows that can be taken back: the cells it set, with their values before and after. */
interface ImportStep {
  label: string
  cells: { index: number; column: number; before: string; after: string }[]
}

/** How many changes can be taken back; the oldest fall off. */
const UNDO_LIMIT = 100

interface ImportJob {
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
  /** The last comparison with the workbook's employees (see `compare`). */
  reimport: Reimport | null
  outcome: ImportOutcome | null
  /** An edit that would make other rows disagree on a key, waiting for the user's answer. */
  pendingEdit: PendingEdit | null
}

type ConsistencyField = 'payRangeName' | 'jobCode'

interface PendingEdit {
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

/** Puts back the cells a step set; backwards, since a step may set one cell twice (an edit, then a rename). */
function undoCells(rows: string[][], step: ImportStep): void {
  for (let i = step.cells.length - 1; i >= 0; i--) {
    const cell = step.cells[i]
    rows[cell.index][cell.column] = cell.before
  }
}

function redoCells(rows: string[][], step: ImportStep): void {
  for (const cell of step.cells) rows[cell.index][cell.column] = cell.after
}

/**
 * The consistency keys on which rows other than `row` disagree after an edit and did not before,
 * with how many more rows disagree.
 */
function newConflicts(before: Validation, after: Validation, row: number): ImportEditConflict['keys'] {
  const rowsByKey = (validation: Validation) => {
    const keys = new Map<string, Set<number>>()
    for (const e of validation.errors) {
      if (!e.consistencyKey || e.row === row) continue
      const id = `${e.consistencyKey.field}\u0000${e.consistencyKey.value}`
      const rows = keys.get(id) ?? new Set<number>()
      rows.add(e.row)
      keys.set(id, rows)
    }
    return keys
  }
  const was = rowsByKey(before)
  const conflicts: ImportEditConflict['keys'] = []
  for (const [id, rows] of rowsByKey(after)) {
    const previous = was.get(id)
    const added = [...rows].filter((r) => !previous?.has(r)).length
    if (added === 0) continue
    const [field, value] = id.split('\u0000') as [ConsistencyField, string]
    conflicts.push({ field, header: headerOfField(field), value, rows: added })
  }
  return conflicts
}

function headerOfField(field: ImportField): string {
  return IMPORT_COLUMNS.find((c) => c.field === field)?.header ?? field
}

interface Reimport {
  validation: Validation
  /** The workbook connection's total_changes() when it was read. */
  changes: number
  stored: Map<string, StoredImportEmployee>
  rules: PlanRules
  classification: ReimportClassification
}

/**
 * The imports of one open workbook, held in memory until committed or discarded. Reading runs in
 * the background (progress: task.progress; end: import.changed) so other requests and a cancel
 * are served meanwhile. Nothing touches the workbook before commit.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>()

  constructor(private readonly emit: Emit) {}

  start(workbook: Workbook, filePath: string): ImportSummary {
    const job: ImportJob = {
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
      reimport: null,
      outcome: null,
      pendingEdit: null,
    }
    this.jobs.set(job.id, job)
    job.settled = this.read(workbook, job, filePath)
    return this.summary(job.id)
  }

  append(workbook: Workbook, importId: string, filePath: string): ImportSummary {
    const job = this.job(importId)
    if (job.phase !== 'review')
      throw new Failure('BAD_INPUT', 'Another file can be added only while reviewing an import.')
    job.phase = 'parsing'
    job.abortReason = null
    job.controller = new AbortController()
    job.settled = this.read(workbook, job, filePath)
    return this.summary(importId)
  }

  cancel(importId: string): ImportSummary {
    const job = this.job(importId)
    if (job.phase === 'parsing') job.controller.abort()
    return this.summary(importId)
  }

  async whenSettled(importId: string): Promise<ImportSummary> {
    await this.job(importId).settled
    return this.summary(importId)
  }

  summary(importId: string): ImportSummary {
    const job = this.job(importId)
    const errors = job.validation?.errors ?? []
    return {
      importId: job.id,
      phase: job.phase,
      batches: job.batches,
      rows: job.rows.length,
      rowsWithErrors: job.validation?.byRow.size ?? 0,
      errorCount: errors.length,
      headers: IMPORT_COLUMNS.filter((_, index) => job.present.has(index)).map((c) => c.header),
      abortReason: job.abortReason,
      imported: job.imported,
      undoLabel: job.undo.at(-1)?.label ?? null,
      redoLabel: job.redo.at(-1)?.label ?? null,
      outcome: job.outcome,
      pendingEdit: job.pendingEdit && {
        row: job.pendingEdit.row,
        field: IMPORT_COLUMNS[job.pendingEdit.index].field,
        header: IMPORT_COLUMNS[job.pendingEdit.index].header,
        before: job.pendingEdit.step.cells[0]?.before ?? '',
        value: job.pendingEdit.value,
        label: job.pendingEdit.step.label,
        keys: job.pendingEdit.keys,
      },
    }
  }

  /**
   * What the import would do to the workbook (new, updated and unchanged employees, affected plans),
   * over the rows without errors, with one page of the updated employees or the affected plans.
   */
  async preview(
    workbook: Workbook,
    importId: string,
    list: ImportPreview['list'],
    offset: number,
    limit: number,
  ): Promise<ImportPreview> {
    const job = this.reviewing(importId)
    const reimport = this.compare(workbook, job, await this.planRules(workbook))
    const { classification, stored, rules, validation } = reimport
    const values = (index: number) => validation.values[index] as NonNullable<Validation['values'][number]>
    const storedOf = (index: number) => stored.get(values(index).employeeId ?? '') as StoredImportEmployee
    const listed = list === 'updated' ? classification.updated : classification.affected
    const page = listed.slice(offset, offset + limit)
    return {
      ...outcomeOf(classification, job.planMode),
      pending: classification.pending,
      ownChoices: classification.affected.filter((a) => job.planChoices.has(values(a.index).employeeId ?? ''))
        .length,
      list,
      total: listed.length,
      updates:
        list === 'updated'
          ? classification.updated
              .slice(offset, offset + limit)
              .map((index) => employeeUpdate(index, values(index), storedOf(index)))
          : [],
      plans:
        list === 'plans'
          ? (page as ReimportClassification['affected']).map((entry) =>
              affectedPlan(
                entry,
                values(entry.index),
                storedOf(entry.index),
                rules,
                job.planChoices.get(values(entry.index).employeeId ?? '') ?? null,
              ),
            )
          : [],
    }
  }

  /** The choice for every affected plan (dropping the employees' own), or for one employee (null: as for all). */
  choosePlan(importId: string, mode: PlanMode | null, employeeId?: string): void {
    const job = this.reviewing(importId)
    if (employeeId === undefined) {
      if (mode === null) throw new Failure('BAD_INPUT', 'Choose what becomes of the affected plans.')
      job.planMode = mode
      job.planChoices.clear()
    } else if (mode === null) job.planChoices.delete(employeeId)
    else job.planChoices.set(employeeId, mode)
  }

  /** Imports in review with fixes made, which closing the workbook would drop. */
  pending(): { imports: number; fixes: number } {
    let imports = 0
    let fixes = 0
    for (const job of this.jobs.values()) {
      if (job.phase !== 'review' || job.undo.length === 0) continue
      imports++
      fixes += job.undo.length
    }
    return { imports, fixes }
  }

  /** Every error of the import (or the refusal of its file) as a CSV report. */
  errorReport(importId: string): { csv: string } {
    const job = this.job(importId)
    return { csv: importErrorsCsv(job.abortReason ? [job.abortReason] : (job.validation?.errors ?? [])) }
  }

  rows(importId: string, onlyErrors: boolean, offset: number, limit: number): ImportRowsPage {
    const job = this.job(importId)
    const byRow = job.validation?.byRow ?? new Map<number, ImportError[]>()
    const numbers = onlyErrors
      ? [...byRow.keys()].sort((a, b) => a - b)
      : job.rows.map((_, index) => index + 1)
    const present = IMPORT_COLUMNS.flatMap((c, index) =>
      job.present.has(index) ? [{ field: c.field, index }] : [],
    )
    return {
      total: numbers.length,
      rows: numbers.slice(offset, offset + limit).map((row) => {
        const cells = job.rows[row - 1]
        return {
          row,
          id: cells[COLUMN_INDEX.get('employeeId') as number].trim(),
          values: Object.fromEntries(present.map(({ field, index }) => [field, cells[index]])),
          errors: byRow.get(row) ?? [],
        }
      }),
    }
  }

  /**
   * Edits one cell. With conflicts 'ask', an edit that would make other rows disagree on a
   * consistency key (a pay range's pays, a job code's range…) is not applied: it waits in the
   * summary's `pendingEdit` for `resolveEdit`, so one fix never marks hundreds of untouched rows
   * without saying why.
   */
  async editCell(
    workbook: Workbook,
    importId: string,
    row: number,
    field: string,
    value: string,
    conflicts: 'ask' | 'mark' = 'mark',
  ): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    job.pendingEdit = null
    const index = COLUMN_INDEX.get(field as ImportField)
    if (index === undefined)
      throw new Failure('BAD_INPUT', `"${field}" is not a column of the employee import.`)
    const step = this.editStep(job, row, index, value)
    job.present.add(index)
    if (conflicts === 'ask' && step.cells.length > 0 && job.validation) {
      const base = job.validation
      const validation = revalidateRows(base, job.rows, [row - 1], await this.context(workbook))
      const keys = newConflicts(base, validation, row)
      if (keys.length > 0) {
        undoCells(job.rows, step)
        job.pendingEdit = { row, index, value, step, keys, base, validation }
        return this.summary(importId)
      }
    }
    if (step.cells.length > 0) this.record(job, step)
    return this.recheck(workbook, job, [row - 1])
  }

  /**
   * The answer to a pending edit: apply it and mark the conflicts ('mark'), apply it and make every
   * row with the key match the edited row ('matchRow'), apply it and give the edited row (and the
   * rows matching it) a new key ('rename'), or drop it ('cancel'). A fix that would put yet other
   * rows at odds (a renamed pay range under a job code shared with others) asks again; the whole
   * change is one undo step.
   */
  async resolveEdit(
    workbook: Workbook,
    importId: string,
    input: {
      resolution: 'mark' | 'matchRow' | 'rename' | 'cancel'
      key?: ConsistencyField
      newValue?: string
    },
  ): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    const pending = job.pendingEdit
    if (!pending) throw new Failure('BAD_INPUT', 'No change is waiting for an answer.')
    if (input.resolution !== 'cancel' && input.resolution !== 'mark' && !input.key)
      throw new Failure('BAD_INPUT', 'Name the key whose rows should agree.')
    if (input.resolution === 'rename' && !input.newValue)
      throw new Failure('BAD_INPUT', 'Give the new name for the key.')
    job.pendingEdit = null
    if (input.resolution === 'cancel') return this.summary(importId)
    redoCells(job.rows, pending.step)
    job.validation = pending.validation
    if (input.resolution === 'mark') {
      this.record(job, pending.step)
      return this.summary(importId)
    }
    const fix = this.fixCells(job, {
      row: pending.row,
      field: input.key as ConsistencyField,
      mode: input.resolution,
      newValue: input.newValue,
    })
    const step: ImportStep = {
      label: `${pending.step.label}; ${fix.label}`,
      cells: [...pending.step.cells, ...fix.cells],
    }
    const changed = new Set(step.cells.map((c) => c.index))
    const validation = revalidateRows(pending.validation, job.rows, changed, await this.context(workbook))
    const keys = newConflicts(pending.base, validation, pending.row)
    if (keys.length > 0) {
      undoCells(job.rows, step)
      job.validation = pending.base
      job.pendingEdit = { ...pending, step, keys, validation }
      return this.summary(importId)
    }
    this.record(job, step)
    job.validation = validation
    return this.summary(importId)
  }

  /**
   * 'matchRow': every row sharing the key takes row `row`'s implied values; 'rename': the rows that
   * fully match row `row` (key and implied values) take the key `newValue`.
   */
  async fixConsistency(
    workbook: Workbook,
    importId: string,
    input: { row: number; field: ConsistencyField; mode: 'matchRow' | 'rename'; newValue?: string },
  ): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    job.pendingEdit = null
    const step = this.fixCells(job, input)
    if (step.cells.length > 0) this.record(job, step)
    return this.recheck(workbook, job, new Set(step.cells.map((c) => c.index)))
  }

  /** Sets one cell, as a step to record. */
  private editStep(job: ImportJob, row: number, index: number, value: string): ImportStep {
    const cells = this.cells(job, row)
    const step: ImportStep = { label: `${IMPORT_COLUMNS[index].header} in row ${row}`, cells: [] }
    if (cells[index] !== value) {
      step.cells.push({ index: row - 1, column: index, before: cells[index], after: value })
      cells[index] = value
    }
    return step
  }

  /** The cells a consistency fix sets (set already), compared by the last validation's values. */
  private fixCells(
    job: ImportJob,
    input: { row: number; field: ConsistencyField; mode: 'matchRow' | 'rename'; newValue?: string },
  ): ImportStep {
    const source = this.cells(job, input.row)
    const key = COLUMN_INDEX.get(input.field) as number
    const keyLabel = IMPORT_COLUMNS[key].header
    const keyValue = source[key].trim()
    const implied = (IMPORT_FIELD_GROUPS[input.field] ?? []).map((f) => COLUMN_INDEX.get(f) as number)
    const parsed = job.validation?.values ?? []
    const sameKey = (index: number) => parsed[index]?.[input.field] === parsed[input.row - 1]?.[input.field]
    const sameImplied = (index: number) =>
      (IMPORT_FIELD_GROUPS[input.field] ?? []).every((f) => parsed[index]?.[f] === parsed[input.row - 1]?.[f])
    if (input.mode === 'rename' && !input.newValue)
      throw new Failure('BAD_INPUT', 'Give the new name for the key.')
    const step: ImportStep = {
      label:
        input.mode === 'matchRow'
          ? `Rows with ${keyLabel} "${keyValue}" matched to row ${input.row}`
          : `${keyLabel} "${keyValue}" renamed to "${input.newValue}"`,
      cells: [],
    }
    const set = (index: number, column: number, value: string) => {
      const cells = job.rows[index]
      if (cells[column] === value) return
      step.cells.push({ index, column, before: cells[column], after: value })
      cells[column] = value
    }
    job.rows.forEach((_, index) => {
      if (!sameKey(index)) return
      if (input.mode === 'matchRow') for (const at of implied) set(index, at, source[at])
      else if (sameImplied(index)) set(index, key, input.newValue as string)
    })
    for (const at of implied) job.present.add(at)
    return step
  }

  async revalidate(workbook: Workbook, importId: string): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    job.pendingEdit = null
    job.validation = validateRows(job.rows, await this.context(workbook))
    return this.summary(importId)
  }

  /** Undo takes back the last change of the rows; redo makes again the last one taken back. */
  async step(workbook: Workbook, importId: string, direction: 'undo' | 'redo'): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    const [from, to] = direction === 'undo' ? [job.undo, job.redo] : [job.redo, job.undo]
    const step = from.pop()
    if (!step) throw new Failure('BAD_INPUT', direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.')
    job.pendingEdit = null
    if (direction === 'undo') undoCells(job.rows, step)
    else redoCells(job.rows, step)
    to.push(step)
    return this.recheck(workbook, job, new Set(step.cells.map((c) => c.index)))
  }

  async commit(workbook: Workbook, user: SessionUser, importId: string): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    // Every change of the rows re-validates at once, so the last validation stands; the write
    // checks every reference again before it commits.
    const validation = job.validation
    if (!validation) throw new Failure('BAD_INPUT', 'The import has not been validated yet.')
    if (validation.errors.length > 0) {
      throw new Failure('BAD_INPUT', `Fix the ${validation.errors.length} errors before importing.`)
    }
    job.phase = 'committing'
    const payCycle = await getCurrentPayCycle(workbook)
    const rules = await this.planRules(workbook)
    try {
      // Read, decided and written with nothing in between: the plans are those of this moment.
      job.reimport = null
      const { classification, stored } = this.compare(workbook, job, rules)
      const plans = planWrites(
        classification,
        validation.values,
        stored,
        rules,
        (employeeId) => job.planChoices.get(employeeId) ?? job.planMode,
      )
      job.outcome = outcomeOf(classification, job.planMode)
      job.imported = writeImport(workbook, validation.values as NonNullable<Validation['values'][number]>[], {
        userId: user.id,
        fileName: job.batches.map((b) => b.fileName).join(', '),
        startedAt: job.startedAt,
        at: new Date().toISOString(),
        payCycleId: payCycle?.id ?? null,
        plans,
        onProgress: (written) =>
          this.progress(written, job.rows.length, `${written.toLocaleString('en-US')} employees written`),
      })
    } catch (error) {
      job.phase = 'review'
      job.outcome = null
      throw error
    }
    job.phase = 'imported'
    job.reimport = null
    const summary = this.summary(importId)
    this.emit('import.changed', summary)
    return summary
  }

  discard(importId: string): void {
    this.job(importId).controller.abort()
    this.jobs.delete(importId)
  }

  discardAll(): void {
    for (const id of [...this.jobs.keys()]) this.discard(id)
  }

  private async read(workbook: Workbook, job: ImportJob, filePath: string): Promise<void> {
    const started = performance.now()
    try {
      const result = await readImportCsv(filePath, {
        signal: job.controller.signal,
        onProgress: ({ bytes, totalBytes, rows }) => {
          const perSecond = Math.round(rows / Math.max((performance.now() - started) / 1000, 0.001))
          this.progress(
            bytes,
            totalBytes,
            `${rows.toLocaleString('en-US')} rows · ${perSecond.toLocaleString('en-US')} rows/s`,
          )
        },
      })
      if (!result.ok) {
        job.abortReason = result.errors[0]
        job.phase = job.rows.length > 0 ? 'review' : 'aborted'
        if (job.phase === 'aborted') job.validation = null
      } else if (result.rows.length === 0) {
        job.abortReason = {
          row: 0,
          header: '',
          id: '',
          code: 'NoRows',
          message: `${result.fileName} has no employee rows.`,
          consistencyKey: null,
        }
        job.phase = job.rows.length > 0 ? 'review' : 'aborted'
      } else {
        job.batches.push({
          fileName: result.fileName,
          offset: job.rows.length,
          rows: result.rows.length,
          encoding: result.encoding,
        })
        for (const row of result.rows) job.rows.push(row)
        for (const index of result.presentColumns) job.present.add(index)
        job.phase = 'review'
        await this.revalidate(workbook, job.id)
      }
    } catch (error) {
      const cancelled = error instanceof ImportCancelled
      const message = cancelled
        ? error.message
        : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`
      job.abortReason = {
        row: 0,
        header: '',
        id: '',
        code: cancelled ? 'Cancelled' : 'ReadFailed',
        message,
        consistencyKey: null,
      }
      job.phase = job.rows.length > 0 ? 'review' : 'aborted'
    }
    if (this.jobs.has(job.id)) this.emit('import.changed', this.summary(job.id))
  }

  /** A new change: the last one to undo; what was taken back can no longer be redone. */
  private record(job: ImportJob, step: ImportStep): void {
    job.undo.push(step)
    if (job.undo.length > UNDO_LIMIT) job.undo.shift()
    job.redo = []
  }

  /** Re-validates after the rows at `changed` (indexes) were edited: only they are parsed again. */
  private async recheck(
    workbook: Workbook,
    job: ImportJob,
    changed: Iterable<number>,
  ): Promise<ImportSummary> {
    const context = await this.context(workbook)
    job.validation = job.validation
      ? revalidateRows(job.validation, job.rows, changed, context)
      : validateRows(job.rows, context)
    return this.summary(job.id)
  }

  private async context(workbook: Workbook): Promise<ValidationContext> {
    return existingImportKeys(workbook)
  }

  /**
   * The rows compared with the workbook's employees. The employees are read again only when the
   * workbook changed (an edit re-classifies the rows, ~0.1 s at 100,000, without the read, ~0.5 s).
   */
  private compare(workbook: Workbook, job: ImportJob, rules: PlanRules): Reimport {
    const validation = job.validation
    if (!validation) throw new Failure('BAD_INPUT', 'The import has not been validated yet.')
    const changes = workbook.sqlite.prepare('SELECT total_changes()').pluck().get() as number
    const kept = job.reimport
    const stored = kept && kept.changes === changes ? kept.stored : storedImportEmployees(workbook)
    if (
      kept &&
      kept.stored === stored &&
      kept.validation === validation &&
      JSON.stringify(kept.rules) === JSON.stringify(rules)
    )
      return kept
    job.reimport = {
      validation,
      changes,
      stored,
      rules,
      classification: classifyRows(validation, stored, rules),
    }
    return job.reimport
  }

  /** What decides eligibility and converts amounts: the current pay cycle's settings and rates. */
  private async planRules(workbook: Workbook): Promise<PlanRules> {
    const payCycle = await getCurrentPayCycle(workbook)
    return {
      settings: payCycle?.settings ?? DEFAULT_SETTINGS,
      currency: {
        defaultCurrency: payCycle?.defaultCurrency ?? 'USD',
        rates: payCycle?.currencyConversions ?? {},
      },
    }
  }

  private progress(done: number, total: number, message: string): void {
    this.emit('task.progress', { task: 'import', done, total, message })
  }

  private job(importId: string): ImportJob {
    const job = this.jobs.get(importId)
    if (!job) throw new Failure('NOT_FOUND', 'This import is no longer open; choose the file again.')
    return job
  }

  private reviewing(importId: string): ImportJob {
    const job = this.job(importId)
    if (job.phase !== 'review')
      throw new Failure('BAD_INPUT', `The import is ${job.phase}, not waiting for review.`)
    return job
  }

  private cells(job: ImportJob, row: number): string[] {
    const cells = job.rows[row - 1]
    if (!cells) throw new Failure('BAD_INPUT', `The import has no row ${row}.`)
    return cells
  }
}
