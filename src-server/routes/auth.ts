import type {} from '@fastify/cookie'
import type {} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { emailText, text } from '../../src-shared/contract/text'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { manageRefusal } from '../../src-shared/domain/user-admin'
import { isRoleName } from '../../src-shared/domain/roles'
import { consumeLink, createLink } from '../auth/links'
import { hashPassword, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, verifyPassword } from '../auth/passwords'
import { issueRefreshToken, revokeRefreshFamily, rotateRefreshToken } from '../auth/refresh'
import { signStatementToken } from '../auth/statement-tokens'
import { signAccessToken } from '../auth/tokens'
import type { ServerContext } from '../context'
import { callerOf, requireAdmin } from '../http/context'
import { statementOfLink } from '../statements/magic-links'
import { HttpError, NOT_LOGGED_IN } from '../http/errors'

export const REFRESH_COOKIE = 'meritbook_refresh'
const REFRESH_PATH = '/api/user/token'
export const WRONG_LOGIN = 'The e-mail or password is not right.'

function setRefreshCookie(reply: FastifyReply, context: ServerContext, token: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: context.secureCookies,
    sameSite: 'strict',
    path: REFRESH_PATH,
    maxAge: 30 * 86_400,
  })
}

async function accessFor(
  context: ServerContext,
  userId: number,
  purpose: 'access' | 'set_password' = 'access',
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
      { userId, companyId: user.company_id, role: user.role, purpose },
      context.jwtSecret,
      context.now(),
    ),
  }
}

/** Sends an invitation or recovery link: the link opens the desktop's set-password screen. */
export async function sendLink(
  context: ServerContext,
  userId: number,
  purpose: 'invite' | 'recover',
): Promise<void> {
  const user = await context.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const company = await context.db
    .selectFrom('company')
    .select('name')
    .where('id', '=', user.company_id)
    .executeTakeFirstOrThrow()
  const token = await createLink(context.db, userId, purpose, context.now())
  const link = `${context.publicUrl}/set-password?link=${encodeURIComponent(token)}`
  const text =
    purpose === 'invite'
      ? `Hello ${user.name},\n\n${company.name} invites you to plan its pay cycle in Meritbook. Set your password within 7 days:\n\n${link}\n`
      : `Hello ${user.name},\n\nSomeone asked to reset your Meritbook password. If it was you, set a new one within an hour:\n\n${link}\n\nIf not, ignore this message.\n`
  await context.mailer.send({
    to: user.email,
    subject:
      purpose === 'invite'
        ? `Your invitation to ${company.name} on Meritbook`
        : 'Reset your Meritbook password',
    text,
  })
  if (purpose === 'invite')
    await context.db
      .updateTable('app_user')
      .set({ invited: true, invited_at: context.now() })
      .where('id', '=', userId)
      .execute()
}

const loginSchema = z
  .object({ username: text().trim().min(1).max(320), password: text().min(1).max(1000) })
  .strict()
const passwordSchema = z
  .object({ password: text().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(1000) })
  .strict()
const settingsSchema = z
  .object({
    preferredCurrency: z.enum(CURRENCY_CODES).optional(),
    compensationTableConfig: z.array(text().max(100)).max(100).nullable().optional(),
  })
  .strict()

/** What a limited caller is told, with how long to wait ("1 minute", "1 hour"). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts for this account: try again in'

/**
 * A route's limit per account and client address. Counted once the body is read, so that the key
 * names the account: at the plugin's default hook (onRequest) there is no body yet, and every
 * request from one address shared one count (an office behind one router shared ten sign-ins a minute).
 */
function perAccount(field: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (r: FastifyRequest) =>
      `${r.ip}|${String((r.body as Record<string, unknown> | null)?.[field] ?? '').toLowerCase()}`,
    errorResponseBuilder: (_r: FastifyRequest, limit: { after: string }) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `${TOO_MANY_ATTEMPTS} ${limit.after}.`,
    }),
  }
}

export function authRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context

  app.post(
    '/api/user/login',
    { config: { rateLimit: perAccount('username', context.signInsPerMinute ?? 10, '1 minute') } },
    async (request, reply) => {
      const { username, password } = loginSchema.parse(request.body)
      const user = await db
        .selectFrom('app_user')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
        .executeTakeFirst()
      if (!user || !(await verifyPassword(user.password_hash, password)))
        throw new HttpError(401, WRONG_LOGIN)
      const { access } = await accessFor(context, user.id)
      setRefreshCookie(reply, context, await issueRefreshToken(db, user.id, undefined, context.now()))
      return { access, user_employee_id: user.employee_id }
    },
  )

  app.post('/api/user/token/refresh/', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE]
    const rotation = token ? await rotateRefreshToken(db, token, context.now()) : null
    if (!rotation?.ok) {
      void reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH })
      throw new HttpError(401, NOT_LOGGED_IN)
    }
    setRefreshCookie(reply, context, rotation.token)
    return { access: (await accessFor(context, rotation.userId)).access }
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
    return { access: (await accessFor(context, link.userId, 'set_password')).access }
  })

  app.post('/api/user/set_password', async (request) => {
    const caller = await callerOf(request, context, 'set_password')
    const { password } = passwordSchema.parse(request.body)
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(password), invite_accepted: true })
      .where('id', '=', caller.userId)
      .execute()
    return { ok: true }
  })

  app.post(
    '/api/user/recover_password',
    // Each call mails the account: a few an hour, so that nobody can flood a colleague's inbox.
    { config: { rateLimit: perAccount('email', 5, '1 hour') } },
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
    return {
      id: caller.userId,
      email: caller.email,
      name: caller.name,
      role: caller.role,
      employee_id: caller.employeeId,
      company,
    }
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
    requireAdmin(caller, 'invite users')
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
    requireAdmin(caller, 'invite users')
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
