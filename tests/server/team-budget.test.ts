import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { createCompany } from '../../src-server/routes/company'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/**
 * PUT /teams/{id}/ (administration document §7: 'Setting a team budget and budget currency uses this
 * call'), with the desktop's `teams.setBudget` rules: admin roles, 'Saved Budget for {team}', null
 * clears, and the budget input's 'Input is disabled because the team has 2 or fewer members.'
 */
const server = testServer()
const { signIn, call } = clientOf(server)
let snapshot: CompanySnapshot
let owner: string
let team: CompanySnapshot['teams'][number]

type TeamAnswer = {
  id: number
  name: string
  budget: number | null
  budget_currency: string | null
  message: string
}
const put = (token: string, body: object, teamId = team.id) =>
  call(token, 'PUT', `/api/teams/${teamId}/`, body)

beforeAll(async () => {
  ;({ snapshot, owner } = await publishedDemo(server, tempDir(), { employees: 80, seed: 9, company: 'Acme' }))
  const members = new Map<number, number>()
  for (const e of snapshot.employees)
    if (e.team_id !== null) members.set(e.team_id, (members.get(e.team_id) ?? 0) + 1)
  team = snapshot.teams.find((t) => (members.get(t.id) ?? 0) >= 3) as CompanySnapshot['teams'][number]
})

describe('PUT /teams/{id}/', () => {
  it('sets a budget and its currency, keeps the currency, clears with null, and says so', async () => {
    const saved = await put(owner, { budget: 1_250_000_00, budget_currency: 'EUR' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json<TeamAnswer>()).toMatchObject({
      id: team.id,
      budget: 1_250_000_00,
      budget_currency: 'EUR',
      message: `Saved Budget for ${team.name}`,
    })
    // A budget without a currency keeps the team's.
    expect((await put(owner, { budget: 900_000_00 })).json<TeamAnswer>()).toMatchObject({
      budget: 900_000_00,
      budget_currency: 'EUR',
    })
    const cleared = (await put(owner, { budget: null })).json<TeamAnswer>()
    expect(cleared).toMatchObject({ budget: null, budget_currency: null })
    // With no currency of its own, the pay cycle's default currency.
    const cycle = (await call(owner, 'GET', '/api/paycycle/config/'))
      .json<{ active: boolean; default_currency: string }[]>()
      .find((c) => c.active)
    expect((await put(owner, { budget: 100_00 })).json<TeamAnswer>()).toMatchObject({
      budget: 100_00,
      budget_currency: cycle?.default_currency,
    })
    const listed = (await call(owner, 'GET', '/api/teams/'))
      .json<TeamAnswer[]>()
      .find((t) => t.id === team.id)
    expect(listed).toMatchObject({ budget: 100_00, budget_currency: cycle?.default_currency })
    const renamed = await put(owner, { name: 'Renamed Team' })
    expect(renamed.json<TeamAnswer>()).toMatchObject({ name: 'Renamed Team', message: 'Saved Renamed Team' })
  })

  it('a replica’s push replayed under its idempotency key applies nothing again', async () => {
    const push = () =>
      server().app.inject({
        method: 'PUT',
        url: `/api/teams/${team.id}/`,
        headers: { authorization: `Bearer ${owner}`, 'idempotency-key': 'budget-push-0001' },
        payload: { budget: 700_000_00, budget_currency: 'USD' },
      })
    expect((await push()).json<TeamAnswer>().budget).toBe(700_000_00)
    // Another admin's later budget; the first push's answer was lost and it is sent again.
    expect((await put(owner, { budget: 800_000_00 })).statusCode).toBe(200)
    const replay = await push()
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json<TeamAnswer>().budget).toBe(800_000_00)
    const recorded = await server()
      .db.selectFrom('sync_change')
      .select('kind')
      .where('idempotency_key', '=', 'budget-push-0001')
      .execute()
    expect(recorded).toEqual([{ kind: 'team' }])
  })

  it('refuses a budget for a team of 2 or fewer members with the spec’s tooltip', async () => {
    const small = (await call(owner, 'POST', '/api/teams/', { name: 'Small' })).json<{ id: number }>()
    const refused = await put(owner, { budget: 1_00 }, small.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      detail: 'Input is disabled because the team has 2 or fewer members.',
    })
  })

  it('admin roles may set budgets; planners, managers, comp managers and employees may not', async () => {
    const ownerEmployee = snapshot.users.find((u) => u.role === 'OWNER')?.employee_id
    const free = snapshot.employees.filter(
      (e) => e.id !== ownerEmployee && !snapshot.users.some((u) => u.employee_id === e.id),
    )
    const roles = ['ADMIN', 'PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE'] as const
    for (const [i, role] of roles.entries()) {
      const email = `${role.toLowerCase()}@budget.test`
      const created = await call(owner, 'POST', '/api/users/', { email, role, employee_id: free[i].id })
      expect(created.statusCode).toBe(200)
      const answer = await put(await signIn(email), { budget: 2_000_00 + i })
      if (role === 'ADMIN') expect(answer.json<TeamAnswer>().budget).toBe(2_000_00)
      else {
        expect(answer.statusCode).toBe(403)
        expect(answer.json()).toMatchObject({ detail: `Your role (${role}) may not change teams.` })
      }
    }
  })

  it('a bad payload is a 400 naming the field; another company’s team is not found', async () => {
    const cases: [object, string][] = [
      [{ budget: -1 }, 'budget: A budget cannot be negative.'],
      [{ budget: 10.5 }, 'budget: Budgets are whole cents.'],
      [{ budget_currency: 'XYZ' }, 'budget_currency: Not a currency code the app knows.'],
      [{ name: '  ' }, 'name: A team name cannot be empty.'],
      [{}, 'Give name, budget or budget_currency.'],
    ]
    for (const [body, detail] of cases) {
      const answer = await put(owner, body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ detail })
    }
    const typed = await put(owner, { budget: '100' })
    expect(typed.statusCode).toBe(400)
    expect(typed.json<{ detail: string }>().detail).toMatch(/^budget: /)
    const unknown = await put(owner, { colour: 'red' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ detail: string }>().detail).toContain('colour')
    await createCompany(server().context, {
      companyName: 'Globex',
      ownerEmail: 'owner@globex.test',
      ownerName: 'Globex Owner',
    })
    const globex = await signIn('owner@globex.test')
    expect((await put(globex, { budget: 1_00 })).json()).toMatchObject({
      detail: `No team has the id ${team.id}.`,
    })
  })
})
