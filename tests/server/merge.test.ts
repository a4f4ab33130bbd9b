import crypto from 'node:crypto'
import { createCompany } from '../../src-server/routes/company'
import { openToken, type MergeSettings } from '../../src-server/merge/settings'
import { clientOf } from './company-fixture'
import { startMergeStandIn, type MergeStandIn, type StandInEmployee } from './merge-stand-in'
import { testServer } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
let merge: MergeStandIn
let settings: MergeSettings
let owner: string
let admin: string
let manager: string
let otherOwner: string

function person(
  n: number,
  overrides: Partial<StandInEmployee> = {},
  job: Partial<StandInEmployee['employments'][number]> = {},
): StandInEmployee {
  return {
    id: `merge-${n}`,
    remote_id: `R${n}`,
    employee_number: `E${n}`,
    first_name: `First${n}`,
    last_name: `Last${n}`,
    display_full_name: `First${n} Last${n}`,
    preferred_name: null,
    work_email: `person${n}@hris.test`,
    personal_email: null,
    manager: 'merge-1',
    start_date: '2020-03-15T00:00:00Z',
    employment_status: 'ACTIVE',
    gender: 'FEMALE',
    ethnicity: 'PREFER_NOT_TO_DISCLOSE',
    date_of_birth: '1990-06-30T00:00:00Z',
    remote_was_deleted: false,
    remote_data: [],
    employments: [
      {
        id: `job-${n}-old`,
        job_title: 'Old Title',
        pay_rate: 1,
        pay_period: 'YEAR',
        pay_currency: 'USD',
        flsa_status: 'NONEXEMPT',
        effective_date: '2018-01-01T00:00:00Z',
        remote_data: [],
      },
      {
        id: `job-${n}`,
        job_title: 'Engineer',
        pay_rate: 8000,
        pay_period: 'MONTH',
        pay_currency: 'USD',
        flsa_status: 'EXEMPT',
        effective_date: '2022-01-01T00:00:00Z',
        remote_data: [{ path: '/v1/jobs', data: { jobCode: 'ENG2' } }],
        ...job,
      },
    ],
    ...overrides,
  }
}

const PEOPLE: StandInEmployee[] = [
  person(
    1,
    { manager: null },
    { job_title: 'Chief Executive', pay_rate: 240000, pay_period: 'YEAR', remote_data: [] },
  ),
  person(2),
  person(
    3,
    { employee_number: null, remote_id: 'R3' },
    { job_title: 'Technician', pay_rate: 30, pay_period: 'HOUR', flsa_status: 'NONEXEMPT', remote_data: [] },
  ),
  person(4, { manager: 'merge-2', employment_status: 'PENDING' }),
  person(5, { remote_was_deleted: true }),
]

beforeAll(async () => {
  merge = await startMergeStandIn(PEOPLE.map((p) => ({ ...p })))
  settings = { baseUrl: merge.url, apiKey: merge.apiKey, tokenKey: new Uint8Array(crypto.randomBytes(32)) }
  const made = await createCompany(server().context, {
    companyName: 'Hris Co',
    ownerEmail: 'owner@hris.co',
    ownerName: 'Owner',
  })
  owner = await signIn('owner@hris.co')
  for (const [email, role] of [
    ['admin@hris.co', 'ADMIN'],
    ['manager@hris.co', 'MANAGER'],
  ] as const) {
    const created = await call(owner, 'POST', '/api/users/', { email, role })
    expect(created.statusCode).toBe(200)
  }
  admin = await signIn('admin@hris.co')
  manager = await signIn('manager@hris.co')
  await createCompany(server().context, {
    companyName: 'Other',
    ownerEmail: 'owner@other.co',
    ownerName: 'O',
  })
  otherOwner = await signIn('owner@other.co')
  expect(made.companyId).toBeGreaterThan(0)
})

afterAll(async () => {
  await merge.close()
})

