import type {
  ImportError,
  ImportPreview,
  ImportProgressStep,
  ImportRowsPage,
  ImportSummary,
  SessionUser,
} from '../../../src-shared/contract'
import { IMPORT_LISTED_WARNINGS } from '../../../src-shared/contract/import-dto'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX } from '../../../src-shared/domain/import-rows'
import type { PlanMode } from '../../../src-shared/domain/reimport'
import type { MissingChoice } from '../../../src-shared/domain/reimport-missing'
import type { Workbook } from '../../workbook/open'
import { Failure } from '../failure'
import type { Emit } from '../emit'
import { commitImport } from './commit'
import { choosePlanMode, previewImport } from './comparison'
import { fixKeyConsistency, resolvePendingEdit } from './consistency'
import { readColumnDayFirst, type DateField } from './date-order'
import { editImportCell, revalidateAll, undoOrRedo } from './edits'
import { importErrorsCsv } from './error-report'
import { newImportJob, type ConsistencyField, type ImportJob } from './job'
import { ImportCancelled, readImportCsv } from './read-csv'
import { countOf } from '../../../src-shared/domain/words'

/**
 * The imports of one open workbook, held in memory until committed or discarded. Reading runs in
 * the background (progress: task.progress; end: import.changed) so other requests and a cancel
 * are served meanwhile. Nothing touches the workbook before commit. The review's edits and their
 * undo are in `edits.ts`, consistency fixes in `consistency.ts`, what the import would do in
 * `comparison.ts`, the write in `commit.ts`.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>()

  constructor(private readonly emit: Emit) {}

  start(workbook: Workbook, filePath: string): ImportSummary {
    const job = newImportJob()
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
      warnings: (job.validation?.warnings ?? []).slice(0, IMPORT_LISTED_WARNINGS),
      warningCount: job.validation?.warnings.length ?? 0,
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
    return previewImport(workbook, this.reviewing(importId), list, offset, limit)
  }

  /** The choice for every affected plan (dropping the employees' own), or for one employee (null: as for all). */
  /** Issue 39: what becomes of the workbook's employees missing from the file. */
  chooseMissing(importId: string, choice: MissingChoice): void {
    this.reviewing(importId).missingChoice = choice
  }

  /** After commit: the missing employees whose rewards are to end, taken once. */
  takeEndedRewards(importId: string): number[] {
    const job = this.job(importId)
    const ids = job.endRewardsOf
    job.endRewardsOf = []
    return ids
  }

  choosePlan(importId: string, mode: PlanMode | null, employeeId?: string): void {
    choosePlanMode(this.reviewing(importId), mode, employeeId)
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
    const numbers = onlyErrors ? [...byRow.keys()] : job.rows.map((_, index) => index + 1)
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

  /** Edits one cell; with conflicts 'ask', one that would put other rows at odds waits (see `editImportCell`). */
  async editCell(
    workbook: Workbook,
    importId: string,
    row: number,
    field: string,
    value: string,
    conflicts: 'ask' | 'mark' = 'mark',
  ): Promise<ImportSummary> {
    await editImportCell(workbook, this.reviewing(importId), row, field, value, conflicts)
    return this.summary(importId)
  }

  /** The answer to a pending edit: mark, make all match, rename or cancel (see `resolvePendingEdit`). */
  async resolveEdit(
    workbook: Workbook,
    importId: string,
    input: {
      resolution: 'mark' | 'matchRow' | 'rename' | 'cancel'
      key?: ConsistencyField
      newValue?: string
    },
  ): Promise<ImportSummary> {
    await resolvePendingEdit(workbook, this.reviewing(importId), input)
    return this.summary(importId)
  }

  /** Makes the rows sharing a key agree with row `row`, or gives its rows a new key (see `fixKeyConsistency`). */
  async fixConsistency(
    workbook: Workbook,
    importId: string,
    input: { row: number; field: ConsistencyField; mode: 'matchRow' | 'rename'; newValue?: string },
  ): Promise<ImportSummary> {
    await fixKeyConsistency(workbook, this.reviewing(importId), input)
    return this.summary(importId)
  }

  /** Reads a date column day-first (see `readColumnDayFirst`). */
  async readDayFirst(workbook: Workbook, importId: string, field: DateField): Promise<ImportSummary> {
    await readColumnDayFirst(workbook, this.reviewing(importId), field)
    return this.summary(importId)
  }

  async revalidate(workbook: Workbook, importId: string): Promise<ImportSummary> {
    await revalidateAll(workbook, this.reviewing(importId))
    return this.summary(importId)
  }

  /** Undo takes back the last change of the rows; redo makes again the last one taken back. */
  async step(workbook: Workbook, importId: string, direction: 'undo' | 'redo'): Promise<ImportSummary> {
    await undoOrRedo(workbook, this.reviewing(importId), direction)
    return this.summary(importId)
  }

  async commit(workbook: Workbook, user: SessionUser, importId: string): Promise<ImportSummary> {
    const job = this.reviewing(importId)
    const total = job.rows.length
    await commitImport(workbook, user, job, (phase, rows) => {
      const message =
        phase === 'write'
          ? `${countOf(rows, 'employee')} written`
          : rows === 0
            ? `Saving ${countOf(total, 'employee')}`
            : `${countOf(rows, 'employee')} saved`
      this.progress(rows, total, message, { phase, rows, rowsTotal: total })
    })
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
            { phase: 'read', rows, rowsTotal: bytes === totalBytes ? rows : null },
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
        const total = job.rows.length
        const rows = total.toLocaleString('en-US')
        this.progress(0, total, `Checking ${rows} rows`, { phase: 'validate', rows: 0, rowsTotal: total })
        await this.revalidate(workbook, job.id)
        this.progress(total, total, `${rows} rows checked`, {
          phase: 'validate',
          rows: total,
          rowsTotal: total,
        })
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

  private progress(done: number, total: number, message: string, step: ImportProgressStep): void {
    this.emit('task.progress', { task: 'import', done, total, message, step })
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
}
