import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { sql } from 'kysely'
import type { ServerContext } from './context'
import { errorHandler } from './http/errors'
import { authRoutes } from './routes/auth'
import { companyRoutes } from './routes/company'
import { planningRoutes } from './routes/planning'
import { statementRoutes } from './routes/statements'
import { syncRoutes } from './routes/sync'
import { userRoutes } from './routes/users'
import { FeedWaiters } from './sync/feed-waiters'

/** The company server: every route of the contract, on one PostgreSQL database, many companies. */
export async function buildServer(
  context: ServerContext,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 16 * 1024 * 1024, trustProxy: true })
  await app.register(cookie)
  await app.register(rateLimit, { global: false })
  app.setErrorHandler(errorHandler)
  app.get('/health', async () => {
    await sql`select 1`.execute(context.db)
    return { ok: true }
  })
  authRoutes(app, context)
  companyRoutes(app, context)
  userRoutes(app, context)
  const waiters = new FeedWaiters(context.db)
  app.addHook('onClose', async () => waiters.close())
  planningRoutes(app, context, waiters)
  syncRoutes(app, context, waiters)
  statementRoutes(app)
  return app
}
