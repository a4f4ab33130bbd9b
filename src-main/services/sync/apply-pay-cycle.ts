import type { Transaction } from 'kysely'
import { z } from 'zod'
import { storableJson, text } from '../../../src-shared/contract/text'
import type { PayCycleDto } from '../../../src-shared/contract'
import { currentPayCycle } from '../../../src-shared/domain/pay-cycles'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { listPayCycles, moveEmployeesToCycle } from '../../workbook/queries/pay-cycles'
import { stateOf } from '../pay-cycle-lifecycle'
import { PAY_CYCLE_PUSHES } from './queue-pay-cycle'
import { keepBehindPush } from './apply-records'
import type { Author } from './author'

type Trx = Transaction<WorkbookDatabase>
export type { Author } from './author'

const cents = z.union([z.number(), text().regex(/^-?\d+$/)]).transform(Number)

/** A 'pay_cycle' change's values: the configuration as GET /paycycle/config/ answers it. */
const payCycleValues = z.object({
  name: text(),
  active: z.boolean(),
  effective_date: text().nullable(),
  company_merit_budget: cents.nullable(),
  default_currency: text(),
  currency_conversions: z.record(text(), z.number()),
  settings: z.record(text(), storableJson()),
  closed_at: text().nullable().optional(),
  /** The cycle employees followed to this one from (null: from none); absent when none moved. */
  employees_followed_from: z.number().nullable().optional(),
})

/**
 * A configuration of this replica with a save, its making or its removal still queued for the
 * server (it goes out after and wins).
 */
async function queued(trx: Trx, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('sync_outbox')
    .select('id')
    .where('kind', 'in', PAY_CYCLE_PUSHES)
    .where('entity_id', '=', id)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The feed's configuration of an id with a push of this replica still queued: the queued push wins
 * for now (it reaches the server after), but the server may refuse it, and the put-back would then
 * write the values from before the push, not the server's. So the feed's values are kept on every
 * queued push of that id (the latest feed values win; employees that moved to it earlier stay moved)
 * for the refusal to write them (refused-records.ts): another desktop's configuration under the id of
 * one made here, a save of it there while this replica's save or removal of it waited.
 */
async function keepForRefusal(
  trx: Trx,
  id: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<void> {
  const rows = await trx
    .selectFrom('sync_outbox')
    .select(['id', 'previous'])
    .where('kind', 'in', PAY_CYCLE_PUSHES)
    .where('entity_id', '=', id)
    .execute()
  for (const row of rows) {
    const previous = JSON.parse(row.previous) as Record<string, unknown>
    const kept = keptServerCycle(row.previous)
    const followed =
      kept &&
      values.employees_followed_from === undefined &&
      kept.values.employees_followed_from !== undefined
        ? { employees_followed_from: kept.values.employees_followed_from }
        : {}
    const server = JSON.stringify({ values: { ...values, ...followed }, author })
    await trx
      .updateTable('sync_outbox')
      .set({ previous: JSON.stringify({ ...previous, server }) })
      .where('id', '=', row.id)
      .execute()
  }
}

/** What `keepForRefusal` kept on a queued push: the feed's latest values of that id, and their author. */
export function keptServerCycle(
  previous: string,
): { values: Record<string, unknown>; author: Author } | null {
  const server = (JSON.parse(previous) as { server?: unknown }).server
  return typeof server === 'string'
    ? (JSON.parse(server) as { values: Record<string, unknown>; author: Author })
    : null
}

function actionOf(before: PayCycleDto | undefined, after: PayCycleDto): string {
  if (!before) return 'create'
  if (before.active && !after.active) return 'close'
  if (!before.active && after.active) return 'activate'
  return 'update'
}

/**
 * Applies a pay cycle configuration from the feed: its rules, dates, ratings, proration and
 * lifecycle, as the server now has it. A new active one deactivates the one active here first (one
 * active at a time); employees follow the current cycle as they did on the server. The change log
 * gets the lifecycle's entry in the author's name, so the configuration's history shows it. A
 * configuration with a save of this replica still queued keeps its local values (the feed's are kept
 * on the save, for its acknowledgement or refusal). True when something changed.
 */
export async function applyPayCycleChange(
  trx: Trx,
  id: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const parsed = payCycleValues.safeParse(values)
  if (!parsed.success) return false
  if (await queued(trx, id)) {
    await keepForRefusal(trx, id, values, author)
    await keepBehindPush(trx, ['pay_cycle'], id, values, author)
    return false
  }
  const v = parsed.data
  const before = await listPayCycles({ db: trx })
  const old = before.find((c) => c.id === id)
  const row = {
    name: v.name,
    effective_date: v.effective_date,
    company_merit_budget: v.company_merit_budget,
    default_currency: v.default_currency,
    currency_conversions: JSON.stringify(v.currency_conversions),
    settings: JSON.stringify(v.settings),
    closed_at: v.active ? null : (v.closed_at ?? old?.closedAt ?? author.at),
    updated_at: author.at,
  }
  if (v.active)
    await trx
      .updateTable('pay_cycle')
      .set({ active: 0, closed_at: author.at, updated_at: author.at })
      .where('active', '=', 1)
      .where('id', '!=', id)
      .execute()
  if (old) {
    const ratesKept = JSON.stringify(old.currencyConversions) === row.currency_conversions
    await trx
      .updateTable('pay_cycle')
      .set({ ...row, active: v.active ? 1 : 0, ...(ratesKept ? {} : { rates_as_of: null }) })
      .where('id', '=', id)
      .execute()
  } else
    await trx
      .insertInto('pay_cycle')
      .values({ id, ...row, active: v.active ? 1 : 0 })
      .execute()
  let moved = 0
  if (v.employees_followed_from !== undefined) {
    const from = v.employees_followed_from
    moved = await moveEmployeesToCycle(trx, from, id)
  }
  const after = await listPayCycles({ db: trx })
  const now = after.find((c) => c.id === id)
  if (!now) return false
  if (old && JSON.stringify(stateOf(old)) === JSON.stringify(stateOf(now)) && moved === 0) return false
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'pay_cycle',
    entityId: id,
    action: actionOf(old, now),
    oldValue: { cycles: old ? [stateOf(old)] : [], removed: [] },
    newValue: { cycles: [stateOf(now)], removed: [], employeesMoved: moved },
  })
  return true
}

