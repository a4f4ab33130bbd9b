import type { Transaction } from 'kysely'
import type { PushBatchDto } from '../../../src-shared/contract/sync-replica-dto'
import { cycleGoneMessage, refusedChangeMessage } from '../../../src-shared/domain/sync'
import { isRoleName } from '../../../src-shared/domain/roles'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { insertPayCycle, listPayCycles, moveEmployeesToCycle } from '../../workbook/queries/pay-cycles'
import { currentPayCycle } from '../../../src-shared/domain/pay-cycles'
import { PAY_CYCLE_PUSHES } from './queue-pay-cycle'
import { applyPayCycleChange, keptServerCycle } from './apply-pay-cycle'
import { dropPush } from '../../workbook/queries/sync'
import { roleId } from '../../workbook/queries/users'
import { stateOf } from '../pay-cycle-lifecycle'
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

type Trx = Transaction<WorkbookDatabase>
type Batch = Pick<PushBatchDto, 'pushKey' | 'kind' | 'entityId' | 'fields' | 'previous'>
export type RefusedRecord = {
  /** Null: nothing to tell (the change was dropped already, and the user told then). */
  notice: string | null
  payCyclesChanged: boolean
  usersChanged: boolean
  /** An employee's record or a pay range was put back: the rows shown are asked again. */
  recordsChanged: boolean
}

/** A later change of the same record still queued: it goes out next and the server judges it. */
async function later(trx: Trx, kinds: readonly string[], entityId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('sync_outbox')
    .select('id')
    .where('kind', 'in', kinds)
    .where('entity_id', '=', entityId)
    .executeTakeFirst()
  return row !== undefined
}

const CONFIG_COLUMNS = [
  'name',
  'effective_date',
  'company_merit_budget',
  'default_currency',
  'currency_conversions',
  'settings',
] as const

/** A pay cycle save the server refused: its fields and lifecycle as they were before it. */
async function payCycleRefused(trx: Trx, batch: Batch, at: string, userId: number): Promise<string> {
  const before = await listPayCycles({ db: trx })
  const name = before.find((c) => c.id === batch.entityId)?.name ?? `pay cycle ${batch.entityId}`
  if (await later(trx, ['pay_cycle'], batch.entityId)) return name
  const set: Record<string, string | number | null> = {}
  for (const column of CONFIG_COLUMNS) {
    const value = batch.previous[column]
    if (value !== undefined && typeof value !== 'boolean') set[column] = value
  }
  const deactivateOthers = () =>
    trx
      .updateTable('pay_cycle')
      .set({ active: 0, closed_at: at })
      .where('active', '=', 1)
      .where('id', '!=', batch.entityId)
      .execute()
  if (batch.previous.active === true) {
    await deactivateOthers()
    Object.assign(set, { active: 1, closed_at: null })
  } else if (batch.previous.active === false) Object.assign(set, { active: 0, closed_at: at })
  await trx
    .updateTable('pay_cycle')
    .set({ ...set, updated_at: at } as never)
    .where('id', '=', batch.entityId)
    .execute()
  const reactivate = batch.previous.reactivate
  if (typeof reactivate === 'number')
    await trx
      .updateTable('pay_cycle')
      .set({ active: 1, closed_at: null, updated_at: at })
      .where('id', '=', reactivate)
      .execute()
  const after = await listPayCycles({ db: trx })
  const touched = (list: typeof after) =>
    list.filter((c) => c.id === batch.entityId || c.id === reactivate).map(stateOf)
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'pay_cycle',
    entityId: batch.entityId,
    action: 'sync-refused',
    oldValue: { cycles: touched(before), removed: [] },
    newValue: { cycles: touched(after), removed: [], employeesMoved: 0 },
  })
  return after.find((c) => c.id === batch.entityId)?.name ?? name
}

/**
 * A configuration made here that the server refused (a role, its id taken by another desktop's):
 * removed again, with every change of it still queued (the server has no such configuration), its
 * employees back in the one it deactivated, which is active again.
 */
async function payCycleCreateRefused(trx: Trx, batch: Batch, at: string, userId: number): Promise<string> {
  const id = batch.entityId
  const before = await listPayCycles({ db: trx })
  const made = before.find((c) => c.id === id)
  const name = made?.name ?? String(batch.fields.name ?? `pay cycle ${id}`)
  if (!made) return name
  await trx
    .deleteFrom('sync_outbox')
    .where('kind', 'in', PAY_CYCLE_PUSHES)
    .where('entity_id', '=', id)
    .execute()
  const reactivate = batch.previous.reactivate
  const back = typeof reactivate === 'number' ? before.find((c) => c.id === reactivate) : undefined
  const rest = before.filter((c) => c.id !== id)
  // The server never had it, so the one it deactivated is active there still: active here again
  // unless another was activated here since (that activation waits in the outbox), even when the
  // one made here was closed since.
  const restore = back !== undefined && !rest.some((c) => c.active)
  const target = restore ? back.id : (currentPayCycle(rest)?.id ?? null)
  await trx.updateTable('employee').set({ pay_cycle_id: target }).where('pay_cycle_id', '=', id).execute()
  await trx.deleteFrom('pay_cycle').where('id', '=', id).execute()
  if (restore)
    await trx
      .updateTable('pay_cycle')
      .set({ active: 1, closed_at: null, updated_at: at })
      .where('id', '=', back.id)
      .execute()
  const after = await listPayCycles({ db: trx })
  const touched = (list: typeof after) => list.filter((c) => c.id === id || c.id === back?.id).map(stateOf)
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'pay_cycle',
    entityId: id,
    action: 'sync-refused',
    oldValue: { cycles: touched(before), removed: [] },
    newValue: { cycles: touched(after), removed: [id], employeesMoved: 0 },
  })
  return name
}

