import type { FastifyInstance } from 'fastify'
import { sql, type Selectable, type Transaction } from 'kysely'
import { z } from 'zod'
import { payCycleConfigSchema } from '../../src-shared/contract/pay-cycle-schema'
import { withDefaultRate } from '../../src-shared/domain/currency-conversion'
import {
  currentPayCycle,
  describeConfigErrors,
  PAY_CYCLE_CLOSED,
  savedConfigurationMessage,
  todayIso,
  validatePayCycleConfig,
  type PayCycleConfig,
} from '../../src-shared/domain/pay-cycles'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { changeByKey, keyUsed, recordCompanyChange } from '../sync/changes'
import { pushKeyOf, type PushKey } from '../sync/push-keys'
import type { PayCycleTable, ServerDatabase } from '../db/schema'
import { callerOf, requireChannel, type Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { answerFeedPosition } from '../http/feed-position'
import { payCycleDto } from '../planning/company-plan'
import { followerIds, startCleanCycle } from '../planning/cycle-start'
import { startsClean } from '../../src-shared/domain/cycle-start'
import { logChange } from '../db/change-log'

type Trx = Transaction<ServerDatabase>
const shape = payCycleConfigSchema.shape

/** GET and POST /paycycle/config/ carry these (spec §7), with the contract's rules for each. */
const configBody = z
  .object({
    name: shape.name,
    active: z.boolean().optional(),
    effective_date: shape.effectiveDate,
    company_merit_budget: shape.companyMeritBudget.optional(),
    default_currency: shape.defaultCurrency,
    currency_conversions: shape.currencyConversions,
    settings: shape.settings,
  })
  .strict()
/**
 * "Copy last cycle's plans" (cycle-start.ts): off when left out. A replica's push (it has a push
 * key) keeps the plans here: the replica cleared them itself and pushes that as reward changes.
 */
const copyPlans = { copy_plans: z.boolean().optional() }
/** PUT /paycycle/config/{id}/: any of them; `active: false` closes the cycle, `true` activates it. */
export const configPatch = configBody.partial().extend(copyPlans).strict()
/**
 * POST: a replica's new configuration also names the id it has there (each replica's rows keep
 * their ids); refused when another configuration has it already.
 */
export const configCreate = configBody
  .extend({ id: z.number().int().positive().optional(), ...copyPlans })
  .strict()

type Row = Selectable<PayCycleTable>

/** The REST shape of a configuration (snake_case, money in cents). */
function configAnswer(row: Row) {
  const { company_id: _c, hyperbalance_config: _h, ...rest } = row
  return rest
}

function editorConfig(row: Row): PayCycleConfig {
  const dto = payCycleDto(row)
  return {
    name: dto.name,
    effectiveDate: dto.effectiveDate,
    companyMeritBudget: dto.companyMeritBudget,
    defaultCurrency: dto.defaultCurrency,
    currencyConversions: dto.currencyConversions,
    ratesAsOf: null,
    settings: dto.settings,
  }
}

/** The editor's rules (pay-cycles.ts `validatePayCycleConfig`), every error at once. */
function checkConfig(config: PayCycleConfig, savedEffectiveDate: string | null, now: Date): void {
  const errors = validatePayCycleConfig(config, { today: todayIso(now), savedEffectiveDate })
  if (Object.keys(errors).length > 0) throw new HttpError(400, describeConfigErrors(errors))
}

async function cyclesOf(trx: Trx, companyId: number): Promise<Row[]> {
  return trx
    .selectFrom('pay_cycle')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .forUpdate()
    .execute()
}

/**
 * After a change of which cycle is current, the employees of the one that was (or of none) follow
 * the new one, so managers keep holding their teams (as on the desktop), with no plans unless the
 * plans are copied.
 */
async function followCurrent(
  trx: Trx,
  who: Caller,
  before: Row[],
  copyPlans: boolean,
): Promise<Moved | null> {
  const companyId = who.companyId
  const was = currentPayCycle(before.map(payCycleDto))?.id ?? null
  const now = currentPayCycle((await cyclesOf(trx, companyId)).map(payCycleDto))?.id ?? null
  if (startsClean({ from: was, to: now, copyPlans }))
    await startCleanCycle(trx, who, await followerIds(trx, companyId, was))
  if (now === null || now === was) return null
  await trx
    .updateTable('employee')
    .set({ pay_cycle_id: now })
    .where('company_id', '=', companyId)
    .where((eb) =>
      was === null
        ? eb('pay_cycle_id', 'is', null)
        : eb.or([eb('pay_cycle_id', 'is', null), eb('pay_cycle_id', '=', was)]),
    )
    .execute()
  return { from: was, to: now }
}

/** Employees who followed the current cycle from one to another (null: from none). */
interface Moved {
  from: number | null
  to: number
}

/**
 * One feed change per configuration the write changed (a new one, the one it deactivated), with
 * its values as GET answers them; the cycle employees followed says where from. Answers the feed
 * position of the keyed configuration's change (null: it did not change).
 */
async function recordCycleChanges(
  trx: Trx,
  who: Caller,
  before: Row[],
  moved: Moved | null,
  keyed: { id: number; key: PushKey | null } | null = null,
): Promise<number | null> {
  let keyedSeq: number | null = null
  for (const row of await cyclesOf(trx, who.companyId)) {
    const old = before.find((b) => b.id === row.id)
    const values: Record<string, unknown> = configAnswer(row)
    if (old && JSON.stringify(configAnswer(old)) === JSON.stringify(values)) continue
    if (moved?.to === row.id) values.employees_followed_from = moved.from
    const key = keyed?.id === row.id ? keyed.key : null
    const seq = await recordCompanyChange(trx, who, 'pay_cycle', row.id, values, [], key)
    if (keyed?.id === row.id) keyedSeq = seq
  }
  return keyedSeq
}

async function log(trx: Trx, who: Caller, id: number, action: string, oldValue: unknown, newValue: unknown) {
  await logChange(trx, who, { entity: 'pay_cycle', entityId: id, action, oldValue, newValue })
}

/**
 * The pay cycle lifecycle on the server (administration document §4), with the desktop's rules: a
 * new configuration is saved active and the active one is deactivated (`active: false`: saved closed,
 * the active one untouched); one active at a time;
 * `active: false` closes (every planner choice locks); employees follow the current cycle. A
 * configuration with submissions, or the active one, cannot be removed. Admin roles.
 */
export function payCycleRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const idOf = (params: unknown) =>
    z.coerce
      .number()
      .int()
      .positive()
      .parse((params as { id: string }).id)

  app.post('/api/paycycle/config/', async (request, reply) => {
    const who = await callerOf(request, context)
    const body = configCreate.parse(request.body)
    const key = pushKeyOf(request, who)
    const replayed = key ? await changeByKey(db, who.companyId, key) : null
    if (replayed) {
      // A replica's push replayed (its answer was lost): the configuration it made, as it is now.
      const madeId = (replayed.payload as { entity_id: number }).entity_id
      const row = await db
        .selectFrom('pay_cycle')
        .selectAll()
        .where('company_id', '=', who.companyId)
        .where('id', '=', madeId)
        .executeTakeFirst()
      if (!row) throw new HttpError(404, `No pay cycle configuration has the id ${madeId}.`)
      void reply.header('idempotent-replay', 'true')
      return { ...configAnswer(row), message: savedConfigurationMessage(row.name) }
    }
    const now = context.now()
    const config: PayCycleConfig = {
      name: body.name,
      effectiveDate: body.effective_date,
      companyMeritBudget: body.company_merit_budget ?? null,
      defaultCurrency: body.default_currency,
      currencyConversions: withDefaultRate(body.default_currency, body.currency_conversions),
      ratesAsOf: null,
      settings: body.settings,
    }
    checkConfig(config, null, now)
    const c = who.companyId
    const row = await db.transaction().execute(async (trx) => {
      const before = await cyclesOf(trx, c)
      const taken = body.id === undefined ? undefined : before.find((r) => r.id === body.id)
      if (taken)
        throw new HttpError(
          409,
          `The pay cycle configuration id ${taken.id} is taken on the server by ${taken.name}, made meanwhile on another desktop.`,
        )
      // `active: false` records the configuration closed (a past cycle); the active one stays so.
      const active = body.active !== false
      if (active)
        await trx
          .updateTable('pay_cycle')
          .set({ active: false, closed_at: now })
          .where('company_id', '=', c)
          .where('active', '=', true)
          .execute()
      const next =
        body.id === undefined
          ? await trx
              .selectFrom('pay_cycle')
              .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
              .where('company_id', '=', c)
              .executeTakeFirstOrThrow()
          : { id: body.id }
      const created = await trx
        .insertInto('pay_cycle')
        .values({
          company_id: c,
          id: Number(next.id),
          name: config.name,
          active,
          closed_at: active ? null : now,
          effective_date: config.effectiveDate,
          company_merit_budget: config.companyMeritBudget,
          default_currency: config.defaultCurrency,
          currency_conversions: JSON.stringify(config.currencyConversions),
          settings: JSON.stringify(config.settings),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const moved = await followCurrent(trx, who, before, body.copy_plans === true || key !== null)
      await log(trx, who, created.id, 'create', null, configAnswer(created))
      await recordCycleChanges(trx, who, before, moved, { id: created.id, key })
      return created
    })
    waiters.notify(c)
    return { ...configAnswer(row), message: savedConfigurationMessage(row.name) }
  })

  app.put('/api/paycycle/config/:id/', async (request, reply) => {
    const who = await callerOf(request, context)
    const id = idOf(request.params)
    const body = configPatch.parse(request.body ?? {})
    const closing = body.active === false
    requireChannel(
      who,
      closing ? 'payCycles.close' : 'payCycles.save',
      closing ? 'close pay cycles' : 'change pay cycles',
    )
    const now = context.now()
    const c = who.companyId
    const key = pushKeyOf(request, who)
    const earlier = key ? await changeByKey(db, c, key) : null
    if (earlier) {
      // A replica's push replayed (its answer was lost): the configuration as it is, nothing applied again.
      const row = await db
        .selectFrom('pay_cycle')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) throw new HttpError(404, `No pay cycle configuration has the id ${id}.`)
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, earlier.seq)
      return { ...configAnswer(row), message: savedConfigurationMessage(row.name) }
    }
    const { row, seq, message } = await db.transaction().execute(async (trx) => {
      const before = await cyclesOf(trx, c)
      const saved = before.find((r) => r.id === id)
      if (!saved) throw new HttpError(404, `No pay cycle configuration has the id ${id}.`)
      const current = editorConfig(saved)
      const defaultCurrency = body.default_currency ?? current.defaultCurrency
      const config: PayCycleConfig = {
        ...current,
        name: body.name ?? current.name,
        effectiveDate: body.effective_date !== undefined ? body.effective_date : current.effectiveDate,
        companyMeritBudget:
          body.company_merit_budget !== undefined ? body.company_merit_budget : current.companyMeritBudget,
        defaultCurrency,
        currencyConversions: withDefaultRate(
          defaultCurrency,
          body.currency_conversions ?? current.currencyConversions,
        ),
        settings: body.settings ?? current.settings,
      }
      const edits = Object.keys(body).some((k) => k !== 'active' && k !== 'copy_plans')
      if (edits) checkConfig(config, saved.effective_date, now)
      if (closing && !saved.active)
        throw new HttpError(400, `${saved.name} is not the active pay cycle: it is closed already.`)
      const activating = body.active === true && !saved.active
      if (activating)
        await trx
          .updateTable('pay_cycle')
          .set({ active: false, closed_at: now })
          .where('company_id', '=', c)
          .where('active', '=', true)
          .execute()
      const active = body.active ?? saved.active
      const updated = await trx
        .updateTable('pay_cycle')
        .set({
          name: config.name,
          effective_date: config.effectiveDate,
          company_merit_budget: config.companyMeritBudget,
          default_currency: config.defaultCurrency,
          currency_conversions: JSON.stringify(config.currencyConversions),
          settings: JSON.stringify(config.settings),
          active,
          closed_at: active ? null : closing ? now : saved.closed_at,
          updated_at: sql`now()`,
        })
        .where('company_id', '=', c)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const moved = await followCurrent(trx, who, before, body.copy_plans === true || key !== null)
      const seq = await recordCycleChanges(trx, who, before, moved, { id, key })
      const action = closing ? 'close' : activating ? (edits ? 'save-activate' : 'activate') : 'update'
      await log(trx, who, id, action, configAnswer(saved), configAnswer(updated))
      return {
        row: updated,
        seq,
        message: closing
          ? PAY_CYCLE_CLOSED
          : activating && !edits
            ? `${updated.name} is the active pay cycle.`
            : savedConfigurationMessage(updated.name),
      }
    })
    waiters.notify(c)
    answerFeedPosition(reply, seq)
    return { ...configAnswer(row), message }
  })

  app.delete('/api/paycycle/config/:id/', async (request, reply) => {
    const who = await callerOf(request, context)
    const id = idOf(request.params)
    const c = who.companyId
    const key = pushKeyOf(request, who)
    if (key && (await keyUsed(db, c, key))) {
      // A replica's push replayed (its answer was lost): removed already, nothing applied again.
      void reply.header('idempotent-replay', 'true')
      return { ok: true, message: 'Nothing changed.' }
    }
    const answer = await db.transaction().execute(async (trx) => {
      const before = await cyclesOf(trx, c)
      const saved = before.find((r) => r.id === id)
      if (!saved) throw new HttpError(404, `No pay cycle configuration has the id ${id}.`)
      if (saved.active)
        throw new HttpError(409, `${saved.name} is the active pay cycle: close it before removing it.`)
      const submitted = await trx
        .selectFrom('planner_submission')
        .select('id')
        .where('company_id', '=', c)
        .where('pay_cycle_id', '=', id)
        .limit(1)
        .executeTakeFirst()
      if (submitted)
        throw new HttpError(409, `Planners have submitted in "${saved.name}"; it cannot be removed.`)
      await trx.deleteFrom('pay_cycle').where('company_id', '=', c).where('id', '=', id).execute()
      // Its employees follow the current cycle (or none, when no cycle is left).
      const current = currentPayCycle((await cyclesOf(trx, c)).map(payCycleDto))?.id ?? null
      await trx
        .updateTable('employee')
        .set({ pay_cycle_id: current })
        .where('company_id', '=', c)
        .where('pay_cycle_id', '=', id)
        .execute()
      await log(trx, who, id, 'delete', configAnswer(saved), null)
      await recordCompanyChange(
        trx,
        who,
        'pay_cycle.deleted',
        id,
        { employees_followed_to: current },
        [],
        key,
      )
      return { ok: true, message: `Removed the pay cycle configuration ${saved.name}.` }
    })
    waiters.notify(c)
    return answer
  })
}
