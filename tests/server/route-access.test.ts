import type * as FastifyModule from 'fastify'
import type { RouteOptions } from 'fastify'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { ROUTE_ACCESS, routeAccess, rolesOf } from '../../src-shared/contract/route-access'
import { ROLES, type RoleName } from '../../src-shared/domain/roles'
import { createSuperUser } from '../../src-server/operators'
import { login, publishDemo, setPassword, testServer } from './support'

/**
 * Issue 34, "Least privilege": every route the server registers has an entry in the route access
 * table, the table gives each route the roles spec §6's page access gives its pages (the listing
 * below), and each of the seven roles of one company is let in, or refused with 403, as it says.
 */

const registered = vi.hoisted(() => [] as { method: string; url: string }[])

// The routes as Fastify registers them: an onRoute hook on every instance made (the server's own).
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>()
  const make = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options)
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url })
    })
    return app
  }) as typeof real.default
  return { ...real, default: make }
})

const server = testServer()
const PASSWORD = 'every door checked'
const tokens = new Map<RoleName, string>()
let snapshot: CompanySnapshot

/** The roles each route lets in: S O A P C M E for SUPER_USER … EMPLOYEE; `link`: a statement link too. */
const LISTING: Record<string, string> = {
  'GET /health': 'public',
  'GET /statement': 'public',
  'GET /statement.js': 'public',
  'GET /set-password': 'public',
  'GET /set-password.js': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/token/refresh/': 'public',
  'POST /api/user/token/logout': 'public',
  'POST /api/user/token/verify_link/': 'public',
  'POST /api/user/set_password': 'public',
  'POST /api/user/recover_password': 'public',
  'GET /api/user/profile': 'S O A P C M E',
  'GET /api/user/settings': 'S O A P C M E',
  'PUT /api/user/settings': 'S O A P C M E',
  'POST /api/user/invite': 'S O A',
  'POST /api/user/inviteAll': 'S O A',
  'GET /api/users/': 'S O A',
  'POST /api/users/': 'S O A',
  'PUT /api/users/:id/': 'S O A',
  'DELETE /api/users/:id/': 'S O A',
  'GET /api/company/details/': 'S O A P C M E',
  'GET /api/company/roles/': 'S O A',
  'GET /api/company/onboarding/': 'S',
  'POST /api/company/onboarding/': 'public',
  'POST /api/company/publish/': 'S O',
  'GET /api/company/snapshot/': 'S O A P M',
  'GET /api/company/file/': 'S O A',
  'PUT /api/company/file/': 'S O A',
  'GET /api/company/file/position/': 'S O A',
  'POST /api/import/data/': 'S O A',
  'POST /api/import/integration/': 'O A',
  'POST /api/merge/finalize/': 'O A',
  'GET /api/employees/': 'S O A P C M',
  'PUT /api/employees/:id/': 'S O A',
  'DELETE /api/employees/:id/': 'S O A',
  'GET /api/employeerewards/': 'S O A P M',
  'PUT /api/employeerewards/:employee/': 'S O A P M',
  'GET /api/employeerewards/history/:employeeId': 'S O A P M',
  'PUT /api/sync/rewards/': 'S O A P M',
  'GET /api/integrations/': 'O A',
  'GET /api/jobprofiles/': 'S O A P M',
  'GET /api/payranges/': 'S O A P M',
  'PUT /api/payranges/:id/': 'S O A',
  'GET /api/teams/': 'S O A P M',
  'POST /api/teams/': 'S O A',
  'PUT /api/teams/:id/': 'S O A',
  'DELETE /api/teams/:id/': 'S O A',
  'PUT /api/org-chart/': 'S O A',
  'GET /api/bulk/': 'S O A P M',
  'GET /api/sync/changes/': 'S O A P M',
  'GET /api/merge/initialize/': 'O A',
  'GET /api/paycycle/config/': 'S O A P C M E',
  'POST /api/paycycle/config/': 'S O A',
  'PUT /api/paycycle/config/:id/': 'S O A',
  'DELETE /api/paycycle/config/:id/': 'S O A',
  'GET /api/paycycle/submit/': 'S O A P M',
  'POST /api/paycycle/submit/': 'S O A P M',
  'DELETE /api/paycycle/submit/:id': 'S O A',
  'POST /api/calculate-budget/': 'S O A',
  'POST /api/calculate-budget/:team/': 'S O A P M',
  'GET /api/calculate-matrix/': 'S O A',
  'POST /api/calculate-matrix/': 'S O A',
  'GET /api/employee/reward-statements/': 'S O A P C E link',
  'GET /api/employee/reward-statements/:id/pdf/': 'S O A P C E link',
  'POST /api/employee/reward-statements/': 'S O A P C',
  'POST /api/employee/reward-statements/generate-batch/': 'S O A P C',
  'POST /api/employee/reward-statements/update-send-status/': 'S O A P C',
  'POST /api/employee/reward-statements/:id/revoke-magic-link/': 'S O A P C',
  'POST /api/employee/reward-statements/:id/unrevoke-magic-link/': 'S O A P C',
  'GET /api/employee/reward-statements-templates/': 'S O A P C',
  'POST /api/employee/reward-statements-templates/': 'S O A C',
  'GET /api/employee/reward-statements-templates/:id/': 'S O A P C',
  'PATCH /api/employee/reward-statements-templates/:id/': 'S O A C',
  'POST /api/employee/bulk-mail-statement/': 'S O A P C',
  'POST /api/employee/send-employee-statement/': 'S O A P C',
}

const LETTER: Record<RoleName, string> = {
  SUPER_USER: 'S',
  OWNER: 'O',
  ADMIN: 'A',
  PLANNER: 'P',
  COMM_MANAGER: 'C',
  MANAGER: 'M',
  EMPLOYEE: 'E',
}

