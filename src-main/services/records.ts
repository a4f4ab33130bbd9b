import type {
  JobProfileRowDto,
  JobProfileUpdateResult,
  EmployeeRecordDto,
  EmployeeUpdateResult,
  PayRangeRowDto,
  PayRangeUpdateResult,
  SessionUser,
} from '../../src-shared/contract'
import {
  EMPLOYEE_FIELDS,
  PAY_RANGE_FIELDS,
  describeRecordChanges,
  parseRecordChanges,
  payRangeOrderError,
  recordTexts,
  JOB_PROFILE_FIELDS,
  type EmployeeField,
  type JobProfileField,
  type PayRangeField,
  type RecordField,
  type RecordValue,
} from '../../src-shared/domain/company-records'
import type { Workbook } from '../workbook/open'
import { appendChangeLog } from '../workbook/queries/change-log'
import {
  changeLogOldValue,
  deleteEmployeeLogged,
  employeeKeyTaken,
  restoreEmployeeLogged,
  snapshotEmployee,
  type EmployeeSnapshot,
  employeeIdByCompanyId,
  jobProfileIdByCode,
  listPayRangeUsage,
  readEmployeeRecord,
  readPayRange,
  writeEmployee,
  writePayRange,
  listJobProfileRows,
  payRangeIdsByName,
  readJobProfile,
  writeJobProfile,
  type EmployeeRecordRow,
  type JobProfileRow,
  type JobProfileValues,
  type EmployeeValues,
  type PayRangeValues,
  PAY_RANGE_COLUMN,
} from '../workbook/queries/records'
import { listPayRanges } from '../workbook/queries/planning'
import { enqueueChange } from '../workbook/queries/sync'
import { Failure } from './failure'
import { requireStorableText } from './free-text'

/**
 * The company's records, in place: an employee's admin-view fields and pay ranges, validated with
 * the import's rules, one change-log entry per save (old and new values). The caller drops the
 * table model afterwards: pay, currency and ranges feed every computed column.
 */

function toRecordDto(row: EmployeeRecordRow): EmployeeRecordDto {
  return {
    id: row.id,
    companyEmployeeId: row.companyEmployeeId,
    teamName: row.teamName,
    managerName: row.managerName,
    values: recordTexts(EMPLOYEE_FIELDS, row.values),
  }
}

export function employeeRecord(workbook: Workbook, employeeId: number): EmployeeRecordDto {
  const row = readEmployeeRecord(workbook, employeeId)
  if (!row) throw new Failure('NOT_FOUND', `No employee has the id ${employeeId}.`)
  return toRecordDto(row)
}

/** By the workbook's id, or by the company's Employee Id. */
export function findEmployeeRecord(
  workbook: Workbook,
  key: { employeeId?: number; companyEmployeeId?: string },
): EmployeeRecordDto {
  if (key.employeeId !== undefined) return employeeRecord(workbook, key.employeeId)
  const id = employeeIdByCompanyId(workbook, key.companyEmployeeId ?? '')
  if (id === null)
    throw new Failure('NOT_FOUND', `No employee has the Employee Id "${key.companyEmployeeId}".`)
  return employeeRecord(workbook, id)
}

/** Parses every change; all errors at once, each naming its field. Unchanged values are dropped. */
function parseChanges<F extends string>(
  fields: Record<F, RecordField>,
  current: Record<F, RecordValue>,
  changes: Partial<Record<F, string>>,
  where: string,
): Partial<Record<F, RecordValue>> {
  const parsed = parseRecordChanges(fields, current, changes)
  if (!parsed.ok) throw new Failure('BAD_INPUT', `${where}: ${parsed.errors.join('; ')}`)
  return parsed.changes
}

const describe = describeRecordChanges

