import { ROLE_DISPLAY_NAMES, ROLES } from '../../src-shared/domain/roles'
import { ROLE_REF_MESSAGE } from '../../src-shared/contract/rest/users'
import { publishDemo, testServer, type PublishedCompany } from './support'

/**
 * Issue 38: seed 001 §7 call by call — each answers at the spec's path and method (with and without
 * the trailing slash), takes the spec's payload and answers the fields §3 names.
 */
const server = testServer()
let company: PublishedCompany

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, payload?: unknown, token = company.ownerToken) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const json = <T = Record<string, unknown>>(answer: { json<U>(): U }) => answer.json<T>()
/** The other form of a path: without its trailing slash, or with one added. */
const otherForm = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : `${url}/`)

beforeAll(async () => {
  company = await publishDemo(
    server(),
    {
      name: 'Contract',
      ownerEmail: 'owner@contract.test',
      ownerName: 'Contract Owner',
      employees: 30,
      seed: 38,
    },
    'a long enough passphrase',
  )
})

describe('§7 reads answer at the spec’s path, with and without the trailing slash', () => {
  const reads: [string, string[]][] = [
    [
      '/api/user/profile',
      ['id', 'email', 'name', 'preferred_name', 'role', 'role_name', 'company_name', 'employee_id'],
    ],
    ['/api/user/settings', ['preferredCurrency', 'compensationTableConfig']],
    ['/api/company/details/', ['name']],
    ['/api/company/roles/', []],
    ['/api/users/', []],
    ['/api/employees/', []],
    ['/api/employeerewards/', []],
    ['/api/jobprofiles/', []],
    ['/api/payranges/', []],
    ['/api/paycycle/submit/', []],
    ['/api/paycycle/config/', []],
    ['/api/teams/', []],
    ['/api/employee/reward-statements-templates/', []],
    ['/api/employee/reward-statements/', []],
  ]
  it.each(reads)('GET %s', async (url, fields) => {
    for (const form of [url, otherForm(url)]) {
      const answer = await call('GET', form)
      expect(answer.statusCode, `GET ${form}: ${answer.body.slice(0, 200)}`).toBe(200)
      const body = json<unknown>(answer)
      const first: unknown = Array.isArray(body) ? (body[0] ?? {}) : body
      for (const field of fields) expect(first).toHaveProperty(field)
    }
  })
})

describe('§3 entity fields', () => {
  it('roles: id, name, name_display', async () => {
    const roles = json<{ id: number; name: string; name_display: string }[]>(
      await call('GET', '/api/company/roles'),
    )
    expect(roles).toEqual(
      ROLES.map((name, i) => ({ id: i + 1, name, name_display: ROLE_DISPLAY_NAMES[name] })),
    )
  })

  it('users: preferred_name, role, role_name, company_name, employee_id, invited, invite_accepted', async () => {
    const users = json<Record<string, unknown>[]>(await call('GET', '/api/users'))
    const owner = users.find((u) => u.email === company.ownerEmail)
    expect(owner).toMatchObject({ role: 'OWNER', role_name: 'OWNER', role_id: 2, company_name: 'Contract' })
    for (const field of [
      'id',
      'email',
      'name',
      'preferred_name',
      'employee_id',
      'invited',
      'invite_accepted',
    ])
      expect(owner).toHaveProperty(field)
  })

  it('rewards: employee, new_job_profile, performance_rating_label, eligible_for_increase, delta_from_mid_point', async () => {
    const rewards = json<Record<string, unknown>[]>(await call('GET', '/api/employeerewards/'))
    expect(rewards.length).toBeGreaterThan(0)
    for (const reward of rewards) {
      expect(reward.employee).toBe(reward.employee_id)
      expect(reward.new_job_profile).toBe(reward.new_job_profile_id)
      expect(typeof reward.eligible_for_increase).toBe('boolean')
      expect(reward).toHaveProperty('performance_rating_label')
      expect(reward).toHaveProperty('delta_from_mid_point')
    }
    // The demo rates employees and gives them ranges: labels and deltas are worked out, not left null.
    expect(rewards.some((r) => typeof r.performance_rating_label === 'string')).toBe(true)
    expect(rewards.some((r) => typeof r.delta_from_mid_point === 'number')).toBe(true)
  })

  it('job profiles: job_family, job_family_group, job_code, job_profile, exemption_status, pay_range', async () => {
    const profiles = json<Record<string, unknown>[]>(await call('GET', '/api/jobprofiles'))
    expect(profiles.length).toBeGreaterThan(0)
    for (const p of profiles) {
      for (const field of ['job_family', 'job_family_group', 'job_code', 'job_profile', 'exemption_status'])
        expect(p).toHaveProperty(field)
      expect(p.pay_range).toBe(p.pay_range_id)
    }
  })
})

