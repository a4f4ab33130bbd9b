import type { ImportEditConflict } from '../../../src-shared/contract'
import {
  IMPORT_COLUMNS,
  IMPORT_FIELD_GROUPS,
  type ImportField,
} from '../../../src-shared/domain/import-format'
import { COLUMN_INDEX } from '../../../src-shared/domain/import-rows'
import { revalidateRows, type Validation } from '../../../src-shared/domain/import-validation'
import type { Workbook } from '../../workbook/open'
import { existingImportKeys } from '../../workbook/queries/import-keys'
import { Failure } from '../failure'
import {
  recheck,
  record,
  redoCells,
  rowCells,
  undoCells,
  type ConsistencyField,
  type ImportJob,
  type ImportStep,
} from './job'

/**
 * The consistency keys on which rows other than `row` disagree after an edit and did not before,
 * with how many more rows disagree.
 */
export function newConflicts(before: Validation, after: Validation, row: number): ImportEditConflict['keys'] {
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

/**
 * The answer to a pending edit: apply it and mark the conflicts ('mark'), apply it and make every
 * row with the key match the edited row ('matchRow'), apply it and give the edited row (and the
 * rows matching it) a new key ('rename'), or drop it ('cancel'). A fix that would put yet other
 * rows at odds (a renamed pay range under a job code shared with others) asks again; the whole
 * change is one undo step.
 */
export async function resolvePendingEdit(
  workbook: Workbook,
  job: ImportJob,
  input: {
    resolution: 'mark' | 'matchRow' | 'rename' | 'cancel'
    key?: ConsistencyField
    newValue?: string
  },
): Promise<void> {
  const pending = job.pendingEdit
  if (!pending) throw new Failure('BAD_INPUT', 'No change is waiting for an answer.')
  if (input.resolution !== 'cancel' && input.resolution !== 'mark' && !input.key)
    throw new Failure('BAD_INPUT', 'Name the key whose rows should agree.')
  if (input.resolution === 'rename' && !input.newValue)
    throw new Failure('BAD_INPUT', 'Give the new name for the key.')
  job.pendingEdit = null
  if (input.resolution === 'cancel') return
  redoCells(job.rows, pending.step)
  job.validation = pending.validation
  if (input.resolution === 'mark') {
    record(job, pending.step)
    return
  }
  const fix = fixCells(job, {
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
  const validation = revalidateRows(pending.validation, job.rows, changed, await existingImportKeys(workbook))
  const keys = newConflicts(pending.base, validation, pending.row)
  if (keys.length > 0) {
    undoCells(job.rows, step)
    job.validation = pending.base
    job.pendingEdit = { ...pending, step, keys, validation }
    return
  }
  record(job, step)
  job.validation = validation
}

/**
 * 'matchRow': every row sharing the key takes row `row`'s implied values; 'rename': the rows that
 * fully match row `row` (key and implied values) take the key `newValue`.
 */
export async function fixKeyConsistency(
  workbook: Workbook,
  job: ImportJob,
  input: { row: number; field: ConsistencyField; mode: 'matchRow' | 'rename'; newValue?: string },
): Promise<void> {
  job.pendingEdit = null
  const step = fixCells(job, input)
  if (step.cells.length > 0) record(job, step)
  await recheck(workbook, job, new Set(step.cells.map((c) => c.index)))
}

/** The cells a consistency fix sets (set already), compared by the last validation's values. */
function fixCells(
  job: ImportJob,
  input: { row: number; field: ConsistencyField; mode: 'matchRow' | 'rename'; newValue?: string },
): ImportStep {
  const source = rowCells(job, input.row)
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
