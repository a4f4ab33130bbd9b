import { PUBLIC_BODY_LIMIT } from '../../src-server/http/route-guard'
import { createSuperUser } from '../../src-server/operators'
import type { ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import { snapshotEmployeeSchema } from '../../src-shared/contract/company-snapshot'
import {
  EMPLOYEE_FIELDS,
  parseRecordChanges,
  type RecordValue,
} from '../../src-shared/domain/company-records'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { parseImportRow } from '../../src-shared/domain/import-rows'
import { ROLES, type RoleName } from '../../src-shared/domain/roles'
import { mayChangeCompanyTemplates } from '../../src-shared/domain/statements/templates'
import { ATTACK_PASSWORD as PASSWORD, attackerOf } from './attack-support'
import { login, publishDemo, setPassword, testServer, type PublishedCompany } from './support'

/**
 * Issue 34's doors that write, tried as an attacker would: the company's statement templates, values
 * a desktop's join refuses (record edits, the import), and finding 6 (bodies read before a token is checked).
 */
const server = testServer()
const { call } = attackerOf(server)

let acme: PublishedCompany
const tokens = new Map<RoleName, string>()

beforeAll(async () => {
  acme = await publishDemo(
    server(),
    { name: 'Acme', ownerEmail: 'owner@acme.test', ownerName: 'Olive Owner', employees: 30, seed: 11 },
    PASSWORD,
  )
  tokens.set('OWNER', acme.ownerToken)
  tokens.set('MANAGER', await login(server(), acme.manager.email, PASSWORD))
  const { db } = server()
  const { id: companyId } = await db
    .selectFrom('company')
    .select('id')
    .where('name', '=', 'Acme')
    .executeTakeFirstOrThrow()
  const taken = new Set(acme.snapshot.users.map((u) => u.employee_id))
  const free = acme.snapshot.employees.filter((e) => !taken.has(e.id))
  for (const [index, role] of (['ADMIN', 'PLANNER', 'COMM_MANAGER', 'EMPLOYEE'] as const).entries()) {
    const email = `${role.toLowerCase()}@acme.test`
    await db
      .insertInto('app_user')
      .values({ company_id: companyId, email, name: role, role, employee_id: free[index].id })
      .execute()
    await setPassword(db, email, PASSWORD)
    tokens.set(role, await login(server(), email, PASSWORD))
  }
  await createSuperUser(server().context, { email: 'ops@acme.test', name: 'Ops' })
  await setPassword(db, 'ops@acme.test', PASSWORD)
  tokens.set('SUPER_USER', await login(server(), 'ops@acme.test', PASSWORD))
}, 120_000)

const token = (role: RoleName): string => {
  const found = tokens.get(role)
  if (!found) throw new Error(`No ${role} signed in.`)
  return found
}

const TEMPLATES = '/api/employee/reward-statements-templates/'
const refusal = (role: RoleName) => ({
  detail: `Your role (${role}) may not change the company’s statement templates: ask an owner, admin or communications manager.`,
})

describe('company statement templates are written only by admin roles and the communications manager', () => {
  it('the domain names SUPER_USER, OWNER, ADMIN and COMM_MANAGER, and no other role', () => {
    expect(ROLES.filter(mayChangeCompanyTemplates)).toEqual(['SUPER_USER', 'OWNER', 'ADMIN', 'COMM_MANAGER'])
  })

  it('each role of a company creates and changes a template, or is refused with who to ask, and the text stays', async () => {
    const official = await call(token('COMM_MANAGER'), 'POST', TEMPLATES, {
      name: 'Official',
      template_content: { intro: 'Dear {{name}},', closing: 'HR' },
    })
    expect(official.statusCode).toBe(201)
    const { id } = official.json<ServerTemplateDto>()
    for (const role of ROLES) {
      const created = await call(token(role), 'POST', TEMPLATES, { name: `By ${role}` })
      const patched = await call(token(role), 'PATCH', `${TEMPLATES}${id}/`, {
        template_content: { intro: `Click https://phish.example to confirm your raise (${role})` },
      })
      if (mayChangeCompanyTemplates(role)) {
        expect([role, created.statusCode]).toEqual([role, 201])
        // The operator's own company has no template of this id: the door opened, the row was not its.
        expect([role, patched.statusCode]).toEqual([role, role === 'SUPER_USER' ? 404 : 200])
      } else {
        expect([role, created.statusCode, created.json()]).toMatchObject([role, 403, refusal(role)])
        expect([role, patched.statusCode, patched.json()]).toMatchObject([role, 403, refusal(role)])
      }
    }
    const names = (await call(token('OWNER'), 'GET', TEMPLATES))
      .json<ServerTemplateDto[]>()
      .map((t) => t.name)
    expect(names.sort()).toEqual(['By ADMIN', 'By COMM_MANAGER', 'By OWNER', 'Official'])
    const kept = await call(token('PLANNER'), 'GET', `${TEMPLATES}${id}/`)
    expect(kept.json<ServerTemplateDto>().template_content.intro).toBe(
      'Click https://phish.example to confirm your raise (COMM_MANAGER)',
    )
  })

  it("a user of another company (the server's operator) cannot change this company's template", async () => {
    const listed = (await call(token('OWNER'), 'GET', TEMPLATES)).json<ServerTemplateDto[]>()
    const theirs = await call(token('SUPER_USER'), 'PATCH', `${TEMPLATES}${listed[0].id}/`, { name: 'Mine' })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ detail: `No template has the id ${listed[0].id}.` })
  })
})
describe('finding 6: nobody unauthenticated makes the server read a large body', () => {
  it('a protected route answers 401 to a 15 MiB body without a token, and to a forged token', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(15 * 1024 * 1024) })
    for (const authorization of [
      undefined,
      'Bearer not.a.token',
      `Bearer ${token('OWNER').slice(0, -4)}AAAA`,
    ]) {
      const answer = await server().app.inject({
        method: 'PUT',
        url: '/api/sync/rewards/',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: big,
      })
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ detail: 'Not logged in' })
    }
  })

  it('an unknown route reads no more than a public one', async () => {
    const answer = await server().app.inject({
      method: 'POST',
      url: '/api/nonexistent',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ data: 'x'.repeat(PUBLIC_BODY_LIMIT) }),
    })
    expect(answer.statusCode).toBe(413)
  })

  it('public routes take at most 64 KiB', async () => {
    const answer = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.test', password: 'p'.repeat(PUBLIC_BODY_LIMIT) }),
      remoteAddress: '192.0.2.200',
    })
    expect(answer.statusCode).toBe(413)
  })
})

