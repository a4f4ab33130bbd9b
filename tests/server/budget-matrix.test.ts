import type { MatrixAnswer, RewardDto, SavedMatrix } from '../../src-shared/contract'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import { MERIT_NOT_INCLUDED, NO_DESIRED_BUDGET } from '../../src-shared/domain/merit-matrix'
import { createCompany } from '../../src-server/routes/company'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let file: string
let snapshot: CompanySnapshot
let owner: string
let manager: string
let managerEmployeeId: number
let globex: string
let acmeCompanyId: number

/** The desktop on the same workbook: its answer to a channel, as the workbook worker gives it. */
async function desktop<T>(channel: string, input: unknown): Promise<T> {
  const backend = testBackend(dir)
  try {
    const opened = await backend.dispatcher.dispatch('workbook.open', { path: file })
    if (!opened.ok) throw new Error(opened.error.message)
    const result = await backend.dispatcher.dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value as T
  } finally {
    await backend.session.close()
  }
}

const sliders = {
  performance_multiplier_priority: 60,
  position_in_range_priority: 40,
  max_position_in_range: 1.2,
  desired_budget: null,
}

beforeAll(async () => {
  ;({
    file,
    snapshot,
    owner,
    companyId: acmeCompanyId,
  } = await publishedDemo(server, dir, {
    employees: 300,
    seed: 5,
    company: 'Acme',
  }))
  // A manager whose team is not the top of the tree: there are teams outside theirs.
  const managers = snapshot.users.filter((u) => u.role === 'MANAGER' && u.employee_id !== null)
  const teamOf = (employeeId: number) => snapshot.teams.find((t) => t.manager_id === employeeId)
  const chosen = managers.find((u) => {
    const team = teamOf(u.employee_id as number)
    return team !== undefined && team.parent_team_id !== null
  }) as CompanySnapshot['users'][number]
  managerEmployeeId = chosen.employee_id as number
  manager = await signIn(chosen.email)
  await createCompany(server().context, {
    companyName: 'Globex',
    ownerEmail: 'owner@globex.test',
    ownerName: 'Globex Owner',
  })
  globex = await signIn('owner@globex.test')
})

describe('POST /calculate-budget/ and /calculate-budget/{team}/', () => {
  it('computes every team’s recommended budget as the desktop does, stores it, and leaves out teams without one', async () => {
    const answer = await call(owner, 'POST', '/api/calculate-budget/')
    expect(answer.statusCode).toBe(200)
    const body = answer.json<{
      recommended_budget: number | null
      teams: { id: number; name: string; recommended_budget: number }[]
    }>()
    const expected = await desktop<{ teamId: number; team: string; recommendedBudget: number }[]>(
      'budgets.calculate',
      {},
    )
    expect(expected.length).toBeGreaterThan(0)
    expect(body.teams.map((t) => [t.id, t.name, t.recommended_budget])).toEqual(
      expected.map((t) => [t.teamId, t.team, t.recommendedBudget]),
    )
    const cycle = snapshot.payCycles.find((c) => c.active) as CompanySnapshot['payCycles'][number]
    expect(body.recommended_budget).toBe(cycle.company_merit_budget)
    const teams = (await call(owner, 'GET', '/api/teams/')).json<
      { id: number; recommended_budget: number | null }[]
    >()
    const stored = new Map(teams.map((t) => [t.id, t.recommended_budget]))
    for (const t of body.teams) expect(stored.get(t.id)).toBe(t.recommended_budget)
  })

  it('one team’s for a manager of it, refused for a team outside theirs', async () => {
    const mine = snapshot.teams.find((t) => t.manager_id === managerEmployeeId) as CompanySnapshot['teams'][0]
    const all = (await call(owner, 'POST', '/api/calculate-budget/')).json<{
      teams: { id: number; recommended_budget: number }[]
    }>()
    const one = await call(manager, 'POST', `/api/calculate-budget/${mine.id}/`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({
      team: mine.id,
      recommended_budget: all.teams.find((t) => t.id === mine.id)?.recommended_budget ?? null,
    })
    const root = snapshot.teams.find((t) => t.parent_team_id === null) as CompanySnapshot['teams'][0]
    const outside = await call(manager, 'POST', `/api/calculate-budget/${root.id}/`)
    expect(outside.statusCode).toBe(403)
    expect(outside.json()).toMatchObject({ detail: 'This team is not one of yours.' })
  })

  it('refuses a role without budgets, a team id that is no number, and another company’s team', async () => {
    expect((await call(manager, 'POST', '/api/calculate-budget/')).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not calculate budgets.',
    })
    const bad = await call(owner, 'POST', '/api/calculate-budget/abc/')
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ detail: string }>().detail).toMatch(/number/i)
    const team = snapshot.teams[0]
    expect((await call(globex, 'POST', `/api/calculate-budget/${team.id}/`)).json()).toMatchObject({
      detail: `No team has the id ${team.id}.`,
    })
    // Globex has no pay cycle: nothing of Acme's is counted for it.
    expect((await call(globex, 'POST', '/api/calculate-budget/')).statusCode).toBe(409)
  })
})