export async function updateEmployee(
  workbook: Workbook,
  actor: SessionUser,
  input: { employeeId: number; changes: Partial<Record<EmployeeField, string>> },
  now = new Date(),
): Promise<EmployeeUpdateResult> {
  requireStorableText(input.changes)
  const row = readEmployeeRecord(workbook, input.employeeId)
  if (!row) throw new Failure('NOT_FOUND', `No employee has the id ${input.employeeId}.`)
  const where = `${row.values.name} (${row.companyEmployeeId})`
  const changes: Partial<EmployeeValues> = parseChanges(EMPLOYEE_FIELDS, row.values, input.changes, where)
  let jobProfileId: number | null | undefined
  if (changes.jobCode !== undefined) {
    jobProfileId = jobProfileIdByCode(workbook, String(changes.jobCode))
    if (jobProfileId === null)
      throw new Failure('BAD_INPUT', `${where}: Job Code "${String(changes.jobCode)}" names no job profile`)
  }
  const { before, after } = describe(EMPLOYEE_FIELDS, row.values, changes)
  if (Object.keys(after).length === 0)
    return { record: toRecordDto(row), before: {}, message: 'Nothing changed.' }
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await writeEmployee(trx, row.id, changes, jobProfileId)
    // A replica sends the fields as text (PUT /employees/{id}/ parses them as here); a refusal puts back the values.
    const previous = Object.fromEntries(Object.keys(after).map((f) => [f, row.values[f as EmployeeField]]))
    await enqueueChange(trx, 'employee', row.id, after as Record<string, string>, previous, at)
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'employee',
      entityId: row.id,
      action: 'update',
      oldValue: before,
      newValue: after,
    })
  })
  const fields = Object.keys(after).map((f) => EMPLOYEE_FIELDS[f as EmployeeField].label)
  return {
    record: employeeRecord(workbook, row.id),
    before,
    message: `Saved ${fields.join(', ')} of ${row.values.name}`,
  }
}

export async function payRangeOverview(workbook: Workbook): Promise<PayRangeRowDto[]> {
  const usage = new Map(listPayRangeUsage(workbook).map((u) => [u.id, u]))
  return (await listPayRanges(workbook)).map((r) => ({
    ...r,
    jobProfiles: usage.get(r.id)?.jobProfiles ?? 0,
    employees: usage.get(r.id)?.employees ?? 0,
  }))
}

/** A pay range's fields as PUT /payranges/{id}/ takes them (its columns; money in cents). */
export function payRangeRestValues(
  values: Partial<PayRangeValues>,
  only: readonly string[] = Object.keys(values),
): Record<string, RecordValue> {
  return Object.fromEntries(
    only.map((field) => [PAY_RANGE_COLUMN[field as PayRangeField], values[field as PayRangeField] ?? null]),
  )
}

export async function updatePayRange(
  workbook: Workbook,
  actor: SessionUser,
  input: { payRangeId: number; changes: Partial<Record<PayRangeField, string>> },
  now = new Date(),
): Promise<PayRangeUpdateResult> {
  const row = readPayRange(workbook, input.payRangeId)
  if (!row) throw new Failure('NOT_FOUND', `No pay range has the id ${input.payRangeId}.`)
  const where = `Pay range "${String(row.values.name)}"`
  const changes: Partial<PayRangeValues> = parseChanges(PAY_RANGE_FIELDS, row.values, input.changes, where)
  const next = { ...row.values, ...changes }
  const order = payRangeOrderError({
    minPay: Number(next.minPay),
    midPay: Number(next.midPay),
    maxPay: Number(next.maxPay),
  })
  if (order) throw new Failure('BAD_INPUT', `${where}: ${order}`)
  const { before, after } = describe(PAY_RANGE_FIELDS, row.values, changes)
  const overview = async () => {
    const found = (await payRangeOverview(workbook)).find((r) => r.id === row.id)
    if (!found) throw new Failure('NOT_FOUND', `No pay range has the id ${row.id}.`)
    return found
  }
  if (Object.keys(after).length === 0)
    return { range: await overview(), before: {}, message: 'Nothing changed.' }
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await writePayRange(trx, row.id, changes)
    await enqueueChange(
      trx,
      'pay_range',
      row.id,
      payRangeRestValues(changes),
      payRangeRestValues(row.values, Object.keys(changes)),
      at,
    )
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'payRange',
      entityId: row.id,
      action: 'update',
      oldValue: before,
      newValue: after,
    })
  })
  return { range: await overview(), before, message: `Saved pay range ${String(next.name)}` }
}

/**
 * Deletes an employee after the screen asked: their reward history, submissions and links are kept
 * in the change log's entry (its id answers), from which `restoreEmployee` puts them back.
 */
