import path from 'node:path'
import type {
  CheckReport,
  EmployeeDto,
  OrgChartMoveResult,
  OrgChartView,
  PlannerStatusTree,
  PlannerSubmissionDto,
  TablePage,
  TeamDto,
  UserDto,
} from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

/**
 * The orphan-team rule (docs/decisions.md, "Teams without a planner, a parent or a clean chain"): a
 * team whose manager is gone is passed over, a team whose parent is gone is a top team, and a parent
 * cycle is cut where the team tree cuts it, the same way for waiting rows, submissions, Planner
 * Status and the org chart.
 */
const dir = tempDir()
const file = path.join(dir, 'orphans.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function actAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

/** Each employee's 'Waiting for a submission from …' message, by the workbook's employee id. */
async function waiting(): Promise<Map<number, string>> {
  const report = await call<CheckReport>('checks.run', {})
  const ids = new Map(
    (await call<EmployeeDto[]>('employees.list', {})).map((e) => [e.companyEmployeeId, e.id]),
  )
  const found = new Map<number, string>()
  for (const e of report.employees)
    for (const v of e.violations)
      if (v.rule === 'subPlannerNotSubmitted') found.set(ids.get(e.id) ?? -1, v.message)
  return found
}

const card = async (teamId: number, childId: number) =>
  (await call<PlannerStatusTree>('plannerStatus.tree', { teamId, depth: 1 })).root?.children.find(
    (c) => c.id === childId,
  )

let teams: TeamDto[]
let users: UserDto[]
let owner: UserDto
const nameOf = (employeeId: number) => users.find((u) => u.employeeId === employeeId)?.name ?? ''
const below = (teamId: number): TeamDto[] => {
  const found = teams.filter((t) => t.parentTeamId === teamId)
  for (let i = 0; i < found.length; i++) found.push(...teams.filter((t) => t.parentTeamId === found[i].id))
  return found
}

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '4')).code).toBe(0)
  const workbook = await openWorkbook(file)
  workbook.sqlite.prepare('DELETE FROM planner_submission').run()
  await workbook.close()
  await actAs(null)
  teams = await call<TeamDto[]>('teams.list', {})
  users = await call<UserDto[]>('users.list', {})
  owner = users.find((u) => u.role === 'OWNER') as UserDto
  await call('payCycle.update', {
    patch: { settings: { plannerViolations: { subPlannerNotSubmitted: 'error' } } },
  })
})

describe('a team whose manager is gone', () => {
  it('has no planner: its card offers no Force Submit, its rows wait for the manager above, and the planner above submits past it', async () => {
    // A team in the middle: a parent managed by someone other than the owner, and a managed team below.
    const middle = teams.find((t) => {
      const parent = teams.find((p) => p.id === t.parentTeamId)
      return (
        t.managerId !== null &&
        parent?.managerId != null &&
        parent.managerId !== owner.employeeId &&
        teams.some((c) => c.parentTeamId === t.id && c.managerId !== null) &&
        users.some((u) => u.employeeId === parent.managerId)
      )
    }) as TeamDto
    const parent = teams.find((p) => p.id === middle.parentTeamId) as TeamDto
    const parentManager = parent.managerId as number
    const before = await card(parent.id, middle.id)
    expect(before?.plannerId).toBe(middle.managerId)
    const parentBefore = (
      await call<PlannerStatusTree>('plannerStatus.tree', { teamId: parent.id, depth: 0 })
    ).root

    // The org chart's rule: the manager's card dropped back on the team it manages leaves it without one.
    const dropped = await call<OrgChartMoveResult>('orgChart.drop', {
      source: { employeeId: middle.managerId as number, asManager: true },
      target: { kind: 'managerSlot', teamId: middle.id },
    })
    expect(dropped.message).toBe(`${middle.name} has no manager now`)
    const view = await call<OrgChartView>('orgChart.view', { teamId: middle.id, offset: 0, limit: 10 })
    expect(view.team?.manager).toBeNull()

    const orphan = await card(parent.id, middle.id)
    expect(orphan).toMatchObject({
      plannerId: null,
      plannerName: null,
      submission: null,
      forceType: null,
      canEdit: false,
      canSubmit: false,
    })
    const parentAfter = (await call<PlannerStatusTree>('plannerStatus.tree', { teamId: parent.id, depth: 0 }))
      .root
    expect(parentAfter?.subPlanners).toBe((parentBefore?.subPlanners ?? 0) - 1)

    // Its own rows (nobody below holds them) wait for the parent's manager.
    const employees = await call<EmployeeDto[]>('employees.list', {})
    const members = employees.filter((e) => e.teamId === middle.id).map((e) => e.id)
    expect(members.length).toBeGreaterThan(0)
    const rows = await waiting()
    for (const id of members)
      expect(rows.get(id)).toBe(`Waiting for a submission from ${nameOf(parentManager)}`)

    // Every planner below the parent submits (HR, bottom up); then the parent's manager may submit: the
    // team without a planner holds nothing up.
    const holders = below(parent.id)
      .reverse()
      .map((t) => t.managerId)
      .filter((id): id is number => id !== null && id !== middle.managerId)
    expect(holders.length).toBeGreaterThan(0)
    for (const id of new Set(holders)) {
      const result = await backend.dispatcher.dispatch('submissions.submit', {
        plannerEmployeeId: id,
        comments: 'HR',
      })
      // Submitted now, or already (a submission further down covered this planner).
      expect(result.ok ? 'submitted' : result.error.message).toMatch(/^submitted$|has already submitted\.$/)
    }
    const afterBelow = await waiting()
    for (const id of members)
      expect(afterBelow.get(id)).toBe(`Waiting for a submission from ${nameOf(parentManager)}`)
    await actAs(users.find((u) => u.employeeId === parentManager)?.email ?? '')
    const own = await call<PlannerSubmissionDto>('submissions.submit', {
      plannerEmployeeId: null,
      comments: 'Done',
    })
    expect(own.submissionType).toBe('PLANNER')
    await actAs(null)
    const afterParent = await waiting()
    for (const id of members)
      expect(afterParent.get(id) ?? '').not.toBe(`Waiting for a submission from ${nameOf(parentManager)}`)

    // Undo gives the team its manager back, and with it a planner on the card.
    await call('orgChart.restore', { snapshot: dropped.before })
    expect((await card(parent.id, middle.id))?.plannerId).toBe(middle.managerId)
  })
})

