import crypto from 'node:crypto'
import path from 'node:path'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { SnapshotAssembler } from '../../src-shared/contract/company-snapshot-stream'
import { hashPassword } from '../../src-server/auth/passwords'
import { createCompany } from '../../src-server/routes/company'
import { openWorkbook } from '../../src-main/workbook/open'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'
import { testServer } from './support'

const server = testServer()
const PASSWORD = 'a long enough passphrase'
let snapshot: CompanySnapshot

/** A user who can sign in (the password set as the invitation would). */
async function withPassword(email: string): Promise<void> {
  await server()
    .db.updateTable('app_user')
    .set({ password_hash: await hashPassword(PASSWORD), invite_accepted: true })
    .where('email', '=', email)
    .execute()
}

async function signIn(email: string): Promise<string> {
  const response = await server().app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: email, password: PASSWORD },
  })
  if (response.statusCode !== 200) throw new Error(response.body)
  return response.json<{ access: string }>().access
}

/** The company's first manager with an employee record, signed in. */
async function signedInManager() {
  const manager = snapshot.users.find(
    (u) => u.role === 'MANAGER' && u.employee_id !== null,
  ) as CompanySnapshot['users'][number]
  await withPassword(manager.email)
  return { manager, token: await signIn(manager.email) }
}

const call = async (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  })