describe('§7 Users: POST users/ takes email, role id and optional employee_id; PUT users/{id}/ (id, role)', () => {
  it('a role by id or by name, on both path forms', async () => {
    const byId = await call('POST', '/api/users', { email: 'by-id@contract.test', role: 4 })
    expect(byId.statusCode, byId.body).toBe(200)
    expect(json(byId)).toMatchObject({ email: 'by-id@contract.test', role: 'PLANNER', role_name: 'PLANNER' })
    const byName = await call('POST', '/api/users/', { email: 'by-name@contract.test', role: 'MANAGER' })
    expect(json(byName)).toMatchObject({ role: 'MANAGER', role_id: 6 })
    const id = json<{ id: number }>(byId).id
    const changed = await call('PUT', `/api/users/${id}`, { id, role: 6 })
    expect(json(changed)).toMatchObject({ id, role: 'MANAGER' })
    const digits = await call('PUT', `/api/users/${id}/`, { id, role: '7' })
    expect(json(digits)).toMatchObject({ role: 'EMPLOYEE' })
    expect((await call('DELETE', `/api/users/${id}`)).statusCode).toBe(200)
  })

  it('an unknown role id is a 400 that says how to give a role, in non_field_errors[0]', async () => {
    const answer = await call('POST', '/api/users/', { email: 'bad-role@contract.test', role: 99 })
    expect(answer.statusCode).toBe(400)
    expect(json(answer)).toEqual({
      detail: `role: ${ROLE_REF_MESSAGE}`,
      non_field_errors: [`role: ${ROLE_REF_MESSAGE}`],
      message: `role: ${ROLE_REF_MESSAGE}`,
    })
  })
})

