import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { verifyStatementToken } from '../auth/statement-tokens'
import { verifyAccessToken } from '../auth/tokens'
import type { ServerContext } from '../context'
import { HttpError, NOT_LOGGED_IN } from './errors'

/**
 * The routes anyone may call: signing in and its links, onboarding (its key is checked inside), the
 * statement page a magic link opens, and the health check. Every other route is refused before its
 * body is read unless the request carries a valid token.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /health',
  'GET /statement',
  'GET /statement.js',
  'POST /api/user/login',
  'POST /api/user/token/refresh/',
  'POST /api/user/token/logout',
  'POST /api/user/token/verify_link/',
  'POST /api/user/recover_password',
  'POST /api/company/onboarding/',
])

/** Bodies anyone may send: a sign-in, a link, an e-mail, an onboarding form. */
export const PUBLIC_BODY_LIMIT = 64 * 1024

export function isPublicRoute(method: string, url: string): boolean {
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`)
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null
}

/**
 * Authentication in `onRequest`, before a body is read: the token's signature and lifetime (a user's
 * or a statement link's). Who the user is now, and what they may do, the route decides (callerOf).
 */
function tokenRequired(context: ServerContext): onRequestHookHandler {
  return async (request) => {
    const token = bearer(request)
    const now = context.now()
    const valid =
      token !== null &&
      ((await verifyAccessToken(token, context.jwtSecret, now)) !== null ||
        (await verifyStatementToken(token, context.jwtSecret, now)) !== null)
    if (!valid) throw new HttpError(401, NOT_LOGGED_IN)
  }
}

/** Registers the rule on every route added after it: public routes take small bodies, others a token first. */
export function authenticateBeforeBodies(app: FastifyInstance, context: ServerContext): void {
  const required = tokenRequired(context)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (methods.every((method) => isPublicRoute(method, route.url))) {
      route.bodyLimit = Math.min(route.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT)
      return
    }
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : []
    route.onRequest = [required, ...own]
  })
}
