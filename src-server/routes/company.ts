import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { companySnapshotSchema, type CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { ROLES } from '../../src-shared/domain/roles'
import type { ServerContext } from '../context'
import type { ServerDb } from '../db/connect'
import { callerOf, requireAdmin } from '../http/context'
import { HttpError } from '../http/errors'
import { sendLink } from './auth'

/** A new company with its owner, who receives an invitation to set a password. */
export async function createCompany(
  context: ServerContext,
  input: { companyName: string; ownerEmail: string; ownerName: string },
): Promise<{ companyId: number; ownerId: number }> {
  const taken = await context.db
    .selectFrom('app_user')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.ownerEmail.toLowerCase()))
    .executeTakeFirst()
  if (taken) throw new HttpError(409, 'Owner information duplicated')
  const created = await context.db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('company')
      .values({ name: input.companyName, server_owner_email: input.ownerEmail })
      .returning('id')
      .executeTakeFirstOrThrow()
    const owner = await trx
      .insertInto('app_user')
      .values({
        company_id: company.id,
        email: input.ownerEmail,
        name: input.ownerName,
        role: 'OWNER',
        employee_id: null,
        password_hash: null,
        invited_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { companyId: company.id, ownerId: owner.id }
  })
  await sendLink(context, created.ownerId, 'invite')
  return created
}

const CHUNK = 1000

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