describe('a team whose parent is gone, and a parent cycle', () => {
  it('a team whose parent row is missing is a top team in Planner Status and the org chart', async () => {
    const child = teams.find((t) => t.parentTeamId !== null && t.managerId !== null) as TeamDto
    await backend.session.close()
    const workbook = await openWorkbook(file)
    // A damaged or hand-edited file: the parent id names no team (foreign keys off for the edit).
    workbook.sqlite.pragma('foreign_keys = OFF')
    workbook.sqlite.prepare('UPDATE team SET parent_team_id = 99999 WHERE id = ?').run(child.id)
    workbook.sqlite.prepare('DELETE FROM planner_submission').run()
    await workbook.close()
    await actAs(null)
    const tops = (await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 0 })).tops
    expect(tops.map((t) => t.id)).toContain(child.id)
    const root = await call<OrgChartView>('orgChart.view', { teamId: null, offset: 0, limit: 10 })
    expect(root.subTeams.map((t) => t.id)).toContain(child.id)
    // Its rows wait only for planners of it and of the teams below it, never for the old parent's.
    const planners = new Set(
      [child, ...below(child.id)].map((t) => `Waiting for a submission from ${nameOf(t.managerId ?? 0)}`),
    )
    const employees = await call<EmployeeDto[]>('employees.list', {})
    const rows = await waiting()
    const members = employees.filter((e) => e.teamId === child.id)
    const waitingMembers = members.filter((e) => rows.has(e.id))
    expect(waitingMembers.length).toBeGreaterThan(0)
    for (const e of waitingMembers) expect(planners).toContain(rows.get(e.id))
    await backend.session.close()
    const repair = await openWorkbook(file)
    repair.sqlite.prepare('UPDATE team SET parent_team_id = ? WHERE id = ?').run(child.parentTeamId, child.id)
    await repair.close()
    await actAs(null)
  })

  it('a parent cycle is cut at its lowest id: rows wait only for planners Planner Status shows above them', async () => {
    const top = teams.find((t) => t.parentTeamId === null) as TeamDto
    const child = teams.find((t) => t.parentTeamId === top.id && t.managerId !== null) as TeamDto
    expect(top.id).toBeLessThan(child.id)
    await backend.session.close()
    const workbook = await openWorkbook(file)
    workbook.sqlite.prepare('UPDATE team SET parent_team_id = ? WHERE id = ?').run(child.id, top.id)
    await workbook.close()
    await actAs(null)
    // The tree is cut at the lower id: the top team stays on top, its child below it.
    const status = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 1 })
    expect(status.tops.map((t) => t.id)).toContain(top.id)
    expect(status.tops.find((t) => t.id === top.id)?.children.map((c) => c.id)).toContain(child.id)
    // With the top team's planner submitted, its own rows wait for nobody: the child's planner is below it.
    const topPlanner = top.managerId as number
    const result = await backend.dispatcher.dispatch('submissions.submit', {
      plannerEmployeeId: topPlanner,
      comments: 'Top',
    })
    // Submitted now, or already (a submission further down covered this planner).
    expect(result.ok ? 'submitted' : result.error.message).toMatch(/^submitted$|has already submitted\.$/)
    const employees = await call<EmployeeDto[]>('employees.list', {})
    const rows = await waiting()
    const topRows = employees.filter((e) => e.teamId === top.id)
    expect(topRows.length).toBeGreaterThan(0)
    for (const e of topRows) expect(rows.get(e.id)).toBeUndefined()
    // The Compensation Table reads the same hierarchy.
    const page = await call<TablePage>('table.query', tableQuery({ limit: 500 }))
    const shown = page.rows.filter((r) => topRows.some((e) => e.id === r.id))
    expect(shown.length).toBe(topRows.length)
    for (const row of shown)
      expect(row.violations.filter((v) => v.rule === 'subPlannerNotSubmitted')).toEqual([])
  })
})
