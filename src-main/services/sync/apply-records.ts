import type { Transaction } from 'kysely'
import {
  describeRecordChanges,
  EMPLOYEE_FIELDS,
  PAY_RANGE_FIELDS,
  type EmployeeField,
  type PayRangeField,
  type RecordValue,
} from '../../../src-shared/domain/company-records'
import { isRoleName } from '../../../src-shared/domain/roles'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import {
  EMPLOYEE_COLUMN,
  PAY_RANGE_COLUMN,
  readEmployeeRecord,
  readPayRange,
  writeEmployee,
  writePayRange,
} from '../../workbook/queries/records'
import { type OutboxKind } from '../../workbook/queries/sync'
import { keepServerRecordChange } from '../../workbook/queries/sync-kept'
import { roleId } from '../../workbook/queries/users'
import type { Author } from './author'

type Trx = Transaction<WorkbookDatabase>

/** A server column's value as the record's field holds it (money stays cents; flags are booleans). */
function recordValue(value: unknown): RecordValue | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return value
  return undefined
}

/** The fields of `values` (server columns) that differ from `current`, keyed by the record's field names. */
function changedFields<F extends string>(
  columns: Record<string, string>,
  current: Record<F, RecordValue>,
  values: Record<string, unknown>,
): Partial<Record<F, RecordValue>> {
  const changes: Partial<Record<F, RecordValue>> = {}
  for (const [field, column] of Object.entries(columns) as [F, string][]) {
    if (!(column in values)) continue
    const value = recordValue(values[column])
    if (value !== undefined && value !== current[field]) changes[field] = value
  }
  return changes
}

/**
 * An employee's record changed on the server (PUT /employees/{id}/: the changed columns): written
 * here with the change log's entry in the author's name, as the record panel's save writes it. An
 * employee this replica does not hold is passed over. True when something changed.
 */
export async function applyEmployeeChange(
  trx: Trx,
  workbook: Workbook,
  employeeId: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const row = readEmployeeRecord(workbook, employeeId)
  if (!row) return false
  values = await withoutQueuedFields(trx, 'employee', employeeId, values, author)
  const changes = changedFields<Exclude<EmployeeField, 'jobCode'>>(EMPLOYEE_COLUMN, row.values, values)
  let jobProfileId: number | null | undefined
  const all: Partial<Record<EmployeeField, RecordValue>> = { ...changes }
  if ('job_profile_id' in values) {
    const wanted = values.job_profile_id
    const profile =
      typeof wanted === 'number'
        ? await trx.selectFrom('job_profile').select('job_code').where('id', '=', wanted).executeTakeFirst()
        : undefined
    const code = profile?.job_code ?? null
    if (wanted === null || profile) {
      if (code !== row.values.jobCode) {
        jobProfileId = wanted as number | null
        all.jobCode = code
      }
    }
  }
  if (Object.keys(all).length === 0) return false
  await writeEmployee(trx, employeeId, changes, jobProfileId)
  const { before, after } = describeRecordChanges(EMPLOYEE_FIELDS, row.values, all)
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'employee',
    entityId: employeeId,
    action: 'update',
    oldValue: before,
    newValue: after,
  })
  return true
}

/** A pay range changed on the server (the changed fields), with the pay range screen's change-log entry. */
export async function applyPayRangeChange(
  trx: Trx,
  workbook: Workbook,
  rangeId: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const row = readPayRange(workbook, rangeId)
  if (!row) return false
  values = await withoutQueuedFields(trx, 'pay_range', rangeId, values, author)
  const changes = changedFields<PayRangeField>(PAY_RANGE_COLUMN, row.values, values)
  if (Object.keys(changes).length === 0) return false
  await writePayRange(trx, rangeId, changes)
  const { before, after } = describeRecordChanges(PAY_RANGE_FIELDS, row.values, changes)
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'payRange',
    entityId: rangeId,
    action: 'update',
    oldValue: before,
    newValue: after,
  })
  return true
}

/**
 * The feed's values without the fields an edit of this replica still queued sets: the local value
 * stays, it reaches the server after, and the server's order decides (docs/sync.md). What is left out
 * is kept on the queued edits, for their acknowledgement to write when the server ordered it last.
 */
