import { cycleGoneMessage, refusedChangeMessage } from '../../../src-shared/domain/sync'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { insertPayCycle, listPayCycles, moveEmployeesToCycle } from '../../workbook/queries/pay-cycles'
import { currentPayCycle } from '../../../src-shared/domain/pay-cycles'
import { PAY_CYCLE_PUSHES } from './queue-pay-cycle'
import { applyPayCycleChange, keptServerCycle } from './apply-pay-cycle'
import { dropPush } from '../../workbook/queries/sync'
import { later, type Batch, type Trx } from './refused-push'
import { stateOf } from '../pay-cycle-lifecycle'

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

/**
 * A pay cycle push the server refused. Its queued change gone already (the feed removed the
 * configuration and told the user): nothing to put back or tell. A save refused because the
 * configuration is gone there (404; its removal not pulled yet): every change of it still queued is
 * dropped (the server would refuse each) and the user told once; the feed's removal follows. Else
 * put back, then the server's configuration written when the feed brought it meanwhile.
 */
export async function payCycleRefusedAll(
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