describe('the HRIS integration through Merge', () => {
  it('answers 503 naming MERITBOOK_MERGE_API_KEY while the server has no Merge key', async () => {
    server().context.merge = { baseUrl: merge.url, apiKey: null, tokenKey: settings.tokenKey }
    for (const [method, url, payload] of [
      ['GET', '/api/merge/initialize/', undefined],
      ['POST', '/api/merge/finalize/', { public_token: merge.publicToken }],
      ['GET', '/api/integrations/', undefined],
      ['POST', '/api/import/integration/', { integration_id: 1 }],
    ] as const) {
      const answer = await call(owner, method, url, payload)
      expect(answer.statusCode).toBe(503)
      expect(answer.json<{ detail: string }>().detail).toMatch(/set MERITBOOK_MERGE_API_KEY/)
    }
    expect(merge.requests).toHaveLength(0)
  })

  it('connects an HRIS: a link token, the public token exchanged, the account token kept sealed', async () => {
    server().context.merge = settings
    const init = await call(owner, 'GET', '/api/merge/initialize/')
    expect(init.statusCode).toBe(200)
    expect(init.json()).toEqual({ link_token: 'link-token-for-merge-link' })
    const linkCall = merge.requests.at(-1)
    expect(linkCall).toMatchObject({
      method: 'POST',
      path: '/api/integrations/create-link-token',
      authorization: `Bearer ${merge.apiKey}`,
      body: {
        end_user_organization_name: 'Hris Co',
        end_user_email_address: 'owner@hris.co',
        categories: ['hris'],
      },
    })

    const refused = await call(admin, 'POST', '/api/merge/finalize/', { public_token: 'not-a-token' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^public_token: Merge did not accept this public token/,
    )

    const done = await call(admin, 'POST', '/api/merge/finalize/', { public_token: merge.publicToken })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ integration: 'BambooHR', slug: 'bamboohr', last_import_at: null })
    const row = await server()
      .db.selectFrom('merge_integration')
      .selectAll()
      .where('id', '=', done.json<{ id: number }>().id)
      .executeTakeFirstOrThrow()
    expect(row.account_token_sealed.includes(Buffer.from(merge.accountToken))).toBe(false)
    expect(openToken(settings, row.company_id, row.account_token_sealed)).toBe(merge.accountToken)
    expect(() => openToken(settings, row.company_id + 1, row.account_token_sealed)).toThrow(
      /another MERITBOOK_MERGE_TOKEN_KEY/,
    )

    const listed = await call(owner, 'GET', '/api/integrations/')
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: row.id, integration: 'BambooHR', slug: 'bamboohr' }),
    ])
    expect(listed.body).not.toContain(merge.accountToken)
    expect((await call(otherOwner, 'GET', '/api/integrations/')).json()).toEqual([])
  })

  it('imports the HRIS’s people page by page, waiting out a 429, into the company', async () => {
    server().context.merge = settings
    const [connection] = (await call(owner, 'GET', '/api/integrations/')).json<{ id: number }[]>()
    merge.limitOnce = true
    const before = merge.requests.length
    const imported = await call(owner, 'POST', '/api/import/integration/', { integration_id: connection.id })
    expect(imported.json()).toMatchObject({ status: 'imported', rows: 4 })
    const calls = merge.requests.slice(before)
    // Five people two a page: three pages, the second asked twice (429, then again).
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, 'Mg==', 'Mg==', 'NA=='])
    for (const c of calls) {
      expect(c.accountToken).toBe(merge.accountToken)
      expect(c.query.get('expand')).toBe('employments,manager')
      expect(c.query.get('include_remote_data')).toBe('true')
    }
    const employees = await server()
      .db.selectFrom('employee as e')
      .leftJoin('employee as m', (j) =>
        j.onRef('m.id', '=', 'e.manager_id').onRef('m.company_id', '=', 'e.company_id'),
      )
      .leftJoin('job_profile as j', (j) =>
        j.onRef('j.id', '=', 'e.job_profile_id').onRef('j.company_id', '=', 'e.company_id'),
      )
      .select([
        'e.company_employee_id as code',
        'e.name',
        'e.email',
        'm.company_employee_id as manager',
        'e.current_salary as pay',
        'e.salaried',
        'e.hire_date',
        'e.employment_status as status',
        'j.job_code',
        'e.job_title',
      ])
      .where('e.company_id', '=', await companyOf('owner@hris.co'))
      .orderBy('e.company_employee_id')
      .execute()
    expect(employees.map((e) => [e.code, e.manager, e.job_code, e.salaried, e.status])).toEqual([
      ['E1', null, 'Chief Executive', true, 'Active'],
      ['E2', 'E1', 'ENG2', true, 'Active'],
      ['E4', 'E2', 'ENG2', true, 'Pending'],
      ['R3', 'E1', 'Technician', false, 'Active'],
    ])
    expect(employees[1]).toMatchObject({
      name: 'First2 Last2',
      email: 'person2@hris.test',
      job_title: 'Engineer',
    })
    // Monthly 8,000 is 96,000 a year; the hourly rate stays hourly (amounts stored as the CSV import stores them).
    const csvLike = await call(owner, 'GET', '/api/integrations/')
    expect(csvLike.json<{ last_import_at: string | null }[]>()[0].last_import_at).not.toBeNull()
    expect(Number(employees[1].pay) / Number(employees[0].pay)).toBeCloseTo(96_000 / 240_000, 6)
    expect(Number(employees[3].pay) / Number(employees[0].pay)).toBeCloseTo(30 / 240_000, 6)

    // Again: the same people are updated, none added.
    const again = await call(owner, 'POST', '/api/import/integration/', { integration_id: connection.id })
    expect(again.json()).toMatchObject({ status: 'imported', rows: 4 })
  })

  it('refuses an HRIS whose people fail the import’s checks, whole, with each error', async () => {
    server().context.merge = settings
    const [connection] = (await call(owner, 'GET', '/api/integrations/')).json<{ id: number }[]>()
    merge.employees.push(person(6, { start_date: null }))
    try {
      const refused = await call(owner, 'POST', '/api/import/integration/', { integration_id: connection.id })
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ detail: string }>().detail).toBe('The data has 1 errors; nothing was imported.')
      expect(refused.json<{ errors: { id: string; header: string }[] }>().errors[0]).toMatchObject({
        id: 'E6',
        header: 'Hire Date',
      })
    } finally {
      merge.employees.pop()
    }
  })

  it('is for the owner and admins, and each company’s connections are its own', async () => {
    server().context.merge = settings
    const [connection] = (await call(owner, 'GET', '/api/integrations/')).json<{ id: number }[]>()
    for (const [method, url] of [
      ['GET', '/api/merge/initialize/'],
      ['GET', '/api/integrations/'],
    ] as const)
      expect((await call(manager, method, url)).statusCode).toBe(403)
    const elsewhere = await call(otherOwner, 'POST', '/api/import/integration/', {
      integration_id: connection.id,
    })
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json()).toMatchObject({
      detail: `integration_id: your company has no HRIS connection ${connection.id}.`,
    })
    const bad = await call(owner, 'POST', '/api/import/integration/', { integration_id: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ detail: string }>().detail).toMatch(/integration_id/)
  })
})

async function companyOf(email: string): Promise<number> {
  const user = await server()
    .db.selectFrom('app_user')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return user.company_id
}
