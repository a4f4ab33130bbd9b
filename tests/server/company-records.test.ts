import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { IMPORT_VALUE_MESSAGES } from '../../src-shared/domain/import-values'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import {
  EFFECTIVE_DATE_BEFORE_TODAY,
  FIELD_REQUIRED,
  MIN_ABOVE_MAX,
  PAY_CYCLE_CLOSED,
  todayIso,
} from '../../src-shared/domain/pay-cycles'
import { createCompany } from '../../src-server/routes/company'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
let snapshot: CompanySnapshot
let owner: string
let ownerEmployeeId: number
let manager: string
let managerUser: CompanySnapshot['users'][number]
let globex: string

type Employee = CompanySnapshot['employees'][number]
type Team = CompanySnapshot['teams'][number]

const employees = async () =>
  new Map(
    (await call(owner, 'GET', '/api/employees/')).json<(Employee & { id: number })[]>().map((e) => [e.id, e]),
  )
const teams = async () =>
  new Map((await call(owner, 'GET', '/api/teams/')).json<Team[]>().map((t) => [t.id, t]))
const dayFrom = (days: number) => todayIso(new Date(Date.now() + days * 86_400_000))

beforeAll(async () => {
  ;({ snapshot, owner } = await publishedDemo(server, tempDir(), {
    employees: 200,
    seed: 11,
    company: 'Acme',
  }))
  ownerEmployeeId = snapshot.users.find((u) => u.role === 'OWNER')?.employee_id as number
  // A manager of a team below the top, who plans (their plan is not submitted).
  const submitted = new Set(snapshot.submissions.map((s) => s.planner_employee_id))
  managerUser = snapshot.users.find(
    (u) =>
      u.role === 'MANAGER' &&
      u.employee_id !== null &&
      !submitted.has(u.employee_id) &&
      snapshot.teams.some((t) => t.manager_id === u.employee_id && t.parent_team_id !== null),
  ) as CompanySnapshot['users'][number]
  manager = await signIn(managerUser.email)
  await createCompany(server().context, {
    companyName: 'Globex',
    ownerEmail: 'owner@globex.test',
    ownerName: 'Globex Owner',
  })
  globex = await signIn('owner@globex.test')
})

describe('PUT /employees/{id}/', () => {
  it('saves fields given as text, parsed with the import’s rules, and says which', async () => {
    const target = snapshot.employees.find(
      (e) => e.id !== ownerEmployeeId && !snapshot.teams.some((t) => t.manager_id === e.id),
    ) as Employee
    const profile = snapshot.jobProfiles.find(
      (j) => j.id !== target.job_profile_id,
    ) as CompanySnapshot['jobProfiles'][0]
    const saved = await call(owner, 'PUT', `/api/employees/${target.id}/`, {
      name: 'Ada Renamed',
      currentSalary: '80,000.50',
      jobCode: profile.job_code,
      salaried: 'yes',
    })
    expect(saved.statusCode).toBe(200)
    const body = saved.json<{ message: string; record: { values: Record<string, string> } }>()
    expect(body.message).toBe(`Saved Name, Current Base Pay (Country Currency), Job Code of ${target.name}`)
    expect(body.record.values).toMatchObject({
      name: 'Ada Renamed',
      currentSalary: '80000.50',
      jobCode: profile.job_code,
    })
    const stored = (await employees()).get(target.id) as Employee
    expect(stored).toMatchObject({
      name: 'Ada Renamed',
      current_salary: 8_000_050,
      job_profile_id: profile.id,
    })
    const nothing = await call(owner, 'PUT', `/api/employees/${target.id}/`, { name: 'Ada Renamed' })
    expect(nothing.json()).toMatchObject({ message: 'Nothing changed.' })
  })

  it('refuses values that do not parse (every error, naming the field), unknown fields and unknown job codes', async () => {
    const target = snapshot.employees.find((e) => e.id !== ownerEmployeeId) as Employee
    const stored = (await employees()).get(target.id) as Employee
    const bad = await call(owner, 'PUT', `/api/employees/${target.id}/`, { currentSalary: 'abc', fte: '2' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      detail: `${stored.name} (${stored.company_employee_id}): Current Base Pay (Country Currency): ${IMPORT_VALUE_MESSAGES.InvalidNumber} ("abc"); FTE: must be above 0 and at most 1 ("2")`,
    })
    expect((await call(owner, 'PUT', `/api/employees/${target.id}/`, { salary: '1' })).statusCode).toBe(400)
    expect(
      (await call(owner, 'PUT', `/api/employees/${target.id}/`, { jobCode: 'NO-SUCH-CODE' })).json(),
    ).toMatchObject({
      detail: `${stored.name} (${stored.company_employee_id}): Job Code "NO-SUCH-CODE" names no job profile`,
    })
  })

  it('is for admin roles, and within the caller’s company only', async () => {
    const target = snapshot.employees[3]
    expect((await call(manager, 'PUT', `/api/employees/${target.id}/`, { name: 'X' })).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not change employees.',
    })
    expect((await call(globex, 'PUT', `/api/employees/${target.id}/`, { name: 'X' })).json()).toMatchObject({
      detail: `No employee has the id ${target.id}.`,
    })
    expect((await employees()).get(target.id)?.name).not.toBe('X')
  })
})

