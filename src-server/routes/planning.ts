import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import { budgetsChannels } from '../../src-shared/contract/channels/budgets'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { answerFeedPosition } from '../http/feed-position'
import { scopeOf } from '../http/planning-access'
import { employeesFor, payCyclesFor } from '../http/reduced-views'
import {
  employeesIn,
  jobProfilesOf,
  payCycleRowsOf,
  payRangesOf,
  rewardsOf,
  submissionsOf,
  teamsOf,
} from '../planning/lists'
import { editPayRange } from '../planning/pay-range-edit'
import { editTeam } from '../planning/team-edit'
import type { FeedWaiters } from '../sync/feed-waiters'
import { pushKeyOf } from '../sync/push-keys'

/**
 * The company's planning lists (employees, job profiles, pay ranges, teams, pay cycles, the bulk
 * fetch) and the edits of pay ranges and teams. Rewards: rewards.ts; submissions: submissions.ts.
 */

const id = z.coerce.number().int().positive()
const cents = z.number().int('Amounts are whole cents.').min(0, 'Amounts cannot be negative.').max(1e14)

const payRangePutSchema = z
  .object({
    name: text().trim().min(1).max(200).optional(),
    min_pay: cents.optional(),
    mid_pay: cents.optional(),
    max_pay: cents.optional(),
    pay_currency: z.enum(CURRENCY_CODES).optional(),
    salaried: z.boolean().optional(),
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

export function planningRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const caller = (request: FastifyRequest) => callerOf(request, context)

  app.get('/api/employees/', async (request) => {
    const who = await caller(request)
    return employeesFor(who.role, await employeesIn(db, who.companyId, await scopeOf(db, who)))
  })

  app.get('/api/jobprofiles/', async (request) => jobProfilesOf(db, (await caller(request)).companyId))

  app.get('/api/payranges/', async (request) => payRangesOf(db, (await caller(request)).companyId))

  app.put('/api/payranges/:id/', async (request, reply) => {
    const who = await caller(request)
    const rangeId = id.parse((request.params as { id: string }).id)
    const body = payRangePutSchema.parse(request.body)
    const result = await editPayRange(db, who, rangeId, body, pushKeyOf(request, who))
    if (result.replay) void reply.header('idempotent-replay', 'true')
    else if (result.seq !== null) waiters.notify(who.companyId)
    answerFeedPosition(reply, result.seq)
    return result.range
  })

  app.get('/api/teams/', async (request) => teamsOf(db, (await caller(request)).companyId))

  app.put('/api/teams/:id/', async (request, reply) => {
    const who = await caller(request)
    const teamId = id.parse((request.params as { id: string }).id)
    const body = teamPutSchema.parse(request.body ?? {})
    const result = await editTeam(db, who, teamId, body, pushKeyOf(request, who))
    if (result.replay) void reply.header('idempotent-replay', 'true')
    else waiters.notify(who.companyId)
    answerFeedPosition(reply, result.seq)
    return result.team
  })

  app.get('/api/paycycle/config/', async (request) => {
    const who = await caller(request)
    return payCyclesFor(who.role, await payCycleRowsOf(db, who.companyId))
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
}
