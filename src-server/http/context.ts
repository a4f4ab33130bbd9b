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

/** The request's `Authorization: Bearer` token, or null. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  // The scheme is case-insensitive (RFC 9110 §11.1): 'bearer' as the spec's client may send it.
  return header && /^bearer /i.test(header) ? header.slice(7).trim() : null
}

/** A request's token holder: the user, which kind of token, and what set_password checks. */
export interface TokenHolder {
  caller: Caller
  /** 'set_password': a token from verify_link; 'access': a signed-in user, who also gives the current password. */
  purpose: 'access' | 'set_password'
  /** The version the token carries (the user's current one): set_password bumps it only from this one. */
  tokenVersion: number
  passwordHash: string | null
}

/**
 * A request's token checked against the user's row as it is now: a deleted user, a changed role or
 * company, or a token version older than the user's (a password was set since) is 'Not logged in'.
 */
export async function tokenHolderOf(request: FastifyRequest, context: ServerContext): Promise<TokenHolder> {
  const token = bearer(request)
  const claims = token ? await verifyAccessToken(token, context.jwtSecret, context.now()) : null
  if (!claims) throw new HttpError(401, NOT_LOGGED_IN)
  const user = await context.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', claims.userId)
    .executeTakeFirst()
  if (
    !user ||
    user.company_id !== claims.companyId ||
    user.token_version !== claims.tokenVersion ||
    !isRoleName(user.role) ||
    (user.role === 'SUPER_USER' && !(await inOperatorsCompany(context, user.company_id)))
  )
    throw new HttpError(401, NOT_LOGGED_IN)
  return {
    caller: {
      userId: user.id,
      companyId: user.company_id,
      role: user.role,
      employeeId: user.employee_id,
      email: user.email,
      name: user.name,
    },
    purpose: claims.purpose,
    tokenVersion: claims.tokenVersion,
    passwordHash: user.password_hash,
  }
}

/** A SUPER_USER outside the operators' company (one an older server let a company make) signs in to nothing. */
async function inOperatorsCompany(context: ServerContext, companyId: number): Promise<boolean> {
  const company = await context.db
    .selectFrom('company')
    .select('operators')
    .where('id', '=', companyId)
    .executeTakeFirst()
  return company?.operators === true
}

/** The caller the route guard loaded, so a handler's own callerOf does not read the user again. */
const loaded = new WeakMap<FastifyRequest, Caller>()

/** The signed-in user of an ordinary access token (a set-password token opens nothing else). */
export async function callerOf(request: FastifyRequest, context: ServerContext): Promise<Caller> {
  const known = loaded.get(request)
  if (known) return known
  const holder = await tokenHolderOf(request, context)
  if (holder.purpose !== 'access') throw new HttpError(401, NOT_LOGGED_IN)
  loaded.set(request, holder.caller)
  return holder.caller
}

/**
 * The desktop's own access rule for an operation the body chooses (e.g. 'matrix.save'), within what
 * the route access table already let in.
 */
export function requireChannel(caller: Caller, channel: Channel, what: string): void {
  if (!roleMayCall(caller.role, contract[channel].access))
    throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
}
