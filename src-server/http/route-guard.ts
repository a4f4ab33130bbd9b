import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify'
import { routeAccess, routeAllows, type RouteAccess } from '../../src-shared/contract/route-access'
import { verifyStatementToken } from '../auth/statement-tokens'
import type { ServerContext } from '../context'
import { bearer, callerOf } from './context'
import { HttpError } from './errors'

type Hook = onRequestHookHandler | preHandlerHookHandler

/** The largest body a route anyone may call reads (and an unknown route: the server's default). */
export const PUBLIC_BODY_LIMIT = 64 * 1024
/** The largest body a signed-in route reads unless it says more (publish, the company file). */
export const SIGNED_IN_BODY_LIMIT = 16 * 1024 * 1024

/**
 * Every route's door is its entry in the route access table (src-shared/contract/route-access.ts):
 * a route without one is refused at registration, so the table is the whole rule. The door is
 * checked before the body is read, unless its refusal names what the body asks.
 */
export function guardRoutes(app: FastifyInstance, context: ServerContext): void {
  async function check(request: FastifyRequest, access: RouteAccess): Promise<void> {
    if (access.rule.kind === 'public') return
    if (access.link) {
      const token = bearer(request)
      if (token && (await verifyStatementToken(token, context.jwtSecret, context.now()))) return
    }
    const caller = await callerOf(request, context)
    if (!routeAllows(caller.role, access.rule)) {
      const what = typeof access.what === 'string' ? access.what : access.what(request.body)
      throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
    }
  }

  const guards = new WeakSet<Hook>()
  // A route's own hooks, without a guard it may have copied (HEAD is made from its GET's options).
  const own = (hook: Hook | Hook[] | undefined): Hook[] =>
    (hook === undefined ? [] : [hook].flat()).filter((h) => !guards.has(h))

  app.addHook('onRoute', (route) => {
    const doors = new Map<string, RouteAccess>()
    for (const method of [route.method].flat()) {
      const access = routeAccess(method, route.url)
      if (!access)
        throw new Error(`${method} ${route.url} has no entry in src-shared/contract/route-access.ts.`)
      doors.set(method, access)
    }
    const guard = async (request: FastifyRequest) => {
      const access = doors.get(request.method)
      if (!access) throw new HttpError(405, `${request.method} is not answered here.`)
      await check(request, access)
    }
    guards.add(guard)
    if ([...doors.values()].every((a) => a.rule.kind === 'public')) {
      // Bodies anyone may send: a sign-in, a link, an e-mail, an onboarding form.
      route.bodyLimit = Math.min(route.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT)
      route.onRequest = [guard, ...own(route.onRequest)]
      return
    }
    route.bodyLimit ??= SIGNED_IN_BODY_LIMIT
    if ([...doors.values()].every((a) => typeof a.what === 'string'))
      route.onRequest = [guard, ...own(route.onRequest)]
    else {
      // The role's refusal names what the body asks; who is calling is still known before it is read.
      const signedIn = async (request: FastifyRequest) => void (await callerOf(request, context))
      guards.add(signedIn)
      route.onRequest = [signedIn, ...own(route.onRequest)]
      route.preHandler = [guard, ...own(route.preHandler)]
    }
  })
}
