import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { sql } from 'kysely'
import type { ServerContext } from './context'
import { errorHandler, notFoundHandler } from './http/errors'
import { acceptEmptyJson } from './http/json-body'
import { guardRoutes, PUBLIC_BODY_LIMIT } from './http/route-guard'
import { authRoutes } from './routes/auth'
import { budgetRoutes } from './routes/budgets'
import { companyRoutes } from './routes/company'
import { docsRoutes } from './routes/docs'
import { importRoutes } from './routes/import'
import { matrixRoutes } from './routes/matrix'
import { mergeRoutes } from './routes/merge'
import { payCycleRoutes } from './routes/pay-cycles'
import { planningRoutes } from './routes/planning'
import { rewardRoutes } from './routes/rewards'
import { submissionRoutes } from './routes/submissions'
import { recordRoutes } from './routes/records'
import { setPasswordPageRoutes } from './routes/set-password-page'
import { statementPageRoutes } from './routes/statement-page'
import { statementRoutes } from './routes/statements'
import { teamRoutes } from './routes/teams'
import { snapshotRoutes } from './routes/snapshot'
import { companyFileRoutes } from './routes/company-file'
import { rewardBatchRoutes } from './routes/reward-batch'
import { syncRoutes } from './routes/sync'
import { userRoutes } from './routes/users'
import { FeedWaiters } from './sync/feed-waiters'
import { clockStore } from './http/limit-store'

/**
 * close() waits for handlers still running: a client that hung up closes its socket at once, but
 * its handler goes on using the database, which the caller destroys after close().
 */
function drainOnClose(app: FastifyInstance): () => Promise<void> {
  let running = 0
  let idle: (() => void) | null = null
  app.addHook('onRoute', (route) => {
    const handler = route.handler
    route.handler = async function (this: FastifyInstance, request, reply) {
      running++
      try {
        return await handler.call(this, request, reply)
      } finally {
        if (--running === 0) idle?.()
      }
    }
  })
  return async () => {
    if (running > 0) await new Promise<void>((resolve) => (idle = resolve))
  }
}

/** The company server: every route of the contract, on one PostgreSQL database, many companies. */
export async function buildServer(
  context: ServerContext,
  logger: FastifyServerOptions['logger'] = false,
  /** Called before any route is registered (a test's onRoute hook sees every route). */
  observe?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const trustProxy = context.trustedProxies?.length ? [...context.trustedProxies] : false
  // Routes the guard knows take more (route-guard.ts); an unknown route reads no more than a public one.
  // The spec writes some paths with a trailing slash and some without: both forms answer (issue 38).
  const app = Fastify({
    logger,
    bodyLimit: PUBLIC_BODY_LIMIT,
    trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  })
  observe?.(app)
  await app.register(cookie)
  // Limits count on the server's clock (tests move it instead of waiting).
  await app.register(rateLimit, { global: false, store: clockStore(context.now) })
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler(notFoundHandler)
  acceptEmptyJson(app)
  const drained = drainOnClose(app)
  guardRoutes(app, context)
  app.get('/health', async () => {
    await sql`select 1`.execute(context.db)
    return { ok: true }
  })
  // Every write desktops replicate records a feed change and wakes the feed's long polls.
  const waiters = new FeedWaiters(context.db)
  app.addHook('onClose', async () => waiters.close())
  authRoutes(app, context)
  companyRoutes(app, context)
  snapshotRoutes(app, context)
  companyFileRoutes(app, context)
  userRoutes(app, context, waiters)
  planningRoutes(app, context, waiters)
  rewardRoutes(app, context, waiters)
  submissionRoutes(app, context, waiters)
  syncRoutes(app, context, waiters)
  rewardBatchRoutes(app, context, waiters)
  budgetRoutes(app, context, waiters)
  matrixRoutes(app, context, waiters)
  recordRoutes(app, context, waiters)
  teamRoutes(app, context, waiters)
  payCycleRoutes(app, context, waiters)
  importRoutes(app, context, waiters)
  mergeRoutes(app, context, waiters)
  statementRoutes(app, context)
  statementPageRoutes(app)
  setPasswordPageRoutes(app)
  docsRoutes(app)
  // Last: the feed's long polls are released by the hooks before this one.
  app.addHook('onClose', drained)
  return app
}