describe('DELETE /employees/{id}/', () => {
  it('deletes the employee with their reward; their teams, reports and user are unlinked', async () => {
    const victim = snapshot.users.find(
      (u) =>
        u.role === 'MANAGER' &&
        u.employee_id !== null &&
        u.email !== managerUser.email &&
        snapshot.teams.some((t) => t.manager_id === u.employee_id),
    ) as CompanySnapshot['users'][number]
    const id = victim.employee_id as number
    const team = snapshot.teams.find((t) => t.manager_id === id) as Team
    const name = snapshot.employees.find((e) => e.id === id)?.name
    const deleted = await call(owner, 'DELETE', `/api/employees/${id}/`)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json<{ message: string }>().message).toMatch(
      new RegExp(`^Deleted ${name} \\(.+\\); their history is kept in the change history\\.$`),
    )
    expect((await employees()).has(id)).toBe(false)
    expect((await teams()).get(team.id)?.manager_id).toBeNull()
    const rewards = (await call(owner, 'GET', '/api/employeerewards/')).json<{ employee_id: number }[]>()
    expect(rewards.some((r) => r.employee_id === id)).toBe(false)
    const users = (await call(owner, 'GET', '/api/users/')).json<
      { email: string; employee_id: number | null }[]
    >()
    expect(users.find((u) => u.email === victim.email)?.employee_id).toBeNull()
    expect((await call(owner, 'DELETE', `/api/employees/${id}/`)).statusCode).toBe(404)
  })

  it('refuses one’s own record, a role without the right, another company, an id that is no number', async () => {
    expect((await call(owner, 'DELETE', `/api/employees/${ownerEmployeeId}/`)).json()).toMatchObject({
      detail: 'You cannot delete your own employee record.',
    })
    const target = snapshot.employees.find((e) => e.id !== ownerEmployeeId) as Employee
    expect((await call(manager, 'DELETE', `/api/employees/${target.id}/`)).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not delete employees.',
    })
    expect((await call(globex, 'DELETE', `/api/employees/${target.id}/`)).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', '/api/employees/first/')).statusCode).toBe(400)
    expect((await employees()).has(target.id)).toBe(true)
  })
})

