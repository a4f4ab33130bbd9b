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

/** Each manager chain is walked once: state per row is 0 unseen, 1 on the current walk, 2 done. */
function cycleErrors(rows: readonly (ImportRow | null)[], managerRow: Int32Array): RowCheckError[] {
  const errors: RowCheckError[] = []
  const state = new Uint8Array(rows.length)
  const path: number[] = []
  for (let start = 0; start < rows.length; start++) {
    if (state[start] !== 0 || managerRow[start] === -1) continue
    path.length = 0
    let at = start
    while (at !== -1 && state[at] === 0) {
      state[at] = 1
      path.push(at)
      at = managerRow[at]
    }
    if (at !== -1 && state[at] === 1) {
      const cycle = path.slice(path.indexOf(at))
      const chain = [...cycle, at].map((index) => rows[index]?.employeeId).join(' → ')
      for (const member of cycle) {
        errors.push({
          row: member + 1,
          field: 'managerEmployeeId',
          code: 'ManagementCycle',
          message: `Management cycle: ${chain}`,
          consistencyKey: null,
        })
      }
    }
    for (const visited of path) state[visited] = 2
  }
  return errors
}

function referenceError(
  index: number,
  field: ImportField,
  code: string,
  what: string,
  value: string,
): RowCheckError {
  return {
    row: index + 1,
    field,
    code,
    message: `${HEADER.get(field)} "${value}" names no ${what}`,
    consistencyKey: null,
  }
}

export function crossRowErrors(
  rows: readonly (ImportRow | null)[],
  context: CrossRowContext,
): RowCheckError[] {
  const errors: RowCheckError[] = []
  const rowOfId = new Map<string, number>()
  const jobCodes = new Set(context.existingJobCodes)
  for (let index = 0; index < rows.length; index++) {
    const values = rows[index]
    const id = values?.employeeId
    if (!values || !id) continue
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
  }
  const known = (id: string) => rowOfId.has(id) || context.existingEmployeeIds.has(id)
  // The row of each row's manager when the manager is in this import (-1 otherwise), for the cycle walk.
  const managerRow = new Int32Array(rows.length).fill(-1)
  for (let index = 0; index < rows.length; index++) {
    const values = rows[index]
    if (!values) continue
    const { managerEmployeeId: manager, planner, newJobCode } = values
    if (manager) {
      const at = rowOfId.get(manager)
      if (at !== undefined) {
        // Only the row that holds the Employee Id leads on up the chain.
        if (rowOfId.get(values.employeeId ?? '') === index) managerRow[index] = at
      } else if (!context.existingEmployeeIds.has(manager))
        errors.push(referenceError(index, 'managerEmployeeId', 'UnknownManager', 'employee', manager))
    }
    if (planner && !known(planner))
      errors.push(referenceError(index, 'planner', 'UnknownPlanner', 'employee', planner))
    if (newJobCode && !jobCodes.has(newJobCode))
      errors.push(referenceError(index, 'newJobCode', 'UnknownJobCode', 'job code', newJobCode))
  }
  return [...errors, ...consistencyErrors(rows, context.invalidFields), ...cycleErrors(rows, managerRow)]
}