/** JSON with object keys sorted (PostgreSQL's JSONB keeps its own key order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  return value
}
const checksum = (value: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex')

let acmeOwner: string
let globexOwner: string

beforeAll(async () => {
  const dir = tempDir()
  const file = path.join(dir, 'publish.paycycle')
  expect((await cli('new', file, '--demo', '150', '--seed', '3')).code).toBe(0)
  const workbook = await openWorkbook(file, { readonly: true })
  snapshot = readCompanySnapshot(workbook)
  await workbook.close()
  await createCompany(server().context, {
    companyName: 'Acme',
    ownerEmail: 'owner@acme.test',
    ownerName: 'Acme Owner',
  })
  await createCompany(server().context, {
    companyName: 'Globex',
    ownerEmail: 'owner@globex.test',
    ownerName: 'Globex Owner',
  })
  await withPassword('owner@acme.test')
  await withPassword('owner@globex.test')
  acmeOwner = await signIn('owner@acme.test')
  globexOwner = await signIn('owner@globex.test')
})

describe('company server: publish, join and the planning calls', () => {
  it('publish uploads a whole workbook company in one go; join gives back an equal company', async () => {
    const withoutOwnerEmail = { ...snapshot, users: snapshot.users.filter((u) => u.role !== 'OWNER') }
    const published = await call(acmeOwner, 'POST', '/api/company/publish/', withoutOwnerEmail)
    expect(published.statusCode).toBe(200)
    // The demo's super user is the server operator's role: skipped, with a notice.
    const superUsers = withoutOwnerEmail.users.filter((u) => u.role === 'SUPER_USER')
    expect(superUsers).toHaveLength(1)
    expect(published.json()).toEqual({
      employees: 150,
      teams: snapshot.teams.length,
      users: withoutOwnerEmail.users.length - 1,
      skipped: [
        {
          email: superUsers[0].email,
          role: 'SUPER_USER',
          reason: expect.stringMatching(/^Your role \(OWNER\)/),
        },
      ],
      notice: expect.stringMatching(/^1 user was not published\./),
    })
    const joined = await call(acmeOwner, 'GET', '/api/company/snapshot/')
    const back = new SnapshotAssembler().text(joined.body).finish()
    for (const key of [
      'payCycles',
      'payRanges',
      'jobProfiles',
      'teams',
      'employees',
      'rewards',
      'submissions',
    ] as const)
      expect(checksum(back[key]), key).toBe(checksum(snapshot[key]))
    const again = await call(acmeOwner, 'POST', '/api/company/publish/', withoutOwnerEmail)
    expect(again.json()).toMatchObject({
      detail: 'This company already holds employees on the server: join it instead of publishing.',
    })
  })

  it('a publish with a broken row is refused whole, naming the row and field', async () => {
    const broken = {
      ...snapshot,
      employees: snapshot.employees.map((e, i) => (i === 3 ? { ...e, current_salary: -5 } : e)),
    }
    const refused = await call(globexOwner, 'POST', '/api/company/publish/', broken)
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ detail: string }>().detail).toMatch(/^employees\.3\.current_salary: /)
    const employees = await call(globexOwner, 'GET', '/api/employees/')
    expect(employees.json()).toEqual([])
  })

  it('tenants are apart: another company reads nothing of Acme and cannot change it', async () => {
    const employee = snapshot.employees[5]
    expect((await call(globexOwner, 'GET', '/api/employees/')).json()).toEqual([])
    const write = await call(globexOwner, 'PUT', `/api/employeerewards/${employee.id}/`, { lump_sum: 100_00 })
    expect(write.statusCode).toBe(404)
    const team = snapshot.teams[0]
    expect((await call(globexOwner, 'PUT', `/api/teams/${team.id}/`, { budget: 1 })).statusCode).toBe(404)
    const acme = (await call(acmeOwner, 'GET', '/api/employees/')).json<unknown[]>()
    expect(acme).toHaveLength(150)
  })

  it('a manager reads and plans only their teams; their submission locks their plan', async () => {
    const { manager, token } = await signedInManager()
    const visible = (await call(token, 'GET', '/api/employees/')).json<
      { id: number; team_id: number | null }[]
    >()
    expect(visible.length).toBeGreaterThan(0)
    expect(visible.length).toBeLessThan(150)
    const outside = snapshot.employees.find(
      (e) => !visible.some((v) => v.id === e.id),
    ) as CompanySnapshot['employees'][number]
    const refused = await call(token, 'PUT', `/api/employeerewards/${outside.id}/`, { lump_sum: 100_00 })
    expect(refused.json()).toMatchObject({ detail: 'This employee is not in your teams.' })
    const mine = visible.find((v) => v.id !== manager.employee_id) as { id: number }
    const planned = await call(token, 'PUT', `/api/employeerewards/${mine.id}/`, {
      lump_sum: 250_00,
      comments: 'Great year',
    })
    expect(planned.json()).toMatchObject({ employee_id: mine.id, lump_sum: 250_00, comments: 'Great year' })
    const history = (await call(token, 'GET', `/api/employeerewards/history/${mine.id}`)).json<
      { source: string; changes: unknown }[]
    >()
    expect(history[0]).toMatchObject({ source: 'planner', changes: { lump_sum: { to: 250_00 } } })
    const bad = await call(token, 'PUT', `/api/employeerewards/${mine.id}/`, { lump_sum: -1 })
    expect(bad.json()).toMatchObject({ detail: 'lump_sum: Amounts cannot be negative.' })

    const cycle = snapshot.payCycles.find((c) => c.active) as CompanySnapshot['payCycles'][number]
    const wrongType = await call(token, 'POST', '/api/paycycle/submit/', {
      planner_employee: manager.employee_id,
      pay_cycle: cycle.id,
      submission_type: 'HR',
      comments: 'Done',
    })
    expect(wrongType.statusCode).toBe(400)
    const submitted = await call(token, 'POST', '/api/paycycle/submit/', {
      planner_employee: manager.employee_id,
      pay_cycle: cycle.id,
      submission_type: 'PLANNER',
      comments: 'Done',
    })
    expect(submitted.statusCode).toBe(200)
    const locked = await call(token, 'PUT', `/api/employeerewards/${mine.id}/`, { lump_sum: 1 })
    expect(locked.json()).toMatchObject({ detail: 'Your plan is submitted; choices are locked.' })
    // Only admin roles send back; then the plan opens again.
    const id = submitted.json<{ id: number }>().id
    expect((await call(token, 'DELETE', `/api/paycycle/submit/${id}`)).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not send plans back.',
    })
    expect((await call(acmeOwner, 'DELETE', `/api/paycycle/submit/${id}`)).statusCode).toBe(200)
    expect((await call(token, 'PUT', `/api/employeerewards/${mine.id}/`, { lump_sum: 1 })).statusCode).toBe(
      200,
    )
  })

  it('the whole company’s download (COPY, for an admin) and a manager’s (pages) carry byte-equal lines for the people both see, whatever their text holds', async () => {
    const { token } = await signedInManager()
    const seen = (await call(token, 'GET', '/api/employees/')).json<{ id: number }[]>()
    const tricky = 'Ann "Q" \\ back\tslash\nline \u0001\u0002 ; , Łódź 😀'
    await server()
      .db.updateTable('employee')
      .set({ name: tricky, job_title: null })
      .where('id', '=', seen[0].id)
      .execute()
    const linesOf = (body: string) =>
      body.split('\n').filter((line) => line.startsWith('["employees"') || line.startsWith('["rewards"'))
    const everyone = linesOf((await call(acmeOwner, 'GET', '/api/company/snapshot/')).body)
    const mine = linesOf((await call(token, 'GET', '/api/company/snapshot/')).body)
    expect(everyone).toHaveLength(300)
    const visible = new Set(seen.map((e) => e.id))
    const keyOf = (line: string) => (JSON.parse(line) as [string, number[]])[1][0]
    const shared = mine.filter((line) => visible.has(keyOf(line)))
    expect(shared.length).toBeGreaterThan(1)
    for (const line of shared) expect(everyone).toContain(line)
    const annLine = everyone.find((line) => line.startsWith(`["employees",[${seen[0].id},`)) as string
    expect((JSON.parse(annLine) as [string, unknown[]])[1][2]).toBe(tricky)
    expect(
      new SnapshotAssembler().text((await call(acmeOwner, 'GET', '/api/company/snapshot/')).body).finish()
        .employees,
    ).toHaveLength(150)
  })

  it('more whole-company downloads at once than the server has pooled connections all finish (each COPY on a connection of its own)', async () => {
    const downloads = await Promise.all(
      Array.from({ length: 6 }, () => call(acmeOwner, 'GET', '/api/company/snapshot/')),
    )
    for (const download of downloads)
      expect(new SnapshotAssembler().text(download.body).finish().rewards).toHaveLength(150)
  })

  it('roles: a MANAGER may not list users, change pay ranges or teams; an OWNER may not grant SUPER_USER', async () => {
    const manager = snapshot.users.find(
      (u) => u.role === 'MANAGER' && u.employee_id !== null,
    ) as CompanySnapshot['users'][number]
    const token = await signIn(manager.email)
    expect((await call(token, 'GET', '/api/users/')).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not list users.',
    })
    expect(
      (await call(token, 'PUT', `/api/payranges/${snapshot.payRanges[0].id}/`, { max_pay: 1 })).statusCode,
    ).toBe(403)
    expect((await call(token, 'PUT', `/api/teams/${snapshot.teams[0].id}/`, { budget: 1 })).statusCode).toBe(
      403,
    )
    const grant = await call(acmeOwner, 'POST', '/api/users/', { email: 'new@acme.test', role: 'SUPER_USER' })
    expect(grant.statusCode).toBe(403)
    const created = await call(acmeOwner, 'POST', '/api/users/', {
      email: 'new@acme.test',
      role: 'ADMIN',
      name: 'New Admin',
    })
    expect(created.json()).toMatchObject({ email: 'new@acme.test', role: 'ADMIN' })
    const me = (await call(acmeOwner, 'GET', '/api/user/profile')).json<{ id: number }>()
    expect((await call(acmeOwner, 'PUT', `/api/users/${me.id}/`, { role: 'ADMIN' })).json()).toMatchObject({
      detail: 'Users cannot change their own role.',
    })
  })

  it('a pay range keeps min ≤ mid ≤ max', async () => {
    const range = snapshot.payRanges[0]
    const bad = await call(acmeOwner, 'PUT', `/api/payranges/${range.id}/`, { min_pay: range.max_pay + 1 })
    expect(bad.json()).toMatchObject({ detail: 'A pay range needs min_pay ≤ mid_pay ≤ max_pay.' })
    expect((await server().app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ ok: true })
  })
})
