import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { userCreateSchema, userRoleSchema } from '../../src-shared/contract/rest/users'
import { isRoleName } from '../../src-shared/domain/roles'
import { grantRefusal, manageRefusal, roleChangeRefusal } from '../../src-shared/domain/user-admin'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { keyUsed, recordCompanyChange } from '../sync/changes'
import { pushKeyOf } from '../sync/push-keys'
import { answerFeedPosition } from '../http/feed-position'
import { callerOf, type Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { userViews } from '../http/user-views'

const emailTaken = (email: string) => `A user with the e-mail ${email} exists already.`

const userColumns = [
  'id',
  'email',
  'name',
  'role',
  'employee_id',
  'invited',
  'invite_accepted',
  'invited_at',
] as const

/** A user as the feed carries them: who, not their sign-in state. */
const feedValues = (user: { email: string; name: string; role: string; employee_id: number | null }) => ({
  email: user.email,
  name: user.name,
  role: user.role,
  employee_id: user.employee_id,
})

/**
 * Users of the caller's company (admin roles), with the same role rules as the desktop. A replica's
 * push carries its idempotency key: the change it makes keeps the key, and a replay (its answer was
 * lost) applies nothing again, even after another admin's later change of that user.
 */
export function userRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  const idParam = (params: unknown) =>
    z.coerce
      .number()
      .int()
      .positive()
      .parse((params as { id: string }).id)
  const current = (companyId: number, id: number) =>
    db
      .selectFrom('app_user')
      .select(userColumns)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst()
  const target = async (companyId: number, id: number) => {
    const user = await current(companyId, id)
    if (!user || !isRoleName(user.role)) throw new HttpError(404, `No user has the id ${id}.`)
    return { ...user, role: user.role }
  }

  /** The push's key; a replay is answered (`replayed`) without applying anything. */
  const keyOf = async (request: FastifyRequest, reply: FastifyReply, who: Caller) => {
    // By the route's pattern: a replica finds a user's server id by e-mail at each try (record-pushes.ts).
    const key = pushKeyOf(request, who, true)
    const used = key === null ? null : await keyUsed(db, who.companyId, key)
    if (used) void reply.header('idempotent-replay', 'true')
    return { key, replayed: used !== null, replayedSeq: used?.seq ?? null }
  }
  /** The user with this e-mail as they are now (a replay's answer), or null when gone. */
  const byEmail = (companyId: number, email: string) =>
    db
      .selectFrom('app_user')
      .select(userColumns)
      .where('company_id', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst()

  app.get('/api/users/', async (request) => {
    const who = await callerOf(request, context)
    return userViews(db, who.companyId)
  })
  /** A user as every route answers them (spec §3), once written. */
  const view = async (companyId: number, id: number) => (await userViews(db, companyId, id))[0]

  app.post('/api/users/', async (request, reply) => {
    const who = await callerOf(request, context)
    const { key, replayed, replayedSeq } = await keyOf(request, reply, who)
    const body = userCreateSchema.parse(request.body)
    if (replayed) {
      answerFeedPosition(reply, replayedSeq)
      const made = await byEmail(who.companyId, body.email)
      return made ? view(who.companyId, made.id) : { email: body.email }
    }
    const refusal = grantRefusal(who.role, body.role)
    if (refusal) throw new HttpError(403, refusal)
    const taken = await db
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
      .executeTakeFirst()
    if (taken) throw new HttpError(409, emailTaken(body.email))
    if (body.employee_id != null) {
      const employee = await db
        .selectFrom('employee')
        .select('id')
        .where('company_id', '=', who.companyId)
        .where('id', '=', body.employee_id)
        .executeTakeFirst()
      if (!employee) throw new HttpError(404, `No employee has the id ${body.employee_id}.`)
    }
    const created = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('app_user')
        .values({
          company_id: who.companyId,
          email: body.email,
          name: body.name ?? body.email,
          role: body.role,
          employee_id: body.employee_id ?? null,
          password_hash: null,
          invited_at: null,
        })
        // Created meanwhile by a concurrent call: the same 409 as the check above.
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning(userColumns)
        .executeTakeFirst()
      if (!user) throw new HttpError(409, emailTaken(body.email))
      const seq = await recordCompanyChange(trx, who, 'user', user.id, feedValues(user), [], key)
      return { user, seq }
    })
    waiters.notify(who.companyId)
    answerFeedPosition(reply, created.seq)
    return view(who.companyId, created.user.id)
  })

  app.put('/api/users/:id/', async (request, reply) => {
    const who = await callerOf(request, context)
    const { key, replayed } = await keyOf(request, reply, who)
    if (replayed) {
      const user = await current(who.companyId, idParam(request.params))
      return user ? view(who.companyId, user.id) : { ok: true }
    }
    const user = await target(who.companyId, idParam(request.params))
    const { role } = userRoleSchema.parse(request.body)
    const refusal = roleChangeRefusal(
      { userId: who.userId, role: who.role },
      { userId: user.id, role: user.role },
      role,
    )
    if (refusal) throw new HttpError(403, refusal)
    const updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('app_user')
        .set({ role })
        .where('id', '=', user.id)
        .returning(userColumns)
        .executeTakeFirstOrThrow()
      await recordCompanyChange(trx, who, 'user', row.id, feedValues(row), [], key)
      return row
    })
    waiters.notify(who.companyId)
    return view(who.companyId, updated.id)
  })

  app.delete('/api/users/:id/', async (request, reply) => {
    const who = await callerOf(request, context)
    const { key, replayed } = await keyOf(request, reply, who)
    if (replayed) return { ok: true, message: 'Already done.' }
    const user = await target(who.companyId, idParam(request.params))
    const refusal = manageRefusal(
      { userId: who.userId, role: who.role },
      { userId: user.id, role: user.role },
      'remove',
    )
    if (refusal) throw new HttpError(403, refusal)
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('app_user').where('id', '=', user.id).execute()
      // Replicas know users by e-mail.
      await recordCompanyChange(trx, who, 'user.deleted', user.id, { email: user.email }, [], key)
    })
    waiters.notify(who.companyId)
    return { ok: true, message: `Deleted user ${user.name}` }
  })
}
