import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { submissionsOf } from '../planning/lists'
import { sendBack, submitPlan } from '../planning/submissions'
import type { FeedWaiters } from '../sync/feed-waiters'

/**
 * Planner submissions: the list, a submission and 'Send back for changes'. Who may submit what, and
 * when, is commands/submission.ts `decideSubmission`, the desktop's rules (planning/submissions.ts).
 */

const id = z.coerce.number().int().positive()

const submitSchema = z
  .object({
    planner_employee: z.number().int().positive(),
    pay_cycle: z.number().int().positive(),
    submission_type: z.enum(['PLANNER', 'FORCE', 'HR']),
    comments: text().trim().min(1, 'This field is required.').max(5000),
  })
  .strict()

export function submissionRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const caller = (request: FastifyRequest) => callerOf(request, context)

  app.get('/api/paycycle/submit/', async (request) => submissionsOf(db, (await caller(request)).companyId))

  app.post('/api/paycycle/submit/', async (request) => {
    const who = await caller(request)
    const body = submitSchema.parse(request.body)
    const submission = await submitPlan(db, who, {
      kind: 'submit',
      plannerId: body.planner_employee,
      comments: body.comments,
      payCycleId: body.pay_cycle,
      type: body.submission_type,
    })
    waiters.notify(who.companyId)
    return submission
  })

  app.delete('/api/paycycle/submit/:id', async (request) => {
    const who = await caller(request)
    await sendBack(db, who, id.parse((request.params as { id: string }).id))
    waiters.notify(who.companyId)
    return { ok: true }
  })
}
