import type { FastifyRequest } from 'fastify'
import { contract, type Channel } from '../../src-shared/contract/channels'
import { roleMayCall } from '../../src-shared/domain/access'
import { isRoleName, type RoleName } from '../../src-shared/domain/roles'
import { verifyAccessToken } from '../auth/tokens'
import type { ServerContext } from '../context'
import { HttpError, NOT_LOGGED_IN } from './errors'

/** The signed-in user of a request, loaded fresh (a deleted user or a changed role takes effect at once). */
export interface Caller {
  userId: number
  companyId: number
  role: RoleName
  employeeId: number | null
  email: string
  name: string
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null
}

/** The caller the route guard loaded, so a handler's own callerOf does not read the user again. */
const loaded = new WeakMap<FastifyRequest, Caller>()

export async function callerOf(
  request: FastifyRequest,
  context: ServerContext,
  purpose: 'access' | 'set_password' = 'access',
): Promise<Caller> {
  const known = purpose === 'access' ? loaded.get(request) : undefined
  if (known) return known
  const { db } = context
  const token = bearer(request)
  const claims = token ? await verifyAccessToken(token, context.jwtSecret, context.now()) : null
  if (!claims || (claims.purpose !== purpose && !(purpose === 'set_password' && claims.purpose === 'access')))
    throw new HttpError(401, NOT_LOGGED_IN)
  const user = await db.selectFrom('app_user').selectAll().where('id', '=', claims.userId).executeTakeFirst()
  if (!user || user.company_id !== claims.companyId || !isRoleName(user.role))
    throw new HttpError(401, NOT_LOGGED_IN)
  const caller: Caller = {
    userId: user.id,
    companyId: user.company_id,
    role: user.role,
    employeeId: user.employee_id,
    email: user.email,
    name: user.name,
  }
  if (purpose === 'access') loaded.set(request, caller)
  return caller
}

/**
 * The desktop's own access rule for an operation the body chooses (e.g. 'matrix.save'), within what
 * the route access table already let in.
 */
export function requireChannel(caller: Caller, channel: Channel, what: string): void {
  if (!roleMayCall(caller.role, contract[channel].access))
    throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
}