/** Publish: the whole company into an empty server company, in one transaction (all or nothing). */
async function publishSnapshot(
  db: ServerDb,
  companyId: number,
  callerId: number,
  snapshot: CompanySnapshot,
): Promise<void> {
  const json = (value: unknown) => JSON.stringify(value)
  await db.transaction().execute(async (trx) => {
    const c = { company_id: companyId }
    await insertChunks(snapshot.payCycles, (rows) =>
      trx
        .insertInto('pay_cycle')
        .values(
          rows.map((r) => ({
            ...r,
            ...c,
            currency_conversions: json(r.currency_conversions),
            settings: json(r.settings),
          })),
        )
        .execute(),
    )
    await insertChunks(snapshot.payRanges, (rows) =>
      trx
        .insertInto('pay_range')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    await insertChunks(snapshot.jobProfiles, (rows) =>
      trx
        .insertInto('job_profile')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    await insertChunks(snapshot.teams, (rows) =>
      trx
        .insertInto('team')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    await insertChunks(snapshot.employees, (rows) =>
      trx
        .insertInto('employee')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    await insertChunks(snapshot.rewards, (rows) =>
      trx
        .insertInto('reward')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    await insertChunks(snapshot.submissions, (rows) =>
      trx
        .insertInto('planner_submission')
        .values(rows.map((r) => ({ ...r, ...c })))
        .execute(),
    )
    const caller = await trx
      .selectFrom('app_user')
      .select(['email'])
      .where('id', '=', callerId)
      .executeTakeFirstOrThrow()
    const others = snapshot.users.filter((u) => u.email.toLowerCase() !== caller.email.toLowerCase())
    const mine = snapshot.users.find((u) => u.email.toLowerCase() === caller.email.toLowerCase())
    if (mine)
      await trx
        .updateTable('app_user')
        .set({ employee_id: mine.employee_id, name: mine.name })
        .where('id', '=', callerId)
        .execute()
    await insertChunks(others, (rows) =>
      trx
        .insertInto('app_user')
        .values(rows.map((u) => ({ ...u, ...c, password_hash: null, invited_at: null })))
        .execute(),
    )
  })
}

/** Join: the company as the caller may see it (admin roles: all of it). */
async function readSnapshot(db: ServerDb, companyId: number): Promise<CompanySnapshot> {
  const strip = <T extends { company_id: number }>(rows: T[]) =>
    rows.map(({ company_id: _c, ...rest }) => rest)
  const where = { company: companyId }
  const cycles = await db
    .selectFrom('pay_cycle')
    .selectAll()
    .where('company_id', '=', where.company)
    .orderBy('id')
    .execute()
  // Parsed like an upload: the answer has exactly the snapshot's shape and types.
  return companySnapshotSchema.parse({
    payCycles: cycles.map(({ company_id: _c, updated_at: _u, ...rest }) => rest),
    payRanges: strip(
      await db
        .selectFrom('pay_range')
        .selectAll()
        .where('company_id', '=', where.company)
        .orderBy('id')
        .execute(),
    ),
    jobProfiles: strip(
      await db
        .selectFrom('job_profile')
        .selectAll()
        .where('company_id', '=', where.company)
        .orderBy('id')
        .execute(),
    ),
    teams: strip(
      await db.selectFrom('team').selectAll().where('company_id', '=', where.company).orderBy('id').execute(),
    ),
    employees: strip(
      await db
        .selectFrom('employee')
        .selectAll()
        .where('company_id', '=', where.company)
        .orderBy('id')
        .execute(),
    ),
    rewards: (
      await db
        .selectFrom('reward')
        .selectAll()
        .where('company_id', '=', where.company)
        .orderBy('employee_id')
        .execute()
    ).map(({ company_id: _c, updated_at: _u, ...rest }) => rest),
    submissions: await db
      .selectFrom('planner_submission')
      .select(['planner_employee_id', 'pay_cycle_id', 'submission_type', 'comments'])
      .where('company_id', '=', where.company)
      .orderBy('id')
      .execute(),
    users: await db
      .selectFrom('app_user')
      .select(['email', 'name', 'role', 'employee_id'])
      .where('company_id', '=', where.company)
      .orderBy('id')
      .execute(),
  })
}

export function companyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context

  app.get('/api/company/details/', async (request) => {
    const who = await callerOf(request, context)
    return db
      .selectFrom('company')
      .select(['id', 'name', 'created_at'])
      .where('id', '=', who.companyId)
      .executeTakeFirstOrThrow()
  })

  app.get('/api/company/roles/', async (request) => {
    await callerOf(request, context)
    return ROLES.map((name, index) => ({ id: index + 1, name }))
  })

  app.get('/api/company/onboarding/', async (request) => {
    const who = await callerOf(request, context)
    if (who.role !== 'SUPER_USER')
      throw new HttpError(403, `Your role (${who.role}) may not list organizations.`)
    return db.selectFrom('company').select(['id', 'name', 'created_at']).orderBy('id').execute()
  })

  app.post('/api/company/onboarding/', async (request) => {
    const key = request.headers['x-onboarding-key']
    const allowed =
      (context.onboardingKey !== null && key === context.onboardingKey) ||
      (request.headers.authorization && (await callerOf(request, context)).role === 'SUPER_USER')
    if (!allowed)
      throw new HttpError(403, 'Creating an organization needs the server’s onboarding key or a super user.')
    const body = z
      .object({
        company_name: z.string().trim().min(1).max(200),
        owner_email: z.email(),
        owner_name: z.string().trim().min(1).max(200),
      })
      .strict()
      .parse(request.body)
    const created = await createCompany(context, {
      companyName: body.company_name,
      ownerEmail: body.owner_email,
      ownerName: body.owner_name,
    })
    return {
      company_id: created.companyId,
      owner_id: created.ownerId,
      message: 'Organization added successfully',
    }
  })

  app.post('/api/company/publish/', { bodyLimit: 512 * 1024 * 1024 }, async (request) => {
    const who = await callerOf(request, context)
    if (who.role !== 'OWNER' && who.role !== 'SUPER_USER')
      throw new HttpError(403, `Your role (${who.role}) may not publish a company.`)
    const snapshot = companySnapshotSchema.parse(request.body)
    const existing = await db
      .selectFrom('employee')
      .select('id')
      .where('company_id', '=', who.companyId)
      .limit(1)
      .executeTakeFirst()
    if (existing)
      throw new HttpError(
        409,
        'This company already holds employees on the server: join it instead of publishing.',
      )
    await publishSnapshot(db, who.companyId, who.userId, snapshot)
    return {
      employees: snapshot.employees.length,
      teams: snapshot.teams.length,
      users: snapshot.users.length,
    }
  })

  app.get('/api/company/snapshot/', async (request) => {
    const who = await callerOf(request, context)
    // Planners' replicas of their own teams arrive with live sync; today an admin role joins.
    requireAdmin(who, 'download the whole company')
    return readSnapshot(db, who.companyId)
  })
}