async function withoutQueuedFields(
  trx: Trx,
  kind: 'employee' | 'pay_range',
  id: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<Record<string, unknown>> {
  const queued = await trx
    .selectFrom('sync_outbox')
    .select('fields')
    .where('kind', '=', kind)
    .where('entity_id', '=', id)
    .execute()
  if (queued.length === 0) return values
  // An employee's edits are queued under the record's field names, a pay range's under its columns.
  const column = (field: string) =>
    kind === 'pay_range'
      ? field
      : field === 'jobCode'
        ? 'job_profile_id'
        : (EMPLOYEE_COLUMN[field as Exclude<EmployeeField, 'jobCode'>] ?? field)
  const local = new Set(queued.flatMap((row) => Object.keys(JSON.parse(row.fields) as object).map(column)))
  const entries = Object.entries(values)
  await keepBehindPush(
    trx,
    [kind],
    id,
    Object.fromEntries(entries.filter(([field]) => local.has(field))),
    author,
  )
  return Object.fromEntries(entries.filter(([field]) => !local.has(field)))
}

/** A feed change's values that waiting pushes of the record hold back, kept on them with its position. */
export async function keepBehindPush(
  trx: Trx,
  kinds: readonly OutboxKind[],
  id: number | null,
  values: Record<string, unknown>,
  author: Author,
): Promise<void> {
  if (!author.feed || Object.keys(values).length === 0) return
  await keepServerRecordChange(trx, kinds, id, {
    values,
    seq: author.feed.seq,
    userEmail: author.feed.userEmail,
    userName: author.feed.userName,
    at: author.at,
  })
}

/**
 * A user made or changed on the server (replicas know users by e-mail): added here, or their name,
 * role and employee brought in line, with the Users screen's change-log entry. A user with a change
 * of this replica still queued keeps the local values (it reaches the server after; the feed's are
 * kept on it for its acknowledgement).
 */
export async function applyUserChange(
  trx: Trx,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const { email, name, role } = values
  if (typeof email !== 'string' || typeof name !== 'string' || typeof role !== 'string' || !isRoleName(role))
    return false
  const key = email.toLowerCase()
  const wantedEmployee = typeof values.employee_id === 'number' ? values.employee_id : null
  const employee =
    wantedEmployee === null
      ? undefined
      : await trx.selectFrom('employee').select('id').where('id', '=', wantedEmployee).executeTakeFirst()
  // The employee another user of this replica points at stays theirs (one user per employee).
  const holder = employee
    ? await trx
        .selectFrom('app_user')
        .select('email')
        .where('employee_id', '=', employee.id)
        .executeTakeFirst()
    : undefined
  const employeeId = employee && (!holder || holder.email.toLowerCase() === key) ? employee.id : null
  const found = await trx
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.name', 'u.employee_id', 'r.name as role'])
    .where('u.email', '=', key)
    .executeTakeFirst()
  if (found && (await queuedUser(trx, found.id))) {
    await keepBehindPush(trx, ['user', 'user.deleted'], found.id, values, author)
    return false
  }
  const roleIdOf = await roleId(trx, role)
  if (!found) {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        email: key,
        name,
        role_id: roleIdOf,
        employee_id: employeeId,
        invite_accepted: 1,
        created_at: author.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await appendChangeLog(trx, {
      at: author.at,
      userId: author.userId,
      entity: 'user',
      entityId: id,
      action: 'create',
      oldValue: null,
      newValue: { email: key, name, role, employeeId },
    })
    return true
  }
  const keepEmployee = wantedEmployee !== null && employeeId === null ? found.employee_id : employeeId
  if (found.name === name && found.role === role && found.employee_id === keepEmployee) return false
  await trx
    .updateTable('app_user')
    .set({ name, role_id: roleIdOf, employee_id: keepEmployee })
    .where('id', '=', found.id)
    .execute()
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'user',
    entityId: found.id,
    action: 'role',
    oldValue: { role: found.role, name: found.name, employeeId: found.employee_id },
    newValue: { role, name, employeeId: keepEmployee },
  })
  return true
}

async function queuedUser(trx: Trx, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('sync_outbox')
    .select('id')
    .where('kind', 'in', ['user', 'user.deleted'])
    .where('entity_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * A user removed on the server: removed here (their history keeps its entries, without the link).
 * The replica's own user stays: the server ends their sign-in, and the file stays readable.
 */
export async function applyUserDeleted(
  trx: Trx,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  if (typeof values.email !== 'string') return false
  const found = await trx
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.email', 'u.name', 'u.employee_id', 'r.name as role'])
    .where('u.email', '=', values.email.toLowerCase())
    .executeTakeFirst()
  if (!found) return false
  const owner = await trx.selectFrom('company').select('owner_user_id').where('id', '=', 1).executeTakeFirst()
  if (owner?.owner_user_id === found.id || (await queuedUser(trx, found.id))) return false
  await trx.deleteFrom('app_user').where('id', '=', found.id).execute()
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'user',
    entityId: found.id,
    action: 'delete',
    oldValue: {
      id: found.id,
      email: found.email,
      name: found.name,
      role: found.role,
      employeeId: found.employee_id,
    },
    newValue: null,
  })
  return true
}
