import type {} from '@fastify/cookie'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { emailText, text } from '../../src-shared/contract/text'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { acceptsColumnList, COLUMN_LIST_TOO_SHORT } from '../../src-shared/domain/user-settings'
import { manageRefusal } from '../../src-shared/domain/user-admin'
import { isRoleName } from '../../src-shared/domain/roles'
import { consumeLink, voidLinks } from '../auth/links'
import {
  hashPassword,
  hashToVerify,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  verifyPassword,
} from '../auth/passwords'
import {
  issueRefreshToken,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  rotateRefreshToken,
} from '../auth/refresh'
import { signStatementToken } from '../auth/statement-tokens'
import { signAccessToken } from '../auth/tokens'
import type { ServerContext } from '../context'
import { callerOf, tokenHolderOf } from '../http/context'
import { statementOfLink } from '../statements/magic-links'
import { HttpError, NOT_LOGGED_IN } from '../http/errors'
import { recoveryLimits, signInLimits } from '../http/limits'
import { sendLink } from '../auth/send-link'
import { userViews } from '../http/user-views'

export const REFRESH_COOKIE = 'meritbook_refresh'
const REFRESH_PATH = '/api/user/token'
export const WRONG_LOGIN = 'The e-mail or password is not right.'
export const CURRENT_PASSWORD_NEEDED =
  'Setting a new password while signed in needs your current password (current_password).'
export const CURRENT_PASSWORD_WRONG = 'The current password is not right.'

function setRefreshCookie(reply: FastifyReply, context: ServerContext, token: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: context.secureCookies,
    sameSite: 'strict',
    path: REFRESH_PATH,
    maxAge: 30 * 86_400,
  })
}

/** An access token for the user, of the token version given (read with what it rests on) or the current one. */
async function accessFor(
  context: ServerContext,
  userId: number,
  purpose: 'access' | 'set_password' = 'access',
  tokenVersion?: number,
) {
  const user = await context.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  if (!isRoleName(user.role)) throw new HttpError(401, NOT_LOGGED_IN)
  return {
    user,
    access: await signAccessToken(
      {
        userId,
        companyId: user.company_id,
        role: user.role,
        purpose,
        tokenVersion: tokenVersion ?? user.token_version,
      },
      context.jwtSecret,
      context.now(),
    ),
  }
}

export const loginSchema = z
  .object({ username: text().trim().min(1).max(320), password: text().min(1).max(1000) })
  .strict()
export const passwordSchema = z
  .object({
    password: text().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(1000),
    // Needed with an ordinary access token; a set-password token (from a link) stands for it.
    current_password: text().max(1000).optional(),
  })
  .strict()
export const settingsSchema = z
  .object({
    preferredCurrency: z.enum(CURRENCY_CODES).optional(),
    compensationTableConfig: z
      .array(text().max(100))
      .max(100)
      .refine(acceptsColumnList, COLUMN_LIST_TOO_SHORT)
      .nullable()
      .optional(),
  })
  .strict()

