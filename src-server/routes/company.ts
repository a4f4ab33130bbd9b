import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { companySnapshotSchema, type CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { hasAdminPowers, ROLES } from '../../src-shared/domain/roles'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import { insertRows, type ColumnTypes } from '../db/bulk-insert'
import type { ServerDb } from '../db/connect'
import { callerOf, requirePages } from '../http/context'
import { HttpError } from '../http/errors'
import { sendLink } from './auth'
import { scopeOf } from '../http/planning-access'
import { PLANNING_PAGES } from './planning'

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

const PAY_CYCLE_COLUMNS: ColumnTypes<'pay_cycle'> = {
  id: 'bigint',
  name: 'text',
  active: 'boolean',
  effective_date: 'date',
  company_merit_budget: 'bigint',
  default_currency: 'text',
  currency_conversions: 'jsonb',
  settings: 'jsonb',
}
const PAY_RANGE_COLUMNS: ColumnTypes<'pay_range'> = {
  id: 'bigint',
  name: 'text',
  min_pay: 'bigint',
  mid_pay: 'bigint',
  max_pay: 'bigint',
  pay_currency: 'text',
  salaried: 'boolean',
}
const JOB_PROFILE_COLUMNS: ColumnTypes<'job_profile'> = {
  id: 'bigint',
  job_code: 'text',
  job_profile: 'text',
  job_family: 'text',
  job_family_group: 'text',
  exemption_status: 'boolean',
  pay_range_id: 'bigint',
}
const TEAM_COLUMNS: ColumnTypes<'team'> = {
  id: 'bigint',
  name: 'text',
  parent_team_id: 'bigint',
  manager_id: 'bigint',
  planner_id: 'bigint',
  budget: 'bigint',
  budget_currency: 'text',
  calculated_budget: 'bigint',
  recommended_budget: 'bigint',
}
const EMPLOYEE_COLUMNS: ColumnTypes<'employee'> = {
  id: 'bigint',
  company_employee_id: 'text',
  name: 'text',
  preferred_name: 'text',
  email: 'text',
  job_title: 'text',
  job_profile_id: 'bigint',
  fte: 'float8',
  salaried: 'boolean',
  hire_date: 'date',
  current_salary: 'bigint',
  default_pay_currency: 'text',
  current_dollar_bonus: 'bigint',
  current_percent_bonus: 'float8',
  gender: 'text',
  race: 'text',
  age: 'float8',
  department: 'text',
  location: 'text',
  employment_status: 'text',
  previous_increase_date: 'date',
  reason_for_last_increase: 'text',
  team_id: 'bigint',
  manager_id: 'bigint',
  planner_id: 'bigint',
  pay_cycle_id: 'bigint',
}
const REWARD_COLUMNS: ColumnTypes<'reward'> = {
  employee_id: 'bigint',
  new_salary: 'bigint',
  new_dollar_bonus: 'bigint',
  new_percent_bonus: 'float8',
  new_job_profile_id: 'bigint',
  recommended_increase: 'bigint',
  recommended_increase_per: 'float8',
  lump_sum: 'bigint',
  comments: 'text',
  performance_rating: 'float8',
  performance_plan: 'boolean',
  promotion: 'boolean',
  previous_increase: 'date',
  hyperbalance_annual_allocated_budget: 'bigint',
}
const SUBMISSION_COLUMNS: ColumnTypes<'planner_submission'> = {
  planner_employee_id: 'bigint',
  pay_cycle_id: 'bigint',
  submission_type: 'text',
  comments: 'text',
}
const USER_COLUMNS: ColumnTypes<'app_user'> = {
  email: 'text',
  name: 'text',
  role: 'text',
  employee_id: 'bigint',
}

/**
 * Publish: the whole company into an empty server company, in one transaction (all or nothing),
 * each table in a few array-parameter statements (db/bulk-insert.ts).
 */
async function publishSnapshot(
  db: ServerDb,
  companyId: number,
  callerId: number,
  snapshot: CompanySnapshot,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'pay_cycle', companyId, PAY_CYCLE_COLUMNS, snapshot.payCycles)
    await insertRows(trx, 'pay_range', companyId, PAY_RANGE_COLUMNS, snapshot.payRanges)
    await insertRows(trx, 'job_profile', companyId, JOB_PROFILE_COLUMNS, snapshot.jobProfiles)
    await insertRows(trx, 'team', companyId, TEAM_COLUMNS, snapshot.teams)
    await insertRows(trx, 'employee', companyId, EMPLOYEE_COLUMNS, snapshot.employees)
    await insertRows(trx, 'reward', companyId, REWARD_COLUMNS, snapshot.rewards)
    await insertRows(trx, 'planner_submission', companyId, SUBMISSION_COLUMNS, snapshot.submissions)
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
    await insertRows(trx, 'app_user', companyId, USER_COLUMNS, others)
  })
  // Fresh statistics: the planner would otherwise plan joins over these rows as if the tables were empty.
  await sql`ANALYZE team, employee, reward, app_user, job_profile, pay_range`.execute(db)
}

