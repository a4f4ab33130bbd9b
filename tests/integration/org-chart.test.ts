import path from 'node:path'
import type { OrgChartMoveResult, OrgChartView, TeamDto, EmployeeDto } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'org.paycycle')
const backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

const teams = () => call<TeamDto[]>('teams.list', {})
const employees = () => call<EmployeeDto[]>('employees.list', {})
const view = (teamId: number | null) => call<OrgChartView>('orgChart.view', { teamId, offset: 0, limit: 500 })

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '120', '--seed', '2')).code).toBe(0)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})

describe('org chart', () => {
  it('shows the company root, then one team: its manager, sub-teams and members with $NK salaries and weights', async () => {
    const root = await view(null)
    expect(root.team).toBeNull()
    const top = root.subTeams[0]
    expect(top.manager).not.toBeNull()
    expect(top.weight).toBeGreaterThanOrEqual(100_000_00)
    const inside = await view(top.id)
    expect(inside.team?.id).toBe(top.id)
    // A sub-team's manager is drawn on that team's card, not again among the members (issue 39).
    const subManagers = new Set(
      (await teams()).filter((t) => t.parentTeamId === top.id).map((t) => t.managerId),
    )
    expect(inside.memberTotal).toBe(
      (await employees()).filter((e) => e.teamId === top.id && !subManagers.has(e.id)).length,
    )
    expect(inside.members.length).toBeGreaterThan(0)
    for (const member of inside.members) expect(member.weight).toBe(Math.max(member.salary, 1))
  })

  it('draws the CEO once at the company root: on the top team card, not also among the members (issue 39)', async () => {
    const root = await view(null)
    const ceo = root.subTeams[0].manager
    expect(ceo).not.toBeNull()
    const drawn = [
      ...root.subTeams.flatMap((t) => (t.manager ? [t.manager.id] : [])),
      ...root.members.map((m) => m.id),
    ]
    expect(drawn.filter((id) => id === ceo?.id)).toHaveLength(1)
  })

  it('a card dropped on a team moves the employee there, reporting to its manager; undo puts it back', async () => {
    const all = await teams()
    const [a, b] = all.filter((t) => t.parentTeamId !== null && t.managerId !== null)
    const mover = (await employees()).find(
      (e) => e.teamId === a.id && !all.some((t) => t.managerId === e.id),
    ) as EmployeeDto
    const moved = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: mover.id, asManager: false },
      target: { kind: 'team', teamId: b.id },
    })
    expect(moved.message).toBe(`Moved ${mover.name} to ${b.name}`)
    const after = (await employees()).find((e) => e.id === mover.id)
    expect(after).toMatchObject({ teamId: b.id, managerId: b.managerId })
    await call('orgChart.restore', { snapshot: moved.before })
    expect((await employees()).find((e) => e.id === mover.id)).toMatchObject({
      teamId: a.id,
      managerId: a.managerId,
    })
    await call('orgChart.restore', { snapshot: moved.after })
    expect((await employees()).find((e) => e.id === mover.id)?.teamId).toBe(b.id)
    await call('orgChart.restore', { snapshot: moved.before })
  })

  it("a card dropped on an employee who manages nobody creates '{name}'s Team' under them; undo removes it", async () => {
    const all = await teams()
    const people = await employees()
    const lead = people.find(
      (e) => e.teamId !== null && !all.some((t) => t.managerId === e.id),
    ) as EmployeeDto
    const mover = people.find(
      (e) => e.id !== lead.id && e.teamId !== null && !all.some((t) => t.managerId === e.id),
    ) as EmployeeDto
    const created = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: mover.id, asManager: false },
      target: { kind: 'employee', employeeId: lead.id },
    })
    expect(created.message).toBe(`Created ${lead.name}'s Team with ${mover.name}`)
    const team = (await teams()).find((t) => t.name === `${lead.name}'s Team`) as TeamDto
    expect(team).toMatchObject({ parentTeamId: lead.teamId, managerId: lead.id })
    expect((await employees()).find((e) => e.id === mover.id)).toMatchObject({
      teamId: team.id,
      managerId: lead.id,
    })
    await call('orgChart.restore', { snapshot: created.before })
    expect((await teams()).some((t) => t.id === team.id)).toBe(false)
    expect((await employees()).find((e) => e.id === mover.id)?.teamId).toBe(mover.teamId)
  })

  it('a manager moved to another team takes their team along; a move inside their own team is refused', async () => {
    const all = await teams()
    const top = all.find((t) => t.parentTeamId === null) as TeamDto
    const divisions = all.filter((t) => t.parentTeamId === top.id && t.managerId !== null)
    const [first, second] = divisions
    const firstManager = first.managerId as number
    const moved = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: firstManager, asManager: false },
      target: { kind: 'team', teamId: second.id },
    })
    expect((await teams()).find((t) => t.id === first.id)?.parentTeamId).toBe(second.id)
    await call('orgChart.restore', { snapshot: moved.before })
    expect((await teams()).find((t) => t.id === first.id)?.parentTeamId).toBe(top.id)

    const inside = all.find((t) => t.parentTeamId === first.id) as TeamDto
    const refused = await backend.dispatcher.dispatch('orgChart.drop', {
      source: { employeeId: firstManager, asManager: false },
      target: { kind: 'team', teamId: inside.id },
    })
    expect(refused.ok ? '' : refused.error.message).toMatch(/cannot report inside their own team\.$/)
  })

  it('dropping a team manager on its own slot removes them from the team; the company root clears a team', async () => {
    const all = await teams()
    const team = all.find((t) => t.parentTeamId !== null && t.managerId !== null) as TeamDto
    const cleared = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: team.managerId as number, asManager: true },
      target: { kind: 'managerSlot', teamId: team.id },
    })
    expect((await teams()).find((t) => t.id === team.id)?.managerId).toBeNull()
    await call('orgChart.restore', { snapshot: cleared.before })
    const member = (await employees()).find(
      (e) => e.teamId === team.id && !all.some((t) => t.managerId === e.id),
    ) as EmployeeDto
    const toRoot = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: member.id, asManager: false },
      target: { kind: 'company' },
    })
    expect((await employees()).find((e) => e.id === member.id)).toMatchObject({
      teamId: null,
      managerId: null,
    })
    await call('orgChart.restore', { snapshot: toRoot.before })
  })
})

