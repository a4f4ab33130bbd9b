import { refusedChangeMessage } from '../../../src-shared/domain/sync'
import { isRoleName } from '../../../src-shared/domain/roles'
import type { Workbook } from '../../workbook/open'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { PAY_CYCLE_PUSHES } from './queue-pay-cycle'
import { dropPush } from '../../workbook/queries/sync'
import { keptRecordChanges } from '../../workbook/queries/sync-kept'
import { writeKeptAfterRefusal } from './kept-records'
import { later, type Batch, type Trx } from './refused-push'
import { payCycleRefusedAll } from './refused-pay-cycles'
import { roleId } from '../../workbook/queries/users'
import { orgSnapshotSchema } from '../../../src-shared/contract/org-chart-dto'
import { writeOrgSnapshot } from '../../workbook/queries/org-chart'
import { readMatrixSave, restoreMatrix } from '../../workbook/queries/merit-matrix'
import type { EmployeeField, PayRangeField, RecordValue } from '../../../src-shared/domain/company-records'
import {
  jobProfileIdByCode,
  PAY_RANGE_COLUMN,
  writeEmployee,
  writePayRange,
} from '../../workbook/queries/records'

export type RefusedRecord = {
  /** Null: nothing to tell (the change was dropped already, and the user told then). */
  notice: string | null
  payCyclesChanged: boolean
  usersChanged: boolean
  /** An employee's record or a pay range was put back: the rows shown are asked again. */
  recordsChanged: boolean
}

/** A user change the server refused: a new user removed again, a role or a removal put back. */
async function userRefused(trx: Trx, batch: Batch, at: string, userId: number): Promise<string> {
  const email = String(batch.fields.email)
  if (await later(trx, ['user', 'user.role', 'user.deleted'], batch.entityId)) return email
  const previous = batch.previous
  if (batch.kind === 'user') {
    await trx.deleteFrom('app_user').where('id', '=', batch.entityId).execute()
  } else if (batch.kind === 'user.role' && typeof previous.role === 'string' && isRoleName(previous.role)) {
    await trx
      .updateTable('app_user')
      .set({ role_id: await roleId(trx, previous.role) })
      .where('id', '=', batch.entityId)
      .execute()
  } else if (
    batch.kind === 'user.deleted' &&
    typeof previous.role === 'string' &&
    isRoleName(previous.role)
  ) {
    const employeeId = typeof previous.employee_id === 'number' ? previous.employee_id : null
    const employee =
      employeeId === null
        ? undefined
        : await trx.selectFrom('employee').select('id').where('id', '=', employeeId).executeTakeFirst()
    await trx
      .insertInto('app_user')
      .values({
        id: batch.entityId,
        email,
        name: String(previous.name ?? email),
        role_id: await roleId(trx, previous.role),
        employee_id: employee?.id ?? null,
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'user',
    entityId: batch.entityId,
    action: 'sync-refused',
    oldValue: batch.fields,
    newValue: batch.previous,
  })
  return email
}

/** An employee's record edit the server refused: the fields it changed back to their values before. */
async function employeeRefused(
  workbook: Workbook,
  trx: Trx,
  batch: Batch,
  at: string,
  userId: number,
): Promise<string> {
  const row = await trx
    .selectFrom('employee')
    .select('name')
    .where('id', '=', batch.entityId)
    .executeTakeFirst()
  const name = row?.name ?? `employee ${batch.entityId}`
  if (!row || (await later(trx, ['employee'], batch.entityId))) return name
  const previous = batch.previous as Partial<Record<EmployeeField, RecordValue>>
  const jobCode = previous.jobCode
  const jobProfileId =
    jobCode === undefined
      ? undefined
      : jobCode === null
        ? null
        : jobProfileIdByCode(workbook, String(jobCode))
  await writeEmployee(trx, batch.entityId, previous, jobProfileId)
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'employee',
    entityId: batch.entityId,
    action: 'sync-refused',
    oldValue: batch.fields,
    newValue: batch.previous,
  })
  return typeof previous.name === 'string' ? previous.name : name
}

const PAY_RANGE_FIELD_OF = Object.fromEntries(
  Object.entries(PAY_RANGE_COLUMN).map(([field, column]) => [column, field]),
) as Record<string, PayRangeField>

/** A pay range edit the server refused: its columns back to their values before. */
async function payRangeRefused(trx: Trx, batch: Batch, at: string, userId: number): Promise<string> {
  const row = await trx
    .selectFrom('pay_range')
    .select('name')
    .where('id', '=', batch.entityId)
    .executeTakeFirst()
  const name = row?.name ?? `pay range ${batch.entityId}`
  if (!row || (await later(trx, ['pay_range'], batch.entityId))) return `pay range ${name}`
  const changes: Partial<Record<PayRangeField, RecordValue>> = {}
  for (const [column, value] of Object.entries(batch.previous))
    if (PAY_RANGE_FIELD_OF[column]) changes[PAY_RANGE_FIELD_OF[column]] = value
  await writePayRange(trx, batch.entityId, changes)
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'payRange',
    entityId: batch.entityId,
    action: 'sync-refused',
    oldValue: batch.fields,
    newValue: batch.previous,
  })
  return `pay range ${typeof changes.name === 'string' ? changes.name : name}`
}