export function deleteEmployee(
  workbook: Workbook,
  actor: SessionUser,
  employeeId: number,
  now = new Date(),
): { changeLogId: number; message: string } {
  if (actor.employeeId === employeeId)
    throw new Failure('FORBIDDEN', 'You cannot delete your own employee record.')
  const snapshot = snapshotEmployee(workbook, employeeId)
  if (!snapshot) throw new Failure('NOT_FOUND', `No employee has the id ${employeeId}.`)
  const name = `${String(snapshot.employee.name)} (${String(snapshot.employee.company_employee_id)})`
  const changeLogId = deleteEmployeeLogged(workbook, employeeId, {
    at: now.toISOString(),
    userId: actor.id,
    entity: 'employee',
    entityId: String(employeeId),
    action: 'delete',
    oldValue: snapshot,
    newValue: null,
  })
  return {
    changeLogId,
    message: `Deleted ${name}; their history is kept in the change history.`,
  }
}

export function restoreEmployee(
  workbook: Workbook,
  actor: SessionUser,
  changeLogId: number,
  now = new Date(),
): EmployeeRecordDto {
  const text = changeLogOldValue(workbook, changeLogId, 'employee', 'delete')
  if (!text)
    throw new Failure(
      'NOT_FOUND',
      `The change history has no deleted employee with the entry ${changeLogId}.`,
    )
  const snapshot = JSON.parse(text) as EmployeeSnapshot
  if (employeeKeyTaken(workbook, snapshot)) {
    throw new Failure(
      'BAD_INPUT',
      `Employee Id "${String(snapshot.employee.company_employee_id)}" is in use again, so the deleted employee cannot come back.`,
    )
  }
  const id = snapshot.employee.id as number
  restoreEmployeeLogged(workbook, snapshot, {
    at: now.toISOString(),
    userId: actor.id,
    entity: 'employee',
    entityId: String(id),
    action: 'restore',
    oldValue: null,
    newValue: { fromChangeLogId: changeLogId },
  })
  return employeeRecord(workbook, id)
}

function toJobProfileDto(row: JobProfileRow): JobProfileRowDto {
  return {
    id: row.id,
    jobCode: row.jobCode,
    employees: row.employees,
    values: recordTexts(JOB_PROFILE_FIELDS, row.values),
  }
}

export function jobProfileOverview(workbook: Workbook): JobProfileRowDto[] {
  return listJobProfileRows(workbook).map(toJobProfileDto)
}

/** A job profile's labels, exemption and pay range (named; it must name exactly one range). */
export async function updateJobProfile(
  workbook: Workbook,
  actor: SessionUser,
  input: { jobProfileId: number; changes: Partial<Record<JobProfileField, string>> },
  now = new Date(),
): Promise<JobProfileUpdateResult> {
  const row = readJobProfile(workbook, input.jobProfileId)
  if (!row) throw new Failure('NOT_FOUND', `No job profile has the id ${input.jobProfileId}.`)
  const where = `Job profile "${row.jobCode}"`
  const changes: Partial<JobProfileValues> = parseChanges(
    JOB_PROFILE_FIELDS,
    row.values,
    input.changes,
    where,
  )
  let payRangeId: number | undefined
  if (changes.payRangeName !== undefined) {
    const ids = payRangeIdsByName(workbook, String(changes.payRangeName))
    if (ids.length !== 1) {
      throw new Failure(
        'BAD_INPUT',
        `${where}: Pay Range Name "${String(changes.payRangeName)}" ${ids.length === 0 ? 'names no pay range' : `names ${ids.length} pay ranges`}`,
      )
    }
    payRangeId = ids[0]
  }
  const { before, after } = describe(JOB_PROFILE_FIELDS, row.values, changes)
  if (Object.keys(after).length === 0)
    return { profile: toJobProfileDto(row), before: {}, message: 'Nothing changed.' }
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await writeJobProfile(trx, row.id, changes, payRangeId)
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'jobProfile',
      entityId: row.id,
      action: 'update',
      oldValue: before,
      newValue: after,
    })
  })
  const saved = readJobProfile(workbook, row.id)
  if (!saved) throw new Failure('NOT_FOUND', `No job profile has the id ${row.id}.`)
  return { profile: toJobProfileDto(saved), before, message: `Saved job profile ${row.jobCode}` }
}