describe('POST and DELETE /teams/', () => {
  it('a new team under a parent: its manager joins the parent, its members move in', async () => {
    const before = await employees()
    const parent = snapshot.teams.find((t) => t.parent_team_id === null) as Team
    const [managerId, ...members] = [...before.values()]
      .filter((e) => e.id !== ownerEmployeeId && !snapshot.teams.some((t) => t.manager_id === e.id))
      .slice(0, 3)
      .map((e) => e.id)
    const created = await call(owner, 'POST', '/api/teams/', {
      name: 'Platform',
      parent_team_id: parent.id,
      manager_id: managerId,
      members,
    })
    expect(created.statusCode).toBe(200)
    const team = created.json<Team>()
    expect(team).toMatchObject({ name: 'Platform', parent_team_id: parent.id, manager_id: managerId })
    const after = await employees()
    expect(after.get(managerId)?.team_id).toBe(parent.id)
    for (const m of members) expect(after.get(m)?.team_id).toBe(team.id)
    const unnamed = await call(owner, 'POST', '/api/teams/', {})
    expect(unnamed.json()).toMatchObject({ name: 'Unnamed Team', parent_team_id: null })
  })

  it('deleting a team moves its sub-teams and members up to its parent', async () => {
    const all = await teams()
    const middle = [...all.values()].find(
      (t) =>
        t.parent_team_id !== null &&
        t.manager_id !== managerUser.employee_id &&
        [...all.values()].some((s) => s.parent_team_id === t.id),
    ) as Team
    const children = [...all.values()].filter((t) => t.parent_team_id === middle.id).map((t) => t.id)
    const members = [...(await employees()).values()].filter((e) => e.team_id === middle.id).map((e) => e.id)
    const deleted = await call(owner, 'DELETE', `/api/teams/${middle.id}/`)
    expect(deleted.statusCode).toBe(200)
    const after = await teams()
    expect(after.has(middle.id)).toBe(false)
    for (const id of children) expect(after.get(id)?.parent_team_id).toBe(middle.parent_team_id)
    const people = await employees()
    for (const id of members) expect(people.get(id)?.team_id).toBe(middle.parent_team_id)
  })

  it('refuses unknown parents and fields, a role without the org chart, and another company’s teams', async () => {
    expect((await call(owner, 'POST', '/api/teams/', { parent_team_id: 999_999 })).json()).toMatchObject({
      detail: 'parent_team_id: No team has the id 999999.',
    })
    expect((await call(owner, 'POST', '/api/teams/', { colour: 'red' })).statusCode).toBe(400)
    expect((await call(manager, 'POST', '/api/teams/', { name: 'Mine' })).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not change teams.',
    })
    const team = snapshot.teams[0]
    expect((await call(manager, 'DELETE', `/api/teams/${team.id}/`)).statusCode).toBe(403)
    expect((await call(globex, 'DELETE', `/api/teams/${team.id}/`)).json()).toMatchObject({
      detail: `No team has the id ${team.id}.`,
    })
    expect((await call(globex, 'POST', '/api/teams/', { parent_team_id: team.id })).statusCode).toBe(400)
    expect((await teams()).has(team.id)).toBe(true)
  })
})