describe('POST and GET /calculate-matrix/', () => {
  it('answers the desktop’s matrix for the same sliders, with a cell’s employees', async () => {
    const request = { ...sliders, cell: { row: 2, column: 5 } }
    const answer = await call(owner, 'POST', '/api/calculate-matrix/', { ...request, save: false })
    expect(answer.statusCode).toBe(200)
    const expected = await desktop<MatrixAnswer>('matrix.calculate', request)
    const body = answer.json<MatrixAnswer>()
    for (const key of [
      'performance_ratings',
      'position_bands',
      'calculated_hyperbalance_matrix',
      'hyperbalance_matrix',
      'current_count_matrix',
      'new_count_matrix',
      'cell_data',
      'budget_used',
      'desired_budget',
      'unplaced',
    ] as const)
      expect(body[key], key).toEqual(expected[key])
    expect(body.budget_used).toBeGreaterThan(0)
  })

  it('refuses bad sliders naming the field, and roles that may not calculate it', async () => {
    const bad = await call(owner, 'POST', '/api/calculate-matrix/', {
      ...sliders,
      performance_multiplier_priority: 101,
      cell: null,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ detail: string }>().detail).toMatch(/^performance_multiplier_priority: /)
    expect(
      (await call(manager, 'POST', '/api/calculate-matrix/', { ...sliders, cell: null })).json(),
    ).toMatchObject({ detail: 'Your role (MANAGER) may not calculate the matrix.' })
    expect((await call(manager, 'GET', '/api/calculate-matrix/')).statusCode).toBe(403)
  })

  it('save stores every recommendation as matrix.save does, and GET answers the configuration', async () => {
    expect((await call(owner, 'GET', '/api/calculate-matrix/')).statusCode).toBe(404)
    const saved = await call(owner, 'POST', '/api/calculate-matrix/', { ...sliders, cell: null, save: true })
    expect(saved.statusCode).toBe(200)
    const desktopSave = await desktop<SavedMatrix>('matrix.save', { ...sliders, cell: null })
    expect(saved.json<MatrixAnswer>().budget_used).toBe(desktopSave.matrix.budget_used)
    const serverRewards = (await call(owner, 'GET', '/api/employeerewards/')).json<
      {
        employee_id: number
        recommended_increase: number | null
        recommended_increase_per: number | null
        hyperbalance_annual_allocated_budget: number | null
      }[]
    >()
    const desktopRewards = new Map(
      (await desktop<RewardDto[]>('rewards.list', {})).map((r) => [r.employeeId, r]),
    )
    let recommended = 0
    for (const r of serverRewards) {
      const d = desktopRewards.get(r.employee_id)
      expect(r.recommended_increase, `employee ${r.employee_id}`).toBe(d?.recommendedIncrease ?? null)
      expect(r.recommended_increase_per).toBe(d?.recommendedIncreasePer ?? null)
      expect(r.hyperbalance_annual_allocated_budget).toBe(d?.hyperbalanceAnnualAllocatedBudget ?? null)
      if (r.recommended_increase !== null) recommended++
    }
    expect(recommended).toBeGreaterThan(0)
    const config = await call(owner, 'GET', '/api/calculate-matrix/')
    expect(config.json()).toEqual({
      hyperbalance_config: expect.objectContaining({
        performance_multiplier_priority: 60,
        position_in_range_priority: 40,
        max_position_in_range: 1.2,
        budget_used: desktopSave.matrix.budget_used,
      }),
    })
    // Another company sees none of it.
    expect((await call(globex, 'GET', '/api/calculate-matrix/')).statusCode).toBe(404)
  })

  it('the cycle’s rules: no desired budget, merit left out, a closed cycle locks the save', async () => {
    const db = server().db
    const cycleId = snapshot.payCycles.find((c) => c.active)?.id as number
    const where = { company: acmeCompanyId, id: cycleId }
    const original = await db
      .selectFrom('pay_cycle')
      .select(['company_merit_budget', 'settings'])
      .where('company_id', '=', where.company)
      .where('id', '=', where.id)
      .executeTakeFirstOrThrow()
    try {
      await db
        .updateTable('pay_cycle')
        .set({ company_merit_budget: null })
        .where('company_id', '=', where.company)
        .where('id', '=', where.id)
        .execute()
      expect(
        (await call(owner, 'POST', '/api/calculate-matrix/', { ...sliders, cell: null })).json(),
      ).toMatchObject({
        detail: NO_DESIRED_BUDGET,
      })
      await db
        .updateTable('pay_cycle')
        .set({ settings: JSON.stringify({ ...(original.settings as object), includeMerit: false }) })
        .where('company_id', '=', where.company)
        .where('id', '=', where.id)
        .execute()
      expect(
        (
          await call(owner, 'POST', '/api/calculate-matrix/', { ...sliders, desired_budget: 1e8, cell: null })
        ).json(),
      ).toMatchObject({ detail: MERIT_NOT_INCLUDED })
      await db
        .updateTable('pay_cycle')
        .set({ settings: JSON.stringify(original.settings), active: false, closed_at: new Date() })
        .where('company_id', '=', where.company)
        .where('id', '=', where.id)
        .execute()
      const closed = await call(owner, 'POST', '/api/calculate-matrix/', {
        ...sliders,
        desired_budget: 1e8,
        cell: null,
        save: true,
      })
      expect(closed.json()).toMatchObject({ detail: CYCLE_CLOSED })
      // Calculating still works on the closed cycle; only saving is locked.
      expect(
        (await call(owner, 'POST', '/api/calculate-matrix/', { ...sliders, desired_budget: 1e8, cell: null }))
          .statusCode,
      ).toBe(200)
    } finally {
      await db
        .updateTable('pay_cycle')
        .set({
          company_merit_budget: original.company_merit_budget,
          settings: JSON.stringify(original.settings),
          active: true,
          closed_at: null,
        })
        .where('company_id', '=', where.company)
        .where('id', '=', where.id)
        .execute()
    }
  })
})