/**
 * A configuration removed on the server: removed here too, its employees following the cycle the
 * server named (`employees_followed_to`), with the lifecycle's change-log entry. Changes of it still
 * queued here are dropped (the server would refuse each): answers its name and whether saves of it
 * were among them (the user is told once), or null when nothing here changed. With a create of that
 * id queued here, the server removed another desktop's configuration of the id, not this one: it
 * stays, and what the feed kept of the other (`keepForRefusal`) is forgotten.
 */
export async function applyPayCycleDeleted(
  trx: Trx,
  id: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<{ name: string; droppedEdits: boolean } | null> {
  const queuedRows = await trx
    .selectFrom('sync_outbox')
    .select(['id', 'kind', 'previous'])
    .where('kind', 'in', PAY_CYCLE_PUSHES)
    .where('entity_id', '=', id)
    .execute()
  if (queuedRows.some((r) => r.kind === 'pay_cycle.create')) {
    for (const row of queuedRows) {
      const { server: _gone, ...previous } = JSON.parse(row.previous) as Record<string, unknown>
      await trx
        .updateTable('sync_outbox')
        .set({ previous: JSON.stringify(previous) })
        .where('id', '=', row.id)
        .execute()
    }
    return null
  }
  if (queuedRows.length > 0)
    await trx
      .deleteFrom('sync_outbox')
      .where(
        'id',
        'in',
        queuedRows.map((r) => r.id),
      )
      .execute()
  const droppedEdits = queuedRows.some((r) => r.kind === 'pay_cycle')
  const before = await listPayCycles({ db: trx })
  const old = before.find((c) => c.id === id)
  if (!old) return null
  const to = z.number().nullable().safeParse(values.employees_followed_to)
  const target = to.success ? to.data : (currentPayCycle(before.filter((c) => c.id !== id))?.id ?? null)
  await trx.updateTable('employee').set({ pay_cycle_id: target }).where('pay_cycle_id', '=', id).execute()
  await trx.deleteFrom('pay_cycle').where('id', '=', id).execute()
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'pay_cycle',
    entityId: id,
    action: 'delete',
    oldValue: { cycles: [stateOf(old)], removed: [] },
    newValue: { cycles: [], removed: [id], employeesMoved: 0 },
  })
  return { name: old.name, droppedEdits }
}