/**
 * Join: the company as the caller may see it. Admin roles get all of it; a planner or manager gets
 * their teams' people and rewards in full, and the others the tree needs (managers and planners of
 * other teams) by name only, their pay left out.
 */
/** Someone the tree needs but the caller may not see: a name and a place, no pay. */
function withoutPay<
  E extends { current_salary: number; current_dollar_bonus: number; current_percent_bonus: number },
>(e: E): E {
  return {
    ...e,
    current_salary: 0,
    current_dollar_bonus: 0,
    current_percent_bonus: 0,
    gender: null,
    race: null,
    age: null,
  }
}

async function readSnapshot(
  db: ServerDb,
  companyId: number,
  scope: PlanningScope | null,
): Promise<CompanySnapshot> {
  const strip = <T extends { company_id: number }>(rows: T[]) =>
    rows.map(({ company_id: _c, ...rest }) => rest)
  const where = { company: companyId }
  const cycles = await db
    .selectFrom('pay_cycle')
    .selectAll()
    .where('company_id', '=', where.company)
    .orderBy('id')
    .execute()
  const teams = await db
    .selectFrom('team')
    .selectAll()
    .where('company_id', '=', where.company)
    .orderBy('id')
    .execute()
  const employees = strip(
    await db
      .selectFrom('employee')
      .selectAll()
      .where('company_id', '=', where.company)
      .orderBy('id')
      .execute(),
  )
  const visible = (teamId: number | null) => scope === null || inScope(scope, teamId)
  const inView = employees.filter((e) => visible(e.team_id))
  const named = new Set<number>()
  for (const t of teams) for (const id of [t.manager_id, t.planner_id]) if (id !== null) named.add(id)
  for (const e of inView) for (const id of [e.manager_id, e.planner_id]) if (id !== null) named.add(id)
  const users = await db
    .selectFrom('app_user')
    .select(['email', 'name', 'role', 'employee_id'])
    .where('company_id', '=', where.company)
    .orderBy('id')
    .execute()
  for (const u of users) if (u.employee_id !== null) named.add(u.employee_id)
  const seen = new Set(inView.map((e) => e.id))
  // Parsed like an upload: the answer has exactly the snapshot's shape and types.
  return companySnapshotSchema.parse({
    payCycles: cycles.map(
      ({ company_id: _c, updated_at: _u, closed_at: _d, hyperbalance_config: _h, ...rest }) => rest,
    ),
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
    teams: strip(teams),
    employees: employees.flatMap((e) => (visible(e.team_id) ? [e] : named.has(e.id) ? [withoutPay(e)] : [])),
    rewards: (
      await db
        .selectFrom('reward')
        .selectAll()
        .where('company_id', '=', where.company)
        .orderBy('employee_id')
        .execute()
    )
      .filter((r) => seen.has(r.employee_id))
      .map(({ company_id: _c, updated_at: _u, ...rest }) => rest),
    submissions: await db
      .selectFrom('planner_submission')
      .select(['planner_employee_id', 'pay_cycle_id', 'submission_type', 'comments'])
      .where('company_id', '=', where.company)
      .orderBy('id')
      .execute(),
    users,
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

  const publisher = async (request: FastifyRequest) => {
    const who = await callerOf(request, context)
    if (who.role !== 'OWNER' && who.role !== 'SUPER_USER')
      throw new HttpError(403, `Your role (${who.role}) may not publish a company.`)
    return who
  }
  app.post(
    '/api/company/publish/',
    // The caller is checked before the (large) body is read, and again with it.
    { bodyLimit: 512 * 1024 * 1024, onRequest: async (request) => void (await publisher(request)) },
    async (request) => {
      const who = await publisher(request)
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
    },
  )

  app.get('/api/company/snapshot/', async (request) => {
    const who = await callerOf(request, context)
    requirePages(who, PLANNING_PAGES, 'download the company')
    return readSnapshot(db, who.companyId, hasAdminPowers(who.role) ? null : await scopeOf(db, who))
  })
}
