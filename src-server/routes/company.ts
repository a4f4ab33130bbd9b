import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { emailText, text } from '../../src-shared/contract/text'
import { companySnapshotSchema, type CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { PublishResult } from '../../src-shared/contract/server-dto'
import { ROLE_DISPLAY_NAMES, ROLES, roleId } from '../../src-shared/domain/roles'
import { publishableUsers, skippedUsersNotice } from '../../src-shared/domain/user-admin'
import type { ServerContext } from '../context'
import { insertRows, type ColumnTypes } from '../db/bulk-insert'
import type { ServerDb } from '../db/connect'
import { callerOf, type Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { sameSecret } from '../auth/tokens'
import { sendLink } from '../auth/send-link'

const OWNER_DUPLICATED = 'Owner information duplicated'

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
  if (taken) throw new HttpError(409, OWNER_DUPLICATED)
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
      // Two onboardings of one address at once: the second finds it taken and its company is undone.
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!owner) throw new HttpError(409, OWNER_DUPLICATED)
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
  caller: Caller,
  snapshot: CompanySnapshot,
): Promise<PublishResult> {
  const companyId = caller.companyId
  const users = publishableUsers(caller.role, snapshot.users)
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'pay_cycle', companyId, PAY_CYCLE_COLUMNS, snapshot.payCycles)
    await insertRows(trx, 'pay_range', companyId, PAY_RANGE_COLUMNS, snapshot.payRanges)
    await insertRows(trx, 'job_profile', companyId, JOB_PROFILE_COLUMNS, snapshot.jobProfiles)
    await insertRows(trx, 'team', companyId, TEAM_COLUMNS, snapshot.teams)
    await insertRows(trx, 'employee', companyId, EMPLOYEE_COLUMNS, snapshot.employees)
    await insertRows(trx, 'reward', companyId, REWARD_COLUMNS, snapshot.rewards)
    await insertRows(trx, 'planner_submission', companyId, SUBMISSION_COLUMNS, snapshot.submissions)
    const isCaller = (u: { email: string }) => isCallerEmail(caller, u.email)
    // The publisher keeps the role they have; their row only links them to their employee.
    const mine = snapshot.users.find(isCaller)
    if (mine)
      await trx
        .updateTable('app_user')
        .set({ employee_id: mine.employee_id, name: mine.name })
        .where('id', '=', caller.userId)
        .execute()
    await insertRows(
      trx,
      'app_user',
      companyId,
      USER_COLUMNS,
      users.kept.filter((u) => !isCaller(u)),
    )
  })
  // Fresh statistics: the planner would otherwise plan joins over these rows as if the tables were empty.
  await sql`ANALYZE team, employee, reward, app_user, job_profile, pay_range`.execute(db)
  const skipped = users.skipped.filter((u) => !isCallerEmail(caller, u.email))
  return {
    employees: snapshot.employees.length,
    teams: snapshot.teams.length,
    users: snapshot.users.length - skipped.length,
    skipped,
    notice: skippedUsersNotice(skipped),
  }
}

const isCallerEmail = (caller: Caller, email: string) => email.toLowerCase() === caller.email.toLowerCase()

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
    return ROLES.map((name) => ({ id: roleId(name), name, name_display: ROLE_DISPLAY_NAMES[name] }))
  })

  // The route access table lets only a super user in, and a super user is always an operator.
  app.get('/api/company/onboarding/', async () => {
    return db.selectFrom('company').select(['id', 'name', 'created_at']).orderBy('id').execute()
  })

  app.post('/api/company/onboarding/', async (request) => {
    const key = request.headers['x-onboarding-key']
    const allowed =
      (context.onboardingKey !== null && typeof key === 'string' && sameSecret(key, context.onboardingKey)) ||
      (request.headers.authorization !== undefined &&
        (await callerOf(request, context)).role === 'SUPER_USER')
    if (!allowed)
      throw new HttpError(403, 'Creating an organization needs the server’s onboarding key or a super user.')
    const body = z
      .object({
        company_name: text().trim().min(1).max(200),
        owner_email: emailText(),
        owner_name: text().trim().min(1).max(200),
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

  app.post(
    '/api/company/publish/',
    // The route guard checks the caller before the (large) body is read.
    { bodyLimit: 512 * 1024 * 1024 },
    async (request) => {
      const who = await callerOf(request, context)
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
      return publishSnapshot(db, who, snapshot)
    },
  )
}
