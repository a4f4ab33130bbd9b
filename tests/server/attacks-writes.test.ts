import { PUBLIC_BODY_LIMIT } from '../../src-server/http/route-guard'
import { createSuperUser } from '../../src-server/operators'
import type { ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import { ROLES, type RoleName } from '../../src-shared/domain/roles'
import { mayChangeCompanyTemplates } from '../../src-shared/domain/statements/templates'
import { ATTACK_PASSWORD as PASSWORD, attackerOf } from './attack-support'
import { login, publishDemo, setPassword, testServer, type PublishedCompany } from './support'

/**
 * Issue 34's doors that write, tried as an attacker would: the company's statement templates, and
 * finding 6 (bodies read before a token is checked).
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
        expect([role, created.statusCode, created.json()]).toEqual([role, 403, refusal(role)])
        expect([role, patched.statusCode, patched.json()]).toEqual([role, 403, refusal(role)])
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
    expect(theirs.json()).toEqual({ detail: `No template has the id ${listed[0].id}.` })
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
      expect(answer.json()).toEqual({ detail: 'Not logged in' })
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