export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context

  const signIns = signInLimits(app, context)
  app.post('/api/user/login', { preHandler: signIns.preHandler }, async (request, reply) => {
    const { username, password } = loginSchema.parse(request.body)
    const user = await db
      .selectFrom('app_user')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
      .executeTakeFirst()
    // One argon2 verify whether or not the account exists or has a password: no timing oracle.
    const verified = await verifyPassword(await hashToVerify(user?.password_hash ?? null), password)
    if (!user?.password_hash || !verified) throw new HttpError(401, WRONG_LOGIN)
    // Null when the password was set while this one was checked: the old password no longer signs in.
    const refresh = await issueRefreshToken(db, user.id, user.token_version, context.now())
    if (!refresh) throw new HttpError(401, WRONG_LOGIN)
    const { access } = await accessFor(context, user.id, 'access', user.token_version)
    setRefreshCookie(reply, context, refresh)
    signIns.remember(request)
    return { access, user_employee_id: user.employee_id }
  })

  app.post('/api/user/token/refresh/', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE]
    const rotation = token ? await rotateRefreshToken(db, token, context.now()) : null
    if (!rotation?.ok) {
      void reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH })
      throw new HttpError(401, NOT_LOGGED_IN)
    }
    setRefreshCookie(reply, context, rotation.token)
    return { access: (await accessFor(context, rotation.userId, 'access', rotation.tokenVersion)).access }
  })

  app.post('/api/user/token/logout', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE]
    if (token) await revokeRefreshFamily(db, token, context.now())
    void reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH })
    return { ok: true }
  })

  app.post('/api/user/token/verify_link/', async (request) => {
    const { refresh } = z
      .object({ refresh: text().min(1).max(200) })
      .strict()
      .parse(request.body)
    const link = await consumeLink(db, refresh, context.now())
    if (!link) {
      // A reward statement's magic link: a token for that one statement.
      const statement = await statementOfLink(db, refresh, context.now())
      if (statement && !statement.ok) throw new HttpError(410, statement.reason)
      if (statement?.ok)
        return { access: await signStatementToken(statement, context.jwtSecret, context.now()) }
      throw new HttpError(401, 'This link has expired or was already used. Ask for a new one.')
    }
    // The link's token version: the set_password it allows bumps it, so the token works once.
    return { access: (await accessFor(context, link.userId, 'set_password', link.tokenVersion)).access }
  })

  /**
   * Sets a password with a set-password token (from a link), or with an ordinary access token and the
   * current password. One transaction stores the hash, bumps the token version (every access token
   * and set-password token issued before dies), revokes every refresh family and voids every
   * outstanding link of the user: the setter signs in again with the new password.
   */
  app.post(
    '/api/user/set_password',
    // Each try with an access token verifies a guessed current password.
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const holder = await tokenHolderOf(request, context)
      const { password, current_password } = passwordSchema.parse(request.body)
      if (holder.purpose === 'access') {
        if (current_password === undefined) throw new HttpError(403, CURRENT_PASSWORD_NEEDED)
        if (!(await verifyPassword(holder.passwordHash, current_password)))
          throw new HttpError(403, CURRENT_PASSWORD_WRONG)
      }
      const userId = holder.caller.userId
      const hash = await hashPassword(password)
      const now = context.now()
      const changed = await db.transaction().execute(async (trx) => {
        // Only from the token's version: of two calls with one set-password token, one changes it.
        const bumped = await trx
          .updateTable('app_user')
          .set((eb) => ({
            password_hash: hash,
            invite_accepted: true,
            token_version: eb('token_version', '+', 1),
          }))
          .where('id', '=', userId)
          .where('token_version', '=', holder.tokenVersion)
          .returning('id')
          .executeTakeFirst()
        if (!bumped) return false
        await revokeUserRefreshTokens(trx, userId, now)
        await voidLinks(trx, userId, now)
        return true
      })
      if (!changed) throw new HttpError(401, NOT_LOGGED_IN)
      return { ok: true }
    },
  )

  app.post(
    '/api/user/recover_password',
    // Each call mails the account: a few an hour, so that nobody can flood a colleague's inbox.
    { preHandler: recoveryLimits(app) },
    async (request) => {
      const { email } = z.object({ email: emailText() }).strict().parse(request.body)
      const user = await db
        .selectFrom('app_user')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst()
      // The same answer either way: the call does not tell who has an account.
      if (user) await sendLink(context, user.id, 'recover')
      return { ok: true }
    },
  )

  app.get('/api/user/profile', async (request) => {
    const caller = await callerOf(request, context)
    const company = await db
      .selectFrom('company')
      .select(['id', 'name'])
      .where('id', '=', caller.companyId)
      .executeTakeFirstOrThrow()
    // The user's fields as GET users answers them (spec §3), and the company as before.
    const [user] = await userViews(db, caller.companyId, caller.userId)
    return { ...user, company }
  })

  app.get('/api/user/settings', async (request) => {
    const caller = await callerOf(request, context)
    const row = await db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', caller.userId)
      .executeTakeFirst()
    return {
      preferredCurrency: row?.preferred_currency ?? 'USD',
      compensationTableConfig: row?.compensation_table_config ?? null,
    }
  })

  app.put('/api/user/settings', async (request) => {
    const caller = await callerOf(request, context)
    const patch = settingsSchema.parse(request.body)
    const values = {
      user_id: caller.userId,
      preferred_currency: patch.preferredCurrency ?? null,
      compensation_table_config:
        patch.compensationTableConfig === undefined ? null : JSON.stringify(patch.compensationTableConfig),
    }
    const changed = {
      ...(patch.preferredCurrency !== undefined ? { preferred_currency: values.preferred_currency } : {}),
      ...(patch.compensationTableConfig !== undefined
        ? { compensation_table_config: values.compensation_table_config }
        : {}),
    }
    await db
      .insertInto('user_settings')
      .values(values)
      // An empty patch ({}) changes nothing: `DO UPDATE SET` with no column is not SQL.
      .onConflict((oc) =>
        Object.keys(changed).length === 0
          ? oc.column('user_id').doNothing()
          : oc.column('user_id').doUpdateSet(changed),
      )
      .execute()
    const row = await db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', caller.userId)
      .executeTakeFirstOrThrow()
    return {
      preferredCurrency: row.preferred_currency ?? 'USD',
      compensationTableConfig: row.compensation_table_config ?? null,
    }
  })

  app.post('/api/user/invite', async (request) => {
    const caller = await callerOf(request, context)
    const { id } = z.object({ id: z.number().int().positive() }).strict().parse(request.body)
    const target = await db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', caller.companyId)
      .executeTakeFirst()
    if (!target || !isRoleName(target.role)) throw new HttpError(404, `No user has the id ${id}.`)
    const refusal = manageRefusal(
      { userId: caller.userId, role: caller.role },
      { userId: target.id, role: target.role },
      'invite',
    )
    if (refusal) throw new HttpError(403, refusal)
    await sendLink(context, target.id, 'invite')
    return { ok: true }
  })

  app.post('/api/user/inviteAll', async (request) => {
    const caller = await callerOf(request, context)
    const waiting = await db
      .selectFrom('app_user')
      .select(['id', 'role'])
      .where('company_id', '=', caller.companyId)
      .where('invite_accepted', '=', false)
      .where('id', '<>', caller.userId)
      .execute()
    let sent = 0
    for (const user of waiting) {
      if (
        !isRoleName(user.role) ||
        manageRefusal(
          { userId: caller.userId, role: caller.role },
          { userId: user.id, role: user.role },
          'invite',
        )
      )
        continue
      await sendLink(context, user.id, 'invite')
      sent++
    }
    return { ok: true, sent }
  })
}
