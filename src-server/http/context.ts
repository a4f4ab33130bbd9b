import type { FastifyRequest } from 'fastify'
import { contract, type Channel } from '../../src-shared/contract/channels'
import { roleMayCall } from '../../src-shared/domain/access'
import {
  hasAdminPowers,
  isRoleName,
  canAccessPage,
  type PageKey,
  type RoleName,
} from '../../src-shared/domain/roles'
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
    !isRoleName(user.role)
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

/** The signed-in user of an ordinary access token (a set-password token opens nothing else). */
export async function callerOf(request: FastifyRequest, context: ServerContext): Promise<Caller> {
  const holder = await tokenHolderOf(request, context)
  if (holder.purpose !== 'access') throw new HttpError(401, NOT_LOGGED_IN)
  return holder.caller
}

/** Spec §6 page access: a role may use a call when it reaches one of these pages (super user always). */
export function requirePages(caller: Caller, pages: readonly PageKey[], what: string): void {
  if (!pages.some((page) => canAccessPage(caller.role, page)))
    throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
}

export function requireAdmin(caller: Caller, what: string): void {
  if (!hasAdminPowers(caller.role)) throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
}

/** The desktop's own access rule for the same operation (contract/channels.ts), e.g. 'matrix.save'. */
export function requireChannel(caller: Caller, channel: Channel, what: string): void {
  if (!roleMayCall(caller.role, contract[channel].access))
    throw new HttpError(403, `Your role (${caller.role}) may not ${what}.`)
}