describe('§7 Employees: PUT /employees/{id}/ takes the row GET answers', () => {
  it('the snake_case row with a changed job title is saved; camelCase text still is', async () => {
    const employees = json<Record<string, unknown>[]>(await call('GET', '/api/employees/'))
    const row = employees[3]
    const saved = await call('PUT', `/api/employees/${String(row.id)}/`, {
      ...row,
      job_title: 'Contract Tester',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const again = json<Record<string, unknown>[]>(await call('GET', '/api/employees/')).find(
      (e) => e.id === row.id,
    )
    expect(again).toEqual({ ...row, job_title: 'Contract Tester' })
    const camel = await call('PUT', `/api/employees/${String(row.id)}`, { jobTitle: 'Camel Tester' })
    expect(camel.statusCode, camel.body).toBe(200)
  })

  it('a changed read-only column is refused by name', async () => {
    const [row] = json<Record<string, unknown>[]>(await call('GET', '/api/employees/'))
    const answer = await call('PUT', `/api/employees/${String(row.id)}/`, {
      ...row,
      company_employee_id: 'X-1',
    })
    expect(answer.statusCode).toBe(400)
    expect(json<{ detail: string }>(answer).detail).toMatch(
      /^company_employee_id: this call does not change it/,
    )
  })
})

describe('§7 Pay cycles, submissions and settings (item 9)', () => {
  it('POST /paycycle/config/ with active:false is saved closed and leaves the active cycle active', async () => {
    const before = json<{ id: number; active: boolean; settings: object }[]>(
      await call('GET', '/api/paycycle/config/'),
    )
    const active = before.find((c) => c.active)
    const answer = await call('POST', '/api/paycycle/config', {
      name: 'Last year',
      active: false,
      effective_date: '2030-01-01',
      default_currency: 'USD',
      currency_conversions: { USD: 1 },
      settings: active?.settings,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(json(answer)).toMatchObject({ name: 'Last year', active: false })
    const after = json<{ id: number; active: boolean }[]>(await call('GET', '/api/paycycle/config/'))
    expect(after.find((c) => c.active)?.id).toBe(active?.id)
  })

  it('submission rows carry planner_employee and pay_cycle', async () => {
    const cycle = json<{ id: number; active: boolean }[]>(await call('GET', '/api/paycycle/config/')).find(
      (c) => c.active,
    )
    const made = await call('POST', '/api/paycycle/submit', {
      planner_employee: company.manager.employeeId,
      pay_cycle: cycle?.id,
      submission_type: 'HR',
      comments: 'Done',
    })
    expect(made.statusCode, made.body).toBe(200)
    expect(json(made)).toMatchObject({ planner_employee: company.manager.employeeId, pay_cycle: cycle?.id })
    const listed = json<Record<string, unknown>[]>(await call('GET', '/api/paycycle/submit'))
    expect(listed[0]).toMatchObject({ planner_employee: company.manager.employeeId, pay_cycle: cycle?.id })
    const again = await call('POST', '/api/paycycle/submit/', {
      planner_employee: company.manager.employeeId,
      pay_cycle: cycle?.id,
      submission_type: 'HR',
      comments: 'Again',
    })
    expect(again.statusCode).toBe(409)
    // The desktop's words (src-shared/domain/commands/submission.ts), prefixed when HR submits for someone.
    expect(json<{ non_field_errors: string[] }>(again).non_field_errors[0]).toMatch(
      / has already submitted\.$/,
    )
  })

  it('a one-entry compensationTableConfig is refused; two are kept', async () => {
    const one = await call('PUT', '/api/user/settings', { compensationTableConfig: ['name'] })
    expect(one.statusCode).toBe(400)
    expect(json<{ detail: string }>(one).detail).toBe(
      'compensationTableConfig: A column list needs more than one column; send null for the default columns.',
    )
    const two = await call('PUT', '/api/user/settings/', { compensationTableConfig: ['name', 'manager'] })
    expect(json(two)).toMatchObject({ compensationTableConfig: ['name', 'manager'] })
  })

  it('inviteAll with a JSON content type and no body is accepted; so is a lower-case bearer', async () => {
    const answer = await server().app.inject({
      method: 'POST',
      url: '/api/user/inviteAll',
      headers: { authorization: `bearer ${company.ownerToken}`, 'content-type': 'application/json' },
    })
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it('token/refresh/ with a JSON content type and no body reaches the handler (no cookie: 401)', async () => {
    const answer = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.statusCode).toBe(401)
    expect(json(answer)).toEqual({
      detail: 'Not logged in',
      non_field_errors: ['Not logged in'],
      message: 'Not logged in',
    })
  })
})

describe('§7 Reward statements', () => {
  it('POST reward-statements/ takes {employee}: the company’s default template; bulk-mail takes {data, template_id}', async () => {
    const employee = company.snapshot.employees.find((e) => e.email)?.id ?? 0
    const none = await call('POST', '/api/employee/reward-statements/', { employee })
    expect(none.statusCode).toBe(400)
    expect(json<{ detail: string }>(none).detail).toMatch(
      /^template: the company has no statement template yet/,
    )
    const first = json<{ id: number }>(
      await call('POST', '/api/employee/reward-statements-templates/', { name: 'Older' }),
    )
    const latest = json<{ id: number }>(
      await call('POST', '/api/employee/reward-statements-templates', { name: 'Newer' }),
    )
    expect(latest.id).toBeGreaterThan(first.id)
    const made = await call('POST', '/api/employee/reward-statements', { employee })
    expect(made.statusCode, made.body).toBe(201)
    expect(json(made)).toMatchObject({ employee_id: employee, server_template_id: latest.id })
    const mailed = await call('POST', '/api/employee/bulk-mail-statement', {
      data: [employee],
      template_id: first.id,
    })
    expect(mailed.statusCode, mailed.body).toBe(200)
  })
})