/**
 * An org chart change the server refused: the state before it written back (a team it made removed),
 * with the org chart's change-log entry, unless a later org chart change is still queued (that one
 * goes out next and the server judges it). On the synchronous connection, as the org chart writes
 * (the caller's transaction, the same connection's).
 */
function orgChartRefused(workbook: Workbook, batch: Batch, at: string, userId: number): void {
  const db = workbook.sqlite
  db.transaction(() => {
    db.prepare('DELETE FROM sync_outbox WHERE push_key = ?').run(batch.pushKey)
    if (db.prepare("SELECT 1 FROM sync_outbox WHERE kind = 'org_chart' LIMIT 1").get()) return
    const before = orgSnapshotSchema.parse(JSON.parse(String(batch.previous.org_chart)))
    const refused = orgSnapshotSchema.parse(
      (JSON.parse(String(batch.fields.org_chart)) as { snapshot: unknown }).snapshot,
    )
    writeOrgSnapshot(workbook, before, {
      at,
      userId,
      entity: 'org_chart',
      entityId: null,
      action: 'sync-refused',
      oldValue: refused,
      newValue: { ...before, message: 'The server refused this change; it was put back' },
    })
  })()
}

/**
 * A matrix save the server refused: the save's 'before' side written back (configuration and every
 * recommendation), as its undo does, unless a later save is still queued.
 */
function matrixRefused(workbook: Workbook, batch: Batch, at: string, userId: number): void {
  const db = workbook.sqlite
  db.transaction(() => {
    db.prepare('DELETE FROM sync_outbox WHERE push_key = ?').run(batch.pushKey)
    if (db.prepare("SELECT 1 FROM sync_outbox WHERE kind = 'matrix' LIMIT 1").get()) return
    const changeLogId = Number(batch.previous.change_log_id)
    const entry = readMatrixSave(workbook, changeLogId)
    if (!entry) return
    restoreMatrix(workbook, entry.payCycleId, entry.before, { at, userId, changeLogId, side: 'before' })
  })()
}

/**
 * A pay cycle save, a user change, an employee's record or a pay range edit the server refused (a
 * role, a rule, a record gone): put back as it was before, unless a later change of the same record
 * is still queued, then another admin's change of it that the feed brought meanwhile written, and
 * the user told why.
 */
export async function recordPushRefused(
  workbook: Workbook,
  batch: Batch,
  reason: string,
  userId: number,
  now: Date,
  status?: number,
): Promise<RefusedRecord> {
  const at = now.toISOString()
  // Both write on the synchronous connection and put back rows the open pages show.
  if (batch.kind === 'matrix' || batch.kind === 'org_chart') {
    if (batch.kind === 'matrix') matrixRefused(workbook, batch, at, userId)
    else
      await workbook.db.transaction().execute(async (trx) => {
        // Another admin's moves the feed brought while the drop waited are the server's: written after.
        const kept = await keptRecordChanges(trx, batch.pushKey)
        orgChartRefused(workbook, batch, at, userId)
        await writeKeptAfterRefusal(trx, workbook, batch.kind, batch.entityId, kept)
      })
    const subject = batch.kind === 'matrix' ? 'the HyperBalance matrix' : 'the org chart'
    return {
      notice: refusedChangeMessage(subject, reason),
      payCyclesChanged: false,
      usersChanged: false,
      recordsChanged: true,
    }
  }
  const notice = await workbook.db.transaction().execute(async (trx) => {
    if ((PAY_CYCLE_PUSHES as readonly string[]).includes(batch.kind))
      return payCycleRefusedAll(trx, batch, reason, at, userId, status)
    const kept = await keptRecordChanges(trx, batch.pushKey)
    await dropPush(trx, batch.pushKey)
    const subject =
      batch.kind === 'employee'
        ? await employeeRefused(workbook, trx, batch, at, userId)
        : batch.kind === 'pay_range'
          ? await payRangeRefused(trx, batch, at, userId)
          : await userRefused(trx, batch, at, userId)
    // Another admin's change the feed brought while this push waited is the server's: written after.
    await writeKeptAfterRefusal(trx, workbook, batch.kind, batch.entityId, kept)
    return refusedChangeMessage(subject, reason)
  })
  return {
    notice,
    payCyclesChanged: batch.kind.startsWith('pay_cycle'),
    usersChanged: batch.kind.startsWith('user'),
    recordsChanged: batch.kind === 'employee' || batch.kind === 'pay_range',
  }
}
