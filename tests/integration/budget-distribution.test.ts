import path from 'node:path'
import type { BudgetLevel, ManagerBudgetLevel, TeamDto, UserDto } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'budgets.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

const level = (teamId: number | null, offset = 0, limit = 200) =>
  call<BudgetLevel>('budgets.level', { teamId, offset, limit })

async function reopenAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

let teams: TeamDto[]

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '5')).code).toBe(0)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  teams = await call<TeamDto[]>('teams.list', {})
})

describe('budget distribution view (HyperBalance)', () => {
  it('Company View: the teams without a parent, every employee counted once, the company merit budget', async () => {
    const company = await level(null)
    const roots = teams.filter((t) => t.parentTeamId === null)
    expect(company.root).toBeNull()
    expect(company.trail).toEqual([])
    expect(company.tiles.map((t) => t.id).sort()).toEqual(roots.map((t) => t.id).sort())
    expect(company.company.headcount).toBe(300)
    expect(company.company.budget).toBeGreaterThan(0)
    // One root holding everyone but its manager: its calculated budget is the company's share of them.
    const root = company.tiles[0]
    expect(root.headcount).toBe(299)
    expect(root.calculatedBudget).toBeLessThanOrEqual(company.company.budget as number)
    expect(root.calculatedBudget).toBeGreaterThan((company.company.budget as number) * 0.9)
    expect(root.managerName).toBeTruthy()
  })

  it('drills down: the team becomes the root, its sub-teams the tiles, its ancestors the way back', async () => {
    const root = (await level(null)).tiles[0]
    const down = await level(root.id)
    expect(down.root?.id).toBe(root.id)
    expect(down.trail).toEqual([])
    const children = teams.filter((t) => t.parentTeamId === root.id)
    expect(down.total).toBe(children.length)
    const names = down.tiles.map((t) => t.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    const child = down.tiles.find((t) => t.subTeamCount > 0) as BudgetLevel['tiles'][number]
    const deeper = await level(child.id)
    expect(deeper.trail).toEqual([{ id: root.id, name: root.name }])
    // Headcount adds up: the sub-teams' plus the team's direct members.
    expect(deeper.tiles.reduce((n, t) => n + t.headcount, 0) + (deeper.root?.memberCount ?? 0)).toBe(
      deeper.root?.headcount,
    )
    // A page of tiles.
    const page = await level(root.id, 1, 2)
    expect(page.tiles.map((t) => t.id)).toEqual(down.tiles.slice(1, 3).map((t) => t.id))
  })

  it("a sub-team's budget above its parent's is an error on both tiles, with the spec's tooltip", async () => {
    const root = (await level(null)).tiles[0]
    const child = (await level(root.id)).tiles.find((t) => t.memberCount > 2) as BudgetLevel['tiles'][number]
    await call('teams.setBudget', { teamId: root.id, budget: 100_000_00, currency: 'USD' })
    await call('teams.setBudget', { teamId: child.id, budget: 200_000_00, currency: 'USD' })
    const down = await level(root.id)
    const tile = down.tiles.find((t) => t.id === child.id)
    expect(tile?.status).toBe('error')
    expect(tile?.errors).toContain(`${child.name}'s budget exceeds ${root.name}'s budget`)
    expect(tile?.statusTooltip).toBe('Fix before HyperBalance Calculation')
    // The budgets change in place in the open model: the same figures as a model built afresh.
    await reopenAs(null)
    expect(await level(root.id)).toEqual(down)
    expect(down.root?.errors).toEqual([
      `Subteam budget exceeds ${root.name}'s budget`,
      "A child team's budget exceeds its parent budget",
    ])
    await call('teams.setBudget', { teamId: child.id, budget: null })
    await call('teams.setBudget', { teamId: root.id, budget: null })
  })

  it('a budget above the calculated and recommended budgets warns, with the spec tooltip', async () => {
    const root = (await level(null)).tiles[0]
    const child = (await level(root.id)).tiles.find((t) => t.memberCount > 2) as BudgetLevel['tiles'][number]
    const above = (child.calculatedBudget as number) + 100
    await call('teams.setBudget', { teamId: child.id, budget: above, currency: 'USD' })
    const tile = (await level(root.id)).tiles.find((t) => t.id === child.id)
    expect(tile?.status).toBe('warning-calculated')
    expect(tile?.warnings).toEqual([
      `${child.name}'s budget exceeds its current calculated budget`,
      `${child.name}'s budget exceeds its recommended budget`,
    ])
    expect(tile?.statusTooltip).toBe('This may cause potential errors in HyperBalance Calculation')
    const parent = await level(root.id)
    expect(parent.root?.warnings).toContain('A child team exceeds its current calculated budget')
    await call('teams.setBudget', { teamId: child.id, budget: null })
  })

  it('a team of 2 or fewer members cannot take a budget: the tile says why and saving is refused', async () => {
    const leaf = (await Promise.all(teams.map((t) => level(t.id, 0, 1))))
      .map((l) => l.root)
      .find((t) => t && t.subTeamCount === 0 && t.memberCount > 2) as BudgetLevel['tiles'][number]
    expect(leaf.budgetDisabledReason).toBeNull()
    const parentId = teams.find((t) => t.id === leaf.id)?.parentTeamId as number
    // Move all but two of its members up to the parent team.
    await backend.session.close()
    const workbook = await openWorkbook(file)
    workbook.sqlite
      .prepare(
        'UPDATE employee SET team_id = ? WHERE team_id = ? AND id NOT IN (SELECT id FROM employee WHERE team_id = ? ORDER BY id LIMIT 2)',
      )
      .run(parentId, leaf.id, leaf.id)
    await workbook.close()
    await reopenAs(null)

    const small = (await level(leaf.id, 0, 1)).root
    expect(small?.memberCount).toBe(2)
    expect(small?.budgetDisabledReason).toBe('Input is disabled because the team has 2 or fewer members.')
    const refused = await backend.dispatcher.dispatch('teams.setBudget', { teamId: leaf.id, budget: 100 })
    expect(refused.ok ? '' : refused.error.message).toBe(
      'Input is disabled because the team has 2 or fewer members.',
    )
  })

  it("the saved matrix's allocations become the recommended budgets, stored by calculate-budget; the distribution bar turns on", async () => {
    expect((await level(null)).distributionEnabled).toBe(false)
    const root = (await level(null)).tiles[0]
    const child = (await level(root.id)).tiles.find((t) => t.memberCount > 2) as BudgetLevel['tiles'][number]
    // What saving a matrix writes: an allocation on every reward, and the configuration.
    await backend.session.close()
    const workbook = await openWorkbook(file)
    workbook.sqlite.prepare('UPDATE reward SET hyperbalance_annual_allocated_budget = 1000').run()
    workbook.sqlite
      .prepare(
        'INSERT INTO hyperbalance_config (pay_cycle_id, config) SELECT id, ? FROM pay_cycle WHERE active = 1',
      )
      .run(JSON.stringify({ desired_budget: 300_000 }))
    await workbook.close()
    await reopenAs(null)

    const down = await level(root.id)
    expect(down.distributionEnabled).toBe(true)
    const tile = down.tiles.find((t) => t.id === child.id)
    expect(tile?.allocatedBudget).toBe(child.headcount * 1000)
    expect(tile?.recommendedBudget).toBe(child.headcount * 1000)
    expect(tile?.calculatedBudget).toBe(child.calculatedBudget)
    // aboveBudgetExceeded's fallback: without a team budget, spend is measured against the allocations.
    expect(tile?.givenBudget).toBe(child.headcount * 1000)

    const stored = await call<{ teamId: number; team: string; recommendedBudget: number }[]>(
      'budgets.calculate',
      {},
    )
    expect(stored.find((s) => s.teamId === child.id)).toEqual({
      teamId: child.id,
      team: child.name,
      recommendedBudget: child.headcount * 1000,
    })
    const listed = (await call<TeamDto[]>('teams.list', {})).find((t) => t.id === child.id)
    expect(listed?.recommendedBudget).toBe(child.headcount * 1000)
    expect(listed?.calculatedBudget).toBe(child.calculatedBudget)
  })
})

describe('manager budget view', () => {
  it("a manager sees their own teams only, with 'This team is over budget.' when spend passes the given budget", async () => {
    await reopenAs(null)
    const users = await call<UserDto[]>('users.list', {})
    const manager = users.find((u) => u.role === 'MANAGER' && u.employeeId != null) as UserDto
    const managed = teams.filter((t) => t.managerId === manager.employeeId)
    expect(managed.length).toBeGreaterThan(0)
    await reopenAs(manager.email)

    const top = await call<ManagerBudgetLevel>('budgets.managerView', { teamId: null })
    expect(top.team).toBeNull()
    expect(top.tiles.map((t) => t.id).sort()).toEqual(managed.map((t) => t.id).sort())
    const someoneElses = teams.find(
      (t) => t.parentTeamId === null && t.managerId !== manager.employeeId,
    ) as TeamDto
    const refused = await backend.dispatcher.dispatch('budgets.managerView', { teamId: someoneElses.id })
    expect(refused.ok).toBe(false)
    expect(refused.ok ? '' : refused.error.message).toBe('This team is not one of yours.')

    const team = top.tiles[0]
    const view = await call<ManagerBudgetLevel>('budgets.managerView', { teamId: team.id })
    expect(view.team?.givenBudget).toBe(team.headcount * 1000)
    expect(view.team?.surplus).toBe((view.team?.givenBudget as number) - (view.team?.usedBudget as number))
    const overBudget = (view.team?.usedBudget as number) > (view.team?.givenBudget as number)
    expect(
      view.team?.alerts.some((a) => a.message === 'This team is over budget.' && a.severity === 'error'),
    ).toBe(overBudget)
  })
})