/** Ids no row has: an opened door answers 404 or 400, and nothing of the company is changed. */
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, '999999')

const call = (role: RoleName, method: string, path: string, payload?: object) =>
  server().app.inject({
    method: method as 'GET',
    url: urlOf(path),
    headers: { authorization: `Bearer ${tokens.get(role)}` },
    ...(payload === undefined ? {} : { payload }),
  })

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Doors', ownerEmail: 'owner@doors.test', ownerName: 'Odo Owner', employees: 30, seed: 34 },
    PASSWORD,
  )
  snapshot = company.snapshot
  tokens.set('OWNER', company.ownerToken)
  tokens.set('MANAGER', await login(server(), company.manager.email, PASSWORD))
  const { db } = server()
  const { id: companyId } = await db
    .selectFrom('company')
    .select('id')
    .where('name', '=', 'Doors')
    .executeTakeFirstOrThrow()
  const taken = new Set(snapshot.users.map((u) => u.employee_id))
  const free = snapshot.employees.filter((e) => !taken.has(e.id))
  // The other roles' users, made here; the super user as the server's operator makes one.
  const others = ['ADMIN', 'PLANNER', 'COMM_MANAGER', 'EMPLOYEE'] as const
  for (const [index, role] of others.entries()) {
    const email = `${role.toLowerCase()}@doors.test`
    await db
      .insertInto('app_user')
      .values({ company_id: companyId, email, name: role, role, employee_id: free[index].id })
      .execute()
    await setPassword(db, email, PASSWORD)
    tokens.set(role, await login(server(), email, PASSWORD))
  }
  await createSuperUser(server().context, { email: 'ops@doors.test', name: 'Ops' })
  await setPassword(db, 'ops@doors.test', PASSWORD)
  tokens.set('SUPER_USER', await login(server(), 'ops@doors.test', PASSWORD))
})

describe('route access follows page access (issue 34)', () => {
  it('every registered route is in the table, and the table is the listing', () => {
    const routes = [...new Set(registered.map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`))]
    expect(
      routes.filter((route) => !routeAccess(route.split(' ')[0], route.slice(route.indexOf(' ') + 1))),
    ).toEqual([])
    expect(routes.sort()).toEqual(Object.keys(ROUTE_ACCESS).sort())
    const listed = Object.fromEntries(
      Object.entries(ROUTE_ACCESS).map(([route, access]) => [
        route,
        access.rule.kind === 'public'
          ? 'public'
          : `${rolesOf(access.rule)
              .map((r) => LETTER[r])
              .join(' ')}${access.link ? ' link' : ''}`,
      ]),
    )
    expect(listed).toEqual(LISTING)
  })

  it.each(ROLES)('%s is let in where the table lists it and refused with 403 elsewhere', async (role) => {
    const wrong: string[] = []
    for (const [route, roles] of Object.entries(LISTING)) {
      if (roles === 'public') continue
      const [method, path] = route.split(' ')
      const allowed = roles.split(' ').includes(LETTER[role])
      const answer = await call(role, method, path, method === 'GET' ? undefined : {})
      const refused = answer.statusCode === 403 || answer.statusCode === 401
      if (allowed === refused) wrong.push(`${route}: ${answer.statusCode} ${answer.body.slice(0, 120)}`)
      else if (!allowed)
        expect(answer.json<{ detail: string }>().detail).toMatch(
          new RegExp(`^Your role \\(${role}\\) may not `),
        )
    }
    expect(wrong).toEqual([])
  })

  it('an EMPLOYEE reads the pay cycles without the budget, the rates or the settings', async () => {
    const answer = await call('EMPLOYEE', 'GET', '/api/paycycle/config/')
    expect(answer.statusCode).toBe(200)
    const cycles = answer.json<Record<string, unknown>[]>()
    expect(cycles.length).toBeGreaterThan(0)
    for (const cycle of cycles) {
      expect(Object.keys(cycle).sort()).toEqual(
        ['active', 'closed_at', 'default_currency', 'effective_date', 'id', 'name', 'updated_at'].sort(),
      )
    }
    expect(answer.body).not.toMatch(/company_merit_budget|currency_conversions|settings|hyperbalance/)
    const full = (await call('MANAGER', 'GET', '/api/paycycle/config/')).json<Record<string, unknown>[]>()
    expect(full[0]).toHaveProperty('company_merit_budget')
    expect(full[0]).toHaveProperty('currency_conversions')
  })

  it('a COMM_MANAGER is refused the snapshot, the rewards and the feed, and reads employees without pay', async () => {
    for (const path of [
      '/api/company/snapshot/',
      '/api/employeerewards/',
      '/api/sync/changes/',
      '/api/bulk/',
    ])
      expect((await call('COMM_MANAGER', 'GET', path)).statusCode).toBe(403)
    expect((await call('COMM_MANAGER', 'GET', '/api/company/snapshot/')).json()).toMatchObject({
      detail: 'Your role (COMM_MANAGER) may not download the company.',
    })
    const employees = await call('COMM_MANAGER', 'GET', '/api/employees/')
    expect(employees.statusCode).toBe(200)
    const rows = employees.json<Record<string, unknown>[]>()
    expect(rows).toHaveLength(snapshot.employees.length)
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['company_employee_id', 'email', 'id', 'job_title', 'name', 'preferred_name', 'team_id'].sort(),
    )
    const cycles = (await call('COMM_MANAGER', 'GET', '/api/paycycle/config/')).json<object[]>()
    expect(cycles[0]).not.toHaveProperty('company_merit_budget')
  })
})