describe('POST, PUT and DELETE /paycycle/config/', () => {
  type Cycle = {
    id: number
    name: string
    active: boolean
    closed_at: string | null
    settings: Record<string, unknown>
  }
  const cycles = async () => (await call(owner, 'GET', '/api/paycycle/config/')).json<Cycle[]>()
  const first = () => snapshot.payCycles.find((c) => c.active) as CompanySnapshot['payCycles'][number]
  const config = (name: string) => ({
    name,
    effective_date: dayFrom(30),
    company_merit_budget: 50_000_000,
    default_currency: 'USD',
    currency_conversions: { EUR: 0.9 },
    settings: first().settings,
  })

  it('a new configuration is saved active, the active one closes, and employees follow it', async () => {
    const created = await call(owner, 'POST', '/api/paycycle/config/', config('2027 Merit'))
    expect(created.statusCode).toBe(200)
    const body = created.json<Cycle & { message: string }>()
    expect(body).toMatchObject({ name: '2027 Merit', active: true, message: 'Successfully saved 2027 Merit' })
    const list = await cycles()
    const old = list.find((c) => c.id === first().id) as Cycle
    expect(old).toMatchObject({ active: false })
    expect(old.closed_at).not.toBeNull()
    const moved = [...(await employees()).values()].filter((e) => e.pay_cycle_id === first().id)
    expect(moved).toEqual([])
  })

  it('refuses what the editor refuses, naming the field', async () => {
    expect(
      (
        await call(owner, 'POST', '/api/paycycle/config/', { ...config('Late'), effective_date: dayFrom(-3) })
      ).json(),
    ).toMatchObject({ detail: `Effective date: ${EFFECTIVE_DATE_BEFORE_TODAY}` })
    expect((await call(owner, 'POST', '/api/paycycle/config/', { ...config('  ') })).json()).toMatchObject({
      detail: `name: ${FIELD_REQUIRED}`,
    })
    const active = (await cycles()).find((c) => c.active) as Cycle
    const crossed = await call(owner, 'PUT', `/api/paycycle/config/${active.id}/`, {
      settings: { ...first().settings, minPercentIncrease: 9, maxPercentIncrease: 3 },
    })
    expect(crossed.json()).toMatchObject({ detail: `minPercentIncrease: ${MIN_ABOVE_MAX}` })
  })

  it('active false closes the cycle and locks planners; active true reopens it', async () => {
    const active = (await cycles()).find((c) => c.active) as Cycle
    const closed = await call(owner, 'PUT', `/api/paycycle/config/${active.id}/`, { active: false })
    expect(closed.json()).toMatchObject({ active: false, message: PAY_CYCLE_CLOSED })
    const visible = (await call(manager, 'GET', '/api/employees/')).json<Employee[]>()
    const mine = visible.find((e) => e.id !== managerUser.employee_id) as Employee
    const locked = await call(manager, 'PUT', `/api/employeerewards/${mine.id}/`, { lump_sum: 100 })
    expect(locked.json()).toMatchObject({ detail: CYCLE_CLOSED })
    const reopened = await call(owner, 'PUT', `/api/paycycle/config/${active.id}/`, { active: true })
    expect(reopened.json()).toMatchObject({ active: true, closed_at: null })
    expect(
      (await call(manager, 'PUT', `/api/employeerewards/${mine.id}/`, { lump_sum: 100 })).statusCode,
    ).toBe(200)
  })

  it('removes an inactive configuration without submissions; never the active one or one planners submitted in', async () => {
    const active = (await cycles()).find((c) => c.active) as Cycle
    expect((await call(owner, 'DELETE', `/api/paycycle/config/${active.id}/`)).statusCode).toBe(409)
    expect((await call(owner, 'DELETE', `/api/paycycle/config/${first().id}/`)).json()).toMatchObject({
      detail: `Planners have submitted in "${first().name}"; it cannot be removed.`,
    })
    await call(owner, 'POST', '/api/paycycle/config/', config('2028 Merit'))
    const removed = await call(owner, 'DELETE', `/api/paycycle/config/${active.id}/`)
    expect(removed.statusCode).toBe(200)
    expect((await cycles()).some((c) => c.id === active.id)).toBe(false)
  })

  it('is for admin roles and the caller’s company only', async () => {
    const active = (await cycles()).find((c) => c.active) as Cycle
    expect((await call(manager, 'POST', '/api/paycycle/config/', config('Mine'))).json()).toMatchObject({
      detail: 'Your role (MANAGER) may not create pay cycles.',
    })
    expect(
      (await call(manager, 'PUT', `/api/paycycle/config/${active.id}/`, { active: false })).statusCode,
    ).toBe(403)
    expect(
      (await call(globex, 'PUT', `/api/paycycle/config/${active.id}/`, { active: false })).statusCode,
    ).toBe(404)
    expect((await call(globex, 'DELETE', `/api/paycycle/config/${active.id}/`)).statusCode).toBe(404)
    expect((await cycles()).find((c) => c.id === active.id)?.active).toBe(true)
  })
})
