import { IMPORT_COLUMNS, type ImportField } from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX } from '../../../src-shared/domain/import-rows'
import { revalidateRows, validateRows } from '../../../src-shared/domain/import-validation'
import type { Workbook } from '../../workbook/open'
import { existingImportKeys } from '../../workbook/queries/import-keys'
import { Failure } from '../failure'
import { newConflicts } from './consistency'
import { recheck, record, redoCells, rowCells, undoCells, type ImportJob, type ImportStep } from './job'

/** Every row validated again, whole. */
export async function revalidateAll(workbook: Workbook, job: ImportJob): Promise<void> {
  job.pendingEdit = null
  job.validation = validateRows(job.rows, await existingImportKeys(workbook))
}

/**
 * Edits one cell. With conflicts 'ask', an edit that would make other rows disagree on a
 * consistency key (a pay range's pays, a job code's range…) is not applied: it waits in the
 * job's `pendingEdit` for `resolvePendingEdit`, so one fix never marks hundreds of untouched rows
 * without saying why.
 */
export async function editImportCell(
  workbook: Workbook,
  job: ImportJob,
  row: number,
  field: string,
  value: string,
  conflicts: 'ask' | 'mark',
): Promise<void> {
  job.pendingEdit = null
  const index = COLUMN_INDEX.get(field as ImportField)
  if (index === undefined)
    throw new Failure('BAD_INPUT', `"${field}" is not a column of the employee import.`)
  const step = editStep(job, row, index, value)
  job.present.add(index)
  if (conflicts === 'ask' && step.cells.length > 0 && job.validation) {
    const base = job.validation
    const validation = revalidateRows(base, job.rows, [row - 1], await existingImportKeys(workbook))
    const keys = newConflicts(base, validation, row)
    if (keys.length > 0) {
      undoCells(job.rows, step)
      job.pendingEdit = { row, index, value, step, keys, base, validation }
      return
    }
  }
  if (step.cells.length > 0) record(job, step)
  await recheck(workbook, job, [row - 1])
}

/** Sets one cell, as a step to record. */
function editStep(job: ImportJob, row: number, index: number, value: string): ImportStep {
  const cells = rowCells(job, row)
  const step: ImportStep = { label: `${IMPORT_COLUMNS[index].header} in row ${row}`, cells: [] }
  if (cells[index] !== value) {
    step.cells.push({ index: row - 1, column: index, before: cells[index], after: value })
    cells[index] = value
  }
  return step
}

/** Undo takes back the last change of the rows; redo makes again the last one taken back. */
export async function undoOrRedo(
  workbook: Workbook,
  job: ImportJob,
  direction: 'undo' | 'redo',
): Promise<void> {
  const [from, to] = direction === 'undo' ? [job.undo, job.redo] : [job.redo, job.undo]
  const step = from.pop()
  if (!step) throw new Failure('BAD_INPUT', direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.')
  job.pendingEdit = null
  if (direction === 'undo') undoCells(job.rows, step)
  else redoCells(job.rows, step)
  to.push(step)
  await recheck(workbook, job, new Set(step.cells.map((c) => c.index)))
}