describe("record edits and the import refuse what a join refuses, in the desktop's words", () => {
  const longName = 'N'.repeat(301)

  it('PUT /api/employees/{id}/ refuses an age of 151 and a name of 301 characters as the desktop edit does', async () => {
    const target = acme.snapshot.employees[3]
    const changes = { age: '151', name: longName }
    const desktop = parseRecordChanges(
      EMPLOYEE_FIELDS,
      {} as Record<keyof typeof EMPLOYEE_FIELDS, RecordValue>,
      changes,
    )
    expect(desktop).toEqual({
      ok: false,
      errors: ['Age: must be from 0 to 150 ("151")', 'Name: must be at most 300 characters (it has 301)'],
    })
    const refused = await call(token('OWNER'), 'PUT', `/api/employees/${target.id}/`, changes)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      detail: `${target.name} (${target.company_employee_id}): ${desktop.ok ? '' : desktop.errors.join('; ')}`,
    })
    // The join's own check agrees: the same values are refused in a snapshot row.
    expect(snapshotEmployeeSchema.safeParse({ ...target, age: 151 }).success).toBe(false)
    expect(snapshotEmployeeSchema.safeParse({ ...target, name: longName }).success).toBe(false)
    const kept = await call(token('OWNER'), 'PUT', `/api/employees/${target.id}/`, { age: '150' })
    expect(kept.statusCode).toBe(200)
  })

  it('POST /api/import/data/ refuses the same values with the messages the desktop import gives', async () => {
    const cells: Record<string, string> = {
      'Employee Id': 'LIMIT-1',
      Name: longName,
      'Pay Currency': 'USD',
      Salaried: 'true',
      'Hire Date': '2020-01-02',
      Age: '200',
      'Job Code': 'J'.repeat(201),
      'Pay Range Name': 'Range',
      'Current Base Pay (Country Currency)': '2000000000000',
    }
    const row = IMPORT_COLUMNS.map((c) => cells[c.header] ?? '')
    const desktop = parseImportRow(row, 1).errors.map((e) => [e.code, e.message])
    expect(desktop).toEqual([
      ['TooLong', 'Name must be at most 300 characters (it has 301)'],
      ['OutOfRange', 'Current Base Pay (Country Currency) must be at most 1000000000000'],
      ['OutOfRange', 'Age must be from 0 to 150'],
      ['TooLong', 'Job Code must be at most 200 characters (it has 201)'],
    ])
    const csv = [IMPORT_COLUMNS.map((c) => c.header), row].map((r) => r.join(',')).join('\n')
    const refused = await call(token('OWNER'), 'POST', '/api/import/data/', { data: csv })
    expect(refused.statusCode).toBe(400)
    const body = refused.json<{ errors: { row: number; code: string; message: string }[] }>()
    expect(body.errors.map((e) => [e.code, e.message])).toEqual(desktop)
    const found = (await call(token('OWNER'), 'GET', '/api/employees/')).json<
      { company_employee_id: string }[]
    >()
    expect(found.some((e) => e.company_employee_id === 'LIMIT-1')).toBe(false)
  })

  it('a planner may not import or edit records at all, and a NUL in a record field is a 400 naming it', async () => {
    const target = acme.snapshot.employees[4]
    const planner = await call(token('PLANNER'), 'PUT', `/api/employees/${target.id}/`, { age: '40' })
    expect(planner.statusCode).toBe(403)
    const nul = await call(token('OWNER'), 'PUT', `/api/employees/${target.id}/`, { name: 'Ada\u0000' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json<{ detail: string }>().detail).toContain('name')
  })
})
