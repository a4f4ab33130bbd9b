import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import {
  BASE_SEQ_HEADER,
  type OverwrittenValue,
  type SyncedRewardField,
  type SyncedRewardFields,
} from '../../src-shared/contract/sync-dto'
import { submissionTypeFor } from '../../src-shared/domain/admin-rules'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { CYCLE_CLOSED, NOT_YOUR_EMPLOYEE } from '../../src-shared/domain/locks'
import { hasAdminPowers } from '../../src-shared/domain/roles'
import { budgetInputState, savedBudgetMessage } from '../../src-shared/domain/team-budget'
import { NO_PAY_CYCLE } from '../../src-shared/domain/pay-cycles'
import { budgetsChannels } from '../../src-shared/contract/channels/budgets'
import { currentCycle } from '../planning/company-plan'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import type { ServerDb } from '../db/connect'
import type { ServerDatabase } from '../db/schema'
import { callerOf, type Caller } from '../http/context'
import { ALREADY_SUBMITTED, HttpError } from '../http/errors'
import { employeesFor, payCyclesFor } from '../http/reduced-views'
import { answerFeedPosition } from '../http/feed-position'
import { rewardChangeRefusal } from '../planning/reward-rules'
import { activeCycleId, plannedEmployee, plansTeam, scopeOf } from '../http/planning-access'
import {
  changeByKey,
  keepUnchangedKey,
  keyUsed,
  recordChange,
  recordCompanyChange,
  rewardChangesSince,
} from '../sync/changes'
import { pushKeyOf } from '../sync/push-keys'
import type { FeedWaiters } from '../sync/feed-waiters'
import { logChange } from '../db/change-log'
import { submissionView, withSpecFields } from '../planning/reward-views'

const id = z.coerce.number().int().positive()
const cents = z.number().int('Amounts are whole cents.').min(0, 'Amounts cannot be negative.').max(1e14)

/** Reward edits (PUT /employeerewards/{employee}/): money in cents, percents as percent numbers. */
export const rewardPutSchema = z
  .object({
    new_salary: cents.nullable().optional(),
    new_dollar_bonus: cents.nullable().optional(),
    new_percent_bonus: z.number().min(0).max(1000).nullable().optional(),
    lump_sum: cents.nullable().optional(),
    comments: text().max(2000).nullable().optional(),
    performance_plan: z.boolean().optional(),
    promotion: z.boolean().optional(),
    new_job_profile_id: id.nullable().optional(),
  })
  .strict()

/**
 * PUT /teams/{id}/: a team's name, or its budget (cents of `budget_currency`; null clears it) with the
 * desktop's `teams.setBudget` rules and words.
 */
export const teamPutSchema = z
  .object({
    name: text().trim().min(1, 'A team name cannot be empty.').max(200).optional(),
    budget: budgetsChannels['teams.setBudget'].input.shape.budget.optional(),
    budget_currency: z.enum(CURRENCY_CODES, 'Not a currency code the app knows.').nullable().optional(),
  })
  .strict()

const baseSeq = z.coerce.number().int().min(0).nullable()

async function currentReward(db: ServerDb, companyId: number, employeeId: number) {
  const row = await db
    .selectFrom('reward')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .executeTakeFirst()
  if (!row) return null
  const { company_id: _c, ...reward } = row
  return reward
}

/** Others' values, set after the pusher's base, that this push replaces: the last one per field. */
export function overwrittenBy(
  changes: SyncedRewardFields,
  later: readonly { user: string; user_email: string | null; fields: SyncedRewardFields }[],
): OverwrittenValue[] {
  const replaced = new Map<SyncedRewardField, OverwrittenValue>()
  for (const change of later)
    for (const [field, value] of Object.entries(change.fields) as [
      SyncedRewardField,
      OverwrittenValue['value'],
    ][])
      if (field in changes && changes[field] !== value)
        replaced.set(field, { field, value, user_email: change.user_email, user: change.user })
  return [...replaced.values()]
}

type Reader = ServerDb | Transaction<ServerDatabase>

/** GET /employeerewards/: the rewards of the employees in the caller's scope. */
async function rewardsOf(db: Reader, who: Caller, scope: PlanningScope) {
  const rows = await db
    .selectFrom('reward')
    .innerJoin('employee', (join) =>
      join
        .onRef('employee.company_id', '=', 'reward.company_id')
        .onRef('employee.id', '=', 'reward.employee_id'),
    )
    .selectAll('reward')
    .select(['employee.team_id', 'employee.current_salary', 'employee.salaried', 'employee.fte'])
    .where('reward.company_id', '=', who.companyId)
    .orderBy('reward.employee_id')
    .execute()
  const shown = rows
    .filter((r) => inScope(scope, r.team_id))
    .map(({ company_id: _c, team_id: _t, ...r }) => r)
  return withSpecFields(db, who.companyId, shown)
}

