import { IMPORT_COLUMNS, IMPORT_FIELD_GROUPS, type ImportField, type ImportRow } from './import-format'
import { plainMoney } from './csv-format'
import { MONEY_FIELDS, type ImportCellError } from './import-rows'

/**
 * Checks across the rows of an import: consistency keys (spec §3 grouping hints) and what users
 * also expect: unique Employee Ids, managers, planners and new job codes that name someone or
 * something, and no management cycle. `rows[i]` is data row i + 1.
 */

export interface RowCheckError extends ImportCellError {
  /** 1-based data row. */
  row: number
  consistencyKey: { field: ImportField; value: string } | null
}

export interface CrossRowContext {
  /** Employee Ids already in the workbook (a re-import may name managers it does not repeat). */
  existingEmployeeIds: ReadonlySet<string>
  existingJobCodes: ReadonlySet<string>
  /** Per row, the fields whose value did not parse: they already carry an error and are not compared. */
  invalidFields?: readonly (ReadonlySet<ImportField> | undefined)[]
}

const HEADER = new Map(IMPORT_COLUMNS.map((c) => [c.field, c.header]))

function display(field: ImportField, value: ImportRow[ImportField]): string {
  if (value === null) return '(empty)'
  return MONEY_FIELDS.has(field) && typeof value === 'number' ? plainMoney(value) : String(value)
}

function consistencyErrors(
  rows: readonly (ImportRow | null)[],
  invalid: CrossRowContext['invalidFields'] = [],
): RowCheckError[] {
  const errors: RowCheckError[] = []
  for (const [key, implied] of Object.entries(IMPORT_FIELD_GROUPS) as [
    ImportField,
    readonly ImportField[],
  ][]) {
    const reference = new Map<string, number>()
    rows.forEach((values, index) => {
      const keyValue = values?.[key]
      if (!values || keyValue === null || keyValue === undefined) return
      const first = reference.get(String(keyValue))
      if (first === undefined) {
        reference.set(String(keyValue), index)
        return
      }
      const firstValues = rows[first] as ImportRow
      for (const field of implied) {
        if (values[field] === firstValues[field] || invalid[index]?.has(field) || invalid[first]?.has(field))
          continue
        errors.push({
          row: index + 1,
          field,
          code: 'InconsistentValue',
          message: `Rows with ${HEADER.get(key)} "${String(keyValue)}" must agree on ${HEADER.get(field)}: row ${first + 1} has ${display(field, firstValues[field])}, this row ${display(field, values[field])}`,
          consistencyKey: { field: key, value: String(keyValue) },
        })
      }
    })
  }
  return errors
}

function cycleErrors(
  rows: readonly (ImportRow | null)[],
  rowOfId: ReadonlyMap<string, number>,
): RowCheckError[] {
  const errors: RowCheckError[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  for (const start of rowOfId.keys()) {
    const path: string[] = []
    let id: string | null = start
    while (id !== null && !state.has(id)) {
      state.set(id, 'visiting')
      path.push(id)
      const manager: string | null = rows[rowOfId.get(id) as number]?.managerEmployeeId ?? null
      id = manager !== null && rowOfId.has(manager) ? manager : null
    }
    if (id !== null && state.get(id) === 'visiting') {
      const cycle = path.slice(path.indexOf(id))
      const chain = [...cycle, id].join(' → ')
      for (const member of cycle) {
        errors.push({
          row: (rowOfId.get(member) as number) + 1,
          field: 'managerEmployeeId',
          code: 'ManagementCycle',
          message: `Management cycle: ${chain}`,
          consistencyKey: null,
        })
      }
    }
    for (const visited of path) state.set(visited, 'done')
  }
  return errors
}

export function crossRowErrors(
  rows: readonly (ImportRow | null)[],
  context: CrossRowContext,
): RowCheckError[] {
  const errors: RowCheckError[] = []
  const rowOfId = new Map<string, number>()
  const jobCodes = new Set(context.existingJobCodes)
  rows.forEach((values, index) => {
    const id = values?.employeeId
    if (!values || !id) return
    if (values.jobCode) jobCodes.add(values.jobCode)
    const first = rowOfId.get(id)
    if (first === undefined) rowOfId.set(id, index)
    else {
      errors.push({
        row: index + 1,
        field: 'employeeId',
        code: 'DuplicateEmployeeId',
        message: `Employee Id "${id}" is already used in row ${first + 1}`,
        consistencyKey: null,
      })
    }
  })
  const known = (id: string) => rowOfId.has(id) || context.existingEmployeeIds.has(id)
  rows.forEach((values, index) => {
    if (!values) return
    const reference = (field: ImportField, code: string, what: string, ok: (value: string) => boolean) => {
      const value = values[field]
      if (typeof value === 'string' && value !== '' && !ok(value)) {
        errors.push({
          row: index + 1,
          field,
          code,
          message: `${HEADER.get(field)} "${value}" names no ${what}`,
          consistencyKey: null,
        })
      }
    }
    reference('managerEmployeeId', 'UnknownManager', 'employee', known)
    reference('planner', 'UnknownPlanner', 'employee', known)
    reference('newJobCode', 'UnknownJobCode', 'job code', (code) => jobCodes.has(code))
  })
  return [...errors, ...consistencyErrors(rows, context.invalidFields), ...cycleErrors(rows, rowOfId)]
}