describe('cli move', () => {
  const file2 = path.join(dir, 'move.paycycle')
  const demo = generateDemoCompany({ employees: 120, seed: 2 })
  beforeAll(async () => {
    expect((await cli('new', file2, '--demo', '120', '--seed', '2')).code).toBe(0)
  })
  const managers = new Set(demo.teams.map((t) => t.managerId))
  const plain = demo.employees.filter((e) => e.teamId !== null && !managers.has(e.id))

  it('moves an employee into a named team, onto a colleague (a new team), and to the root', async () => {
    const [mover, colleague] = plain
    const target = demo.teams.find(
      (t) => t.id !== mover.teamId && t.parentTeamId !== null,
    ) as (typeof demo.teams)[number]
    const intoTeam = await cli(
      'move',
      file2,
      '--employee',
      mover.companyEmployeeId,
      '--team',
      target.name,
      '--json',
    )
    expect(intoTeam.code).toBe(0)
    expect(intoTeam.json[0]).toEqual({ changed: true, message: `Moved ${mover.name} to ${target.name}` })
    const onto = await cli(
      'move',
      file2,
      '--employee',
      mover.companyEmployeeId,
      '--onto',
      colleague.companyEmployeeId,
      '--json',
    )
    expect(onto.json[0]).toEqual({
      changed: true,
      message: `Created ${colleague.name}'s Team with ${mover.name}`,
    })
    const root = await cli('move', file2, '--employee', mover.companyEmployeeId, '--root', '--json')
    expect(root.json[0]).toEqual({ changed: true, message: `Moved ${mover.name} to the company` })
  })

  it('refuses an unknown Employee Id and a missing target, naming them', async () => {
    const unknown = await cli('move', file2, '--employee', 'NOPE-1', '--root', '--json')
    expect(unknown.code).toBe(1)
    expect(unknown.errors[0]).toBe('No employee has the Employee Id "NOPE-1".')
    const usage = await cli('move', file2, '--employee', plain[0].companyEmployeeId, '--json')
    expect(usage.code).toBe(2)
    expect(usage.errors[0]).toContain('move needs one of --team <name>, --onto <Employee Id> or --root.')
  })
})