/** GET /payranges/. */
async function payRangesOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('pay_range')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => r)
}

/** GET /paycycle/submit/. */
async function submissionsOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('planner_submission')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => submissionView(r))
}

export function planningRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const caller = (request: FastifyRequest) => callerOf(request, context)

  app.get('/api/employees/', async (request) => {
    const who = await caller(request)
    const scope = await scopeOf(db, who)
    const rows = await db
      .selectFrom('employee')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .orderBy('id')
      .execute()
    const shown = rows.filter((e) => inScope(scope, e.team_id)).map(({ company_id: _c, ...e }) => e)
    return employeesFor(who.role, shown)
  })

  app.get('/api/employeerewards/', async (request) => {
    const who = await caller(request)
    return rewardsOf(db, who, await scopeOf(db, who))
  })

  app.put('/api/employeerewards/:employee/', async (request, reply) => {
    const who = await caller(request)
    const employeeId = id.parse((request.params as { employee: string }).employee)
    const changes = rewardPutSchema.parse(request.body)
    const key = pushKeyOf(request, who)
    const base = baseSeq.parse(request.headers[BASE_SEQ_HEADER] ?? null)
    const employee = await plannedEmployee(db, who, employeeId)
    const earlier = key ? await changeByKey(db, who.companyId, key) : null
    if (earlier) {
      // A replay (the first answer was lost): answer with the reward as it is, apply nothing.
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, earlier.seq)
      return currentReward(db, who.companyId, employeeId)
    }
    if (employee.lockReason) throw new HttpError(403, employee.lockReason)
    const result = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('reward')
        .selectAll()
        .where('company_id', '=', who.companyId)
        .where('employee_id', '=', employeeId)
        .executeTakeFirst()
      const refusal = await rewardChangeRefusal(trx, who.companyId, employeeId, changes, before)
      if (refusal) throw new HttpError(403, refusal)
      const row = await trx
        .insertInto('reward')
        .values({
          company_id: who.companyId,
          employee_id: employeeId,
          performance_plan: false,
          promotion: false,
          ...changes,
        })
        .onConflict((oc) =>
          oc.columns(['company_id', 'employee_id']).doUpdateSet({ ...changes, updated_at: context.now() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow()
      const diff = Object.fromEntries(
        Object.entries(changes).map(([key, value]) => [
          key,
          { from: before?.[key as keyof typeof before] ?? null, to: value },
        ]),
      )
      const overwrote =
        base === null ? [] : overwrittenBy(changes, await rewardChangesSince(trx, who, employeeId, base))
      await trx
        .insertInto('reward_history')
        .values({
          company_id: who.companyId,
          employee_id: employeeId,
          user_id: who.userId,
          source: 'planner',
          changes: JSON.stringify(overwrote.length > 0 ? { ...diff, overwrote } : diff),
        })
        .execute()
      const seq = await recordChange(
        trx,
        who,
        { kind: 'reward', employee_id: employeeId, team_id: employee.team_id, fields: changes, overwrote },
        key,
      )
      const { company_id: _c, ...reward } = row
      return { reward, seq }
    })
    waiters.notify(who.companyId)
    answerFeedPosition(reply, result.seq)
    return result.reward
  })

  app.get('/api/employeerewards/history/:employeeId', async (request) => {
    const who = await caller(request)
    const employeeId = id.parse((request.params as { employeeId: string }).employeeId)
    await plannedEmployee(db, who, employeeId)
    return db
      .selectFrom('reward_history')
      .select(['id', 'at', 'user_id', 'source', 'changes'])
      .where('company_id', '=', who.companyId)
      .where('employee_id', '=', employeeId)
      .orderBy('id', 'desc')
      .execute()
  })

  app.get('/api/jobprofiles/', async (request) => {
    const who = await caller(request)
    const rows = await db
      .selectFrom('job_profile')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .orderBy('id')
      .execute()
    // The spec's name of the range reference (`pay_range`) besides the stored one.
    return rows.map(({ company_id: _c, ...r }) => ({ ...r, pay_range: r.pay_range_id }))
  })

  app.get('/api/payranges/', async (request) => {
    const who = await caller(request)
    return payRangesOf(db, who.companyId)
  })

  app.put('/api/payranges/:id/', async (request, reply) => {
    const who = await caller(request)
    const rangeId = id.parse((request.params as { id: string }).id)
    const body = z
      .object({
        name: text().trim().min(1).max(200).optional(),
        min_pay: cents.optional(),
        mid_pay: cents.optional(),
        max_pay: cents.optional(),
        pay_currency: z.enum(CURRENCY_CODES).optional(),
        salaried: z.boolean().optional(),
      })
      .strict()
      .parse(request.body)
    const key = pushKeyOf(request, who)
    const current = await db
      .selectFrom('pay_range')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .where('id', '=', rangeId)
      .executeTakeFirst()
    if (!current) throw new HttpError(404, `No pay range has the id ${rangeId}.`)
    const used = key ? await keyUsed(db, who.companyId, key) : null
    if (used) {
      // A replica's push replayed (its answer was lost): the range as it is, nothing applied again.
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, used.seq)
      const { company_id: _c, ...range } = current
      return range
    }
    if (Object.entries(body).every(([column, value]) => current[column as keyof typeof current] === value)) {
      // The server has these values already: nothing written or fed, the key kept for a replay.
      await keepUnchangedKey(db, who.companyId, key)
      answerFeedPosition(reply, null)
      const { company_id: _c, ...range } = current
      return range
    }
    const next = { ...current, ...body }
    if (!(next.min_pay <= next.mid_pay && next.mid_pay <= next.max_pay))
      throw new HttpError(400, 'A pay range needs min_pay ≤ mid_pay ≤ max_pay.')
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('pay_range')
        .set(body)
        .where('company_id', '=', who.companyId)
        .where('id', '=', rangeId)
        .returningAll()
        .executeTakeFirstOrThrow()
      const seq = await recordCompanyChange(trx, who, 'pay_range', rangeId, body, [], key)
      return { ...updated, seq }
    })
    waiters.notify(who.companyId)
    answerFeedPosition(reply, row.seq)
    const { company_id: _c, seq: _s, ...range } = row
    return range
  })

  app.get('/api/teams/', async (request) => {
    const who = await caller(request)
    const rows = await db
      .selectFrom('team')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .orderBy('id')
      .execute()
    return rows.map(({ company_id: _c, ...r }) => r)
  })

  app.put('/api/teams/:id/', async (request, reply) => {
    const who = await caller(request)
    const teamId = id.parse((request.params as { id: string }).id)
    const body = teamPutSchema.parse(request.body ?? {})
    const key = pushKeyOf(request, who)
    const c = who.companyId
    const earlier = key ? await changeByKey(db, c, key) : null
    if (earlier) {
      // A replica's push replayed (its answer was lost): the team as it is, nothing applied again.
      const row = await db
        .selectFrom('team')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', teamId)
        .executeTakeFirst()
      if (!row) throw new HttpError(404, `No team has the id ${teamId}.`)
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, earlier.seq)
      const { company_id: _c, ...team } = row
      return { ...team, message: savedBudgetMessage(row) }
    }
    const result = await db.transaction().execute(async (trx) => {
      const team = await trx
        .selectFrom('team')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', teamId)
        .forUpdate()
        .executeTakeFirst()
      if (!team) throw new HttpError(404, `No team has the id ${teamId}.`)
      const set: { name?: string; budget?: number | null; budget_currency?: string | null } = {}
      if (body.name !== undefined) set.name = body.name
      if (body.budget !== undefined || body.budget_currency !== undefined) {
        const members = await trx
          .selectFrom('employee')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', c)
          .where('team_id', '=', teamId)
          .executeTakeFirstOrThrow()
        const state = budgetInputState(Number(members.n))
        if (state.disabled) throw new HttpError(403, state.tooltip ?? '')
        const budget = body.budget !== undefined ? body.budget : team.budget
        // As on the desktop (services/budgets.ts): a budget without a currency takes the team's, else
        // the pay cycle's default; no budget, no currency.
        let currency: string | null = null
        if (budget !== null) {
          currency = body.budget_currency ?? team.budget_currency
          if (currency === null) {
            const cycle = await currentCycle(trx, c)
            if (!cycle) throw new HttpError(409, NO_PAY_CYCLE)
            currency = cycle.defaultCurrency
          }
        }
        set.budget = budget
        set.budget_currency = currency
      }
      if (Object.keys(set).length === 0) throw new HttpError(400, 'Give name, budget or budget_currency.')
      const row = await trx
        .updateTable('team')
        .set(set)
        .where('company_id', '=', c)
        .where('id', '=', teamId)
        .returningAll()
        .executeTakeFirstOrThrow()
      await logChange(trx, who, {
        entity: 'team',
        entityId: teamId,
        action: set.budget !== undefined ? 'budget' : 'update',
        oldValue: Object.fromEntries(Object.keys(set).map((k) => [k, team[k as keyof typeof set]])),
        newValue: set,
      })
      const seq = await recordCompanyChange(trx, who, 'team', teamId, set, [], key)
      return { row, budgetSet: set.budget !== undefined, before: team, seq }
    })
    waiters.notify(c)
    answerFeedPosition(reply, result.seq)
    const { company_id: _c, ...team } = result.row
    return {
      ...team,
      message: result.budgetSet ? savedBudgetMessage(result.before) : `Saved ${team.name}`,
    }
  })

  app.get('/api/paycycle/config/', async (request) => {
    const who = await caller(request)
    const rows = await db
      .selectFrom('pay_cycle')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .orderBy('id')
      .execute()
    return payCyclesFor(
      who.role,
      rows.map(({ company_id: _c, ...r }) => r),
    )
  })

  app.get('/api/paycycle/submit/', async (request) => {
    const who = await caller(request)
    return submissionsOf(db, who.companyId)
  })

  /**
   * The spec's bulk fetch (planning document §7: no payload; payranges, plannersubmission and
   * employeerewards; its path is not shown, so ours): the three lists as their own GETs answer them,
   * read in one repeatable-read transaction so they belong together.
   */
  app.get('/api/bulk/', async (request) => {
    const who = await caller(request)
    const scope = await scopeOf(db, who)
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        payranges: await payRangesOf(trx, who.companyId),
        plannersubmission: await submissionsOf(trx, who.companyId),
        employeerewards: await rewardsOf(trx, who, scope),
      }))
  })

  app.post('/api/paycycle/submit/', async (request) => {
    const who = await caller(request)
    const body = z
      .object({
        planner_employee: z.number().int().positive(),
        pay_cycle: z.number().int().positive(),
        submission_type: z.enum(['PLANNER', 'FORCE', 'HR']),
        comments: text().trim().min(1, 'This field is required.').max(5000),
      })
      .strict()
      .parse(request.body)
    const cycleId = await activeCycleId(db, who.companyId)
    if (cycleId === null || cycleId !== body.pay_cycle) throw new HttpError(403, CYCLE_CLOSED)
    const expected = submissionTypeFor(who.role, body.planner_employee !== who.employeeId)
    if (body.submission_type !== expected)
      throw new HttpError(
        400,
        `submission_type: ${who.role} submitting ${body.planner_employee === who.employeeId ? 'their own plan' : 'for someone else'} records ${expected}.`,
      )
    if (!hasAdminPowers(who.role) && body.planner_employee !== who.employeeId) {
      const planner = await db
        .selectFrom('employee')
        .select('team_id')
        .where('company_id', '=', who.companyId)
        .where('id', '=', body.planner_employee)
        .executeTakeFirst()
      if (!planner || !(await plansTeam(db, who, planner.team_id)))
        throw new HttpError(403, NOT_YOUR_EMPLOYEE)
    }
    const submission = await db.transaction().execute(async (trx) => {
      // One per planner and cycle, however many arrive at once: the others find it there (409).
      const row = await trx
        .insertInto('planner_submission')
        .values({
          company_id: who.companyId,
          planner_employee_id: body.planner_employee,
          pay_cycle_id: cycleId,
          submission_type: body.submission_type,
          comments: body.comments,
          submitted_by_user_id: who.userId,
        })
        .onConflict((oc) => oc.columns(['company_id', 'pay_cycle_id', 'planner_employee_id']).doNothing())
        .returningAll()
        .executeTakeFirst()
      if (!row) throw new HttpError(409, ALREADY_SUBMITTED)
      const { company_id: _c, ...stored } = row
      const submission = submissionView(stored)
      await recordChange(
        trx,
        who,
        {
          kind: 'submission',
          submission: {
            id: row.id,
            planner_employee_id: row.planner_employee_id,
            pay_cycle_id: row.pay_cycle_id,
            submission_type: row.submission_type,
            comments: row.comments,
          },
        },
        null,
      )
      return submission
    })
    waiters.notify(who.companyId)
    return submission
  })

  app.delete('/api/paycycle/submit/:id', async (request) => {
    const who = await caller(request)
    const submissionId = id.parse((request.params as { id: string }).id)
    const deleted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('planner_submission')
        .where('company_id', '=', who.companyId)
        .where('id', '=', submissionId)
        .returning(['id', 'planner_employee_id', 'pay_cycle_id'])
        .executeTakeFirst()
      if (row) await recordChange(trx, who, { kind: 'submission.deleted', submission: row }, null)
      return row
    })
    if (!deleted) throw new HttpError(404, `No planner submission has the id ${submissionId}.`)
    waiters.notify(who.companyId)
    return { ok: true }
  })
}
