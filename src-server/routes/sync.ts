import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SyncChange, SyncFeedPage } from '../../src-shared/contract/sync-dto'
import { hasAdminPowers } from '../../src-shared/domain/roles'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { changesAfter } from '../sync/changes'
import { withScopeRows } from '../sync/scope-rows'
import type { FeedWaiters } from '../sync/feed-waiters'
import { scopeOf } from '../http/planning-access'

const FEED_PAGE = 1000

const feedQuery = z
  .object({
    after: z.coerce.number().int().min(0).default(0),
    wait: z.coerce.number().min(0).max(60).default(0),
  })
  .strict()

/**
 * What a follower may see: rewards and employees of their teams (employees by the teams they were and
 * are in), users only with admin powers, every other change.
 */
function visible(change: SyncChange, scope: PlanningScope, admin: boolean): boolean {
  switch (change.kind) {
    case 'reward':
      return inScope(scope, change.team_id)
    case 'employee':
    case 'employee.deleted':
      return change.team_ids.some((teamId) => inScope(scope, teamId))
    case 'user':
    case 'user.deleted':
      return admin
    default:
      return true
  }
}

/**
 * GET /api/sync/changes/?after=<seq>&wait=<seconds>: the company's change feed after `after`, long
 * polled when `wait` is given. A desktop resumes from the `last` it applied. Reward changes of
 * employees outside the caller's teams are left out; `last` still moves past them.
 */
export function syncRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  app.get('/api/sync/changes/', async (request, reply): Promise<SyncFeedPage> => {
    const who = await callerOf(request, context)
    const query = feedQuery.parse(request.query)
    let changes = await changesAfter(db, who.companyId, query.after, FEED_PAGE)
    if (changes.length === 0 && query.wait > 0) {
      const gone = new AbortController()
      // The response's 'close' (not the request's, which closes once its body is read): the desktop left.
      reply.raw.once('close', () => gone.abort())
      await waiters.wait(who.companyId, query.after, query.wait * 1000, gone.signal)
      changes = await changesAfter(db, who.companyId, query.after, FEED_PAGE)
    }
    const scope = await scopeOf(db, who)
    const seen = changes.filter((c) => visible(c, scope, hasAdminPowers(who.role)))
    // People an org chart change moved into (or out of) a planner's teams come with it, in full (or
    // not); a page that would carry too many stops before the change, which the next page starts with.
    const scoped = await withScopeRows(db, who.companyId, scope, seen, context.scopeRowsLimits)
    const last = scoped.cutBefore === null ? (changes.at(-1)?.seq ?? query.after) : scoped.cutBefore - 1
    return { changes: scoped.changes, last }
  })
}