/**
 * A removal the server refused (the configuration has submissions there, or is active there): the
 * configuration is put back as it was, inactive when another is active here now.
 */
async function payCycleDeleteRefused(trx: Trx, batch: Batch, at: string, userId: number): Promise<string> {
  const id = batch.entityId
  const state = JSON.parse(String(batch.previous.state)) as ReturnType<typeof stateOf>
  const before = await listPayCycles({ db: trx })
  if (before.some((c) => c.id === id) || (await later(trx, PAY_CYCLE_PUSHES, id))) return state.name
  const active = state.active && !before.some((c) => c.active)
  await insertPayCycle(trx, { ...state, closedAt: active ? null : (state.closedAt ?? at) }, at)
  let moved = 0
  if (active) {
    await trx.updateTable('pay_cycle').set({ active: 1 }).where('id', '=', id).execute()
    // Current again: the employees follow it back, as they did on the server.
    moved = await moveEmployeesToCycle(trx, currentPayCycle(before)?.id ?? null, id)
  }
  const after = await listPayCycles({ db: trx })
  await appendChangeLog(trx, {
    at,
    userId,
    entity: 'pay_cycle',
    entityId: id,
    action: 'sync-refused',
    oldValue: { cycles: [], removed: [id] },
    newValue: { cycles: after.filter((c) => c.id === id).map(stateOf), removed: [], employeesMoved: moved },
  })
  return state.name
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
 * goes out next and the server judges it). On the synchronous connection, as the org chart writes.
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
 * A pay cycle push the server refused. Its queued change gone already (the feed removed the
 * configuration and told the user): nothing to put back or tell. A save refused because the
 * configuration is gone there (404; its removal not pulled yet): every change of it still queued is
 * dropped (the server would refuse each) and the user told once; the feed's removal follows. Else
 * put back, then the server's configuration written when the feed brought it meanwhile.
 */
async function payCycleRefusedAll(
  trx: Trx,
  batch: Batch,
  reason: string,
  at: string,
  userId: number,
  status: number | undefined,
): Promise<string | null> {
  // What the feed brought meanwhile for a queued configuration's id (keepForRefusal), read before it goes.
  const queuedRow = await trx
    .selectFrom('sync_outbox')
    .select('previous')
    .where('push_key', '=', batch.pushKey)
    .executeTakeFirst()
  if (!queuedRow) return null
  const kept = keptServerCycle(queuedRow.previous)
  await dropPush(trx, batch.pushKey)
  if (batch.kind === 'pay_cycle' && status === 404) {
    const row = await trx
      .selectFrom('pay_cycle')
      .select('name')
      .where('id', '=', batch.entityId)
      .executeTakeFirst()
    await trx
      .deleteFrom('sync_outbox')
      .where('kind', 'in', PAY_CYCLE_PUSHES)
      .where('entity_id', '=', batch.entityId)
      .execute()
    return cycleGoneMessage(row?.name ?? `pay cycle ${batch.entityId}`)
  }
  const name =
    batch.kind === 'pay_cycle.create'
      ? await payCycleCreateRefused(trx, batch, at, userId)
      : batch.kind === 'pay_cycle'
        ? await payCycleRefused(trx, batch, at, userId)
        : await payCycleDeleteRefused(trx, batch, at, userId)
  // The server's configuration of that id, skipped while the push waited, is written now (unless a
  // later push of it still waits: that one holds it too; applyPayCycleChange passes over it).
  if (kept) await applyPayCycleChange(trx, batch.entityId, kept.values, kept.author)
  return refusedChangeMessage(name, reason)
}

/**
 * A pay cycle save, a user change, an employee's record or a pay range edit the server refused (a
 * role, a rule, a record gone): put back as it was before, unless a later change of the same record
 * is still queued, and the user told why.
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
    else orgChartRefused(workbook, batch, at, userId)
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
    await dropPush(trx, batch.pushKey)
    if (batch.kind === 'employee')
      return refusedChangeMessage(await employeeRefused(workbook, trx, batch, at, userId), reason)
    if (batch.kind === 'pay_range')
      return refusedChangeMessage(await payRangeRefused(trx, batch, at, userId), reason)
    return refusedChangeMessage(await userRefused(trx, batch, at, userId), reason)
  })
  return {
    notice,
    payCyclesChanged: batch.kind.startsWith('pay_cycle'),
    usersChanged: batch.kind.startsWith('user'),
    recordsChanged: batch.kind === 'employee' || batch.kind === 'pay_range',
  }
}
