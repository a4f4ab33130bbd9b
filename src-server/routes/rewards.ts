import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { BASE_SEQ_HEADER } from '../../src-shared/contract/sync-dto'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { answerFeedPosition } from '../http/feed-position'
import { plannedEmployee, scopeOf } from '../http/planning-access'
import { rewardHistoryOf, rewardsOf } from '../planning/lists'
import { editReward, rewardPutSchema } from '../planning/reward-edit'
import type { FeedWaiters } from '../sync/feed-waiters'
import { pushKeyOf } from '../sync/push-keys'

/** Employees' rewards: the list, one planner's edit (a replica's push too) and an employee's history. */

const id = z.coerce.number().int().positive()
const baseSeq = z.coerce.number().int().min(0).nullable()

export function rewardRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const caller = (request: FastifyRequest) => callerOf(request, context)

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
    const result = await editReward(db, who, { employee, changes, key, base }, context.now())
    // A replay (the first answer was lost): the reward as it is, nothing applied.
    if (result.replay) void reply.header('idempotent-replay', 'true')
    else waiters.notify(who.companyId)
    answerFeedPosition(reply, result.seq)
    return result.reward
  })

  app.get('/api/employeerewards/history/:employeeId', async (request) => {
    const who = await caller(request)
    const employeeId = id.parse((request.params as { employeeId: string }).employeeId)
    await plannedEmployee(db, who, employeeId)
    return rewardHistoryOf(db, who.companyId, employeeId)
  })
}
