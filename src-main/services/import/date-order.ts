import { dayFirstIsoDate } from '../../../src-shared/domain/import-dates'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX } from '../../../src-shared/domain/import-rows'
import type { Workbook } from '../../workbook/open'
import { recheck, record, type ImportJob, type ImportStep } from './job'

export type DateField = 'hireDate' | 'dateOfLastIncrease'

/**
 * "This column is day-first" (issue 36): every d/m/yyyy cell of the column is rewritten as its
 * day-first yyyy-mm-dd, one undo step.
 */
export async function readColumnDayFirst(
  workbook: Workbook,
  job: ImportJob,
  field: DateField,
): Promise<void> {
  job.pendingEdit = null
  const column = COLUMN_INDEX.get(field) as number
  const step: ImportStep = { label: `${IMPORT_COLUMNS[column].header} read day-first`, cells: [] }
  job.rows.forEach((cells, index) => {
    const before = cells[column] ?? ''
    const after = before.includes('/') ? dayFirstIsoDate(before) : null
    if (after === null || after === before) return
    step.cells.push({ index, column, before, after })
    cells[column] = after
  })
  if (step.cells.length > 0) record(job, step)
  await recheck(workbook, job, new Set(step.cells.map((c) => c.index)))
}
