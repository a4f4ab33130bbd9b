import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import path from 'node:path'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { RecordChange, SyncChange, SyncFeedPage } from '../../src-shared/contract/sync-dto'
import { csvField } from '../../src-shared/domain/csv-format'
import { todayIso } from '../../src-shared/domain/pay-cycles'
import { cli } from '../support/cli'
import { joinDesktop, type Desktop } from '../support/replica'
import { tempDir } from '../support/temp'
import { clientOf, PASSWORD, publishedDemo } from './company-fixture'
import { listen, testServer } from './support'

/**
 * Every server-side write that desktops replicate appends a change to the company's feed in its own
 * transaction (docs/sync.md): employees, teams and budgets, pay ranges, pay cycle configurations,
 * users, an import, the merit matrix's save. A replica reads past the kinds it does not apply yet.
 */
const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let file: string
let snapshot: CompanySnapshot
let owner: string
let manager: string
let managerEmail: string
let inTeam: number
let outside: number
let last = 0

type Employee = CompanySnapshot['employees'][number]

/** The feed after `after` as `token` sees it. */
const feed = async (token: string, after: number) => {
  const answer = await call(token, 'GET', `/api/sync/changes/?after=${after}`)
  expect(answer.statusCode).toBe(200)
  return answer.json<SyncFeedPage>()
}

/** The owner's new changes since the last look, without who and when. */
async function newChanges(): Promise<Omit<RecordChange, 'seq' | 'user' | 'user_email' | 'at'>[]> {
  const page = await feed(owner, last)
  last = page.last
  return page.changes.map((c: SyncChange) => {
    const { seq: _s, user: _u, user_email: _e, at: _a, ...rest } = c
    return rest as Omit<RecordChange, 'seq' | 'user' | 'user_email' | 'at'>
  })
}

beforeAll(async () => {
  ;({ file, snapshot, owner } = await publishedDemo(server, dir, {
    employees: 120,
    seed: 21,
    company: 'Acme',
  }))
  const managerUser = snapshot.users.find(
    (u) =>
      u.role === 'MANAGER' &&
      u.employee_id !== null &&
      snapshot.teams.some((t) => t.manager_id === u.employee_id),
  ) as CompanySnapshot['users'][number]
  managerEmail = managerUser.email
  manager = await signIn(managerEmail)
  const visible = new Set((await call(manager, 'GET', '/api/employees/')).json<Employee[]>().map((e) => e.id))
  const plain = (e: Employee) =>
    !snapshot.teams.some((t) => t.manager_id === e.id || t.planner_id === e.id) &&
    !snapshot.users.some((u) => u.employee_id === e.id)
  inTeam = snapshot.employees.find(
    (e) => visible.has(e.id) && e.id !== managerUser.employee_id && plain(e),
  )!.id
  outside = snapshot.employees.find((e) => !visible.has(e.id) && plain(e))!.id
  last = (await feed(owner, 0)).last
})

describe('the feed records company records changed on the server', () => {
  it('an employee edit, seen by a manager only for their teams’ people', async () => {
    const before = last
    const team = (id: number) => snapshot.employees.find((e) => e.id === id)!.team_id
    expect(
      (await call(owner, 'PUT', `/api/employees/${inTeam}/`, { jobTitle: 'Chief Tester' })).statusCode,
    ).toBe(200)
    expect(
      (await call(owner, 'PUT', `/api/employees/${outside}/`, { currentSalary: '70000' })).statusCode,
    ).toBe(200)
    expect(await newChanges()).toEqual([
      {
        kind: 'employee',
        entity_id: inTeam,
        team_ids: [team(inTeam)],
        values: { job_title: 'Chief Tester' },
      },
      {
        kind: 'employee',
        entity_id: outside,
        team_ids: [team(outside)],
        values: { current_salary: 70_000_00 },
      },
    ])
    const seen = (await feed(manager, before)).changes
    expect(seen.map((c) => (c as RecordChange).entity_id)).toEqual([inTeam])
    // Nothing changed: nothing recorded.
    expect(
      (await call(owner, 'PUT', `/api/employees/${inTeam}/`, { jobTitle: 'Chief Tester' })).statusCode,
    ).toBe(200)
    expect(await newChanges()).toEqual([])
  })

  it('a team budget, a new team with its members, and a removed team', async () => {
    const members = new Map<number, number[]>()
    for (const e of snapshot.employees)
      if (e.team_id !== null) members.set(e.team_id, [...(members.get(e.team_id) ?? []), e.id])
    const team = snapshot.teams.find((t) => (members.get(t.id)?.length ?? 0) >= 3)!
    expect(
      (await call(owner, 'PUT', `/api/teams/${team.id}/`, { budget: 500_000_00, budget_currency: 'USD' }))
        .statusCode,
    ).toBe(200)
    expect(await newChanges()).toEqual([
      {
        kind: 'team',
        entity_id: team.id,
        team_ids: [],
        values: { budget: 500_000_00, budget_currency: 'USD' },
      },
    ])
    const mover = members.get(team.id)!.find((id) => !snapshot.teams.some((t) => t.manager_id === id))!
    const created = (
      await call(owner, 'POST', '/api/teams/', {
        name: 'Tiger Team',
        parent_team_id: team.id,
        members: [mover],
      })
    ).json<{ id: number }>()
    const [made] = await newChanges()
    expect(made).toMatchObject({
      kind: 'team',
      entity_id: created.id,
      values: {
        name: 'Tiger Team',
        parent_team_id: team.id,
        moved: [{ team_id: created.id, employee_ids: [mover] }],
      },
    })
    expect((await call(owner, 'DELETE', `/api/teams/${created.id}/`)).statusCode).toBe(200)
    expect(await newChanges()).toEqual([
      {
        kind: 'team.deleted',
        entity_id: created.id,
        team_ids: [],
        values: { teams: [], moved: [{ team_id: team.id, employee_ids: [mover] }] },
      },
    ])
  })

  it('a pay range and the pay cycle configurations', async () => {
    const range = snapshot.payRanges[0]
    await call(owner, 'PUT', `/api/payranges/${range.id}/`, { max_pay: range.max_pay + 100 })
    expect(await newChanges()).toEqual([
      { kind: 'pay_range', entity_id: range.id, team_ids: [], values: { max_pay: range.max_pay + 100 } },
    ])
    const cycles = (await call(owner, 'GET', '/api/paycycle/config/')).json<
      {
        id: number
        active: boolean
        name: string
        default_currency: string
        currency_conversions: object
        settings: object
      }[]
    >()
    const active = cycles.find((c) => c.active)!
    expect(
      (await call(owner, 'PUT', `/api/paycycle/config/${active.id}/`, { name: 'Renamed Cycle' })).statusCode,
    ).toBe(200)
    expect(await newChanges()).toEqual([
      expect.objectContaining({
        kind: 'pay_cycle',
        entity_id: active.id,
        values: expect.objectContaining({ name: 'Renamed Cycle', active: true }),
      }),
    ])
    const made = await call(owner, 'POST', '/api/paycycle/config/', {
      name: 'Next Cycle',
      effective_date: todayIso(new Date(Date.now() + 30 * 86_400_000)),
      default_currency: active.default_currency,
      currency_conversions: active.currency_conversions,
      settings: active.settings,
    })
    expect(made.statusCode).toBe(200)
    const next = made.json<{ id: number }>().id
    const all = await newChanges()
    // The rest are the plans the new cycle cleared (issue 36): rewards and team budgets.
    expect(new Set(all.map((c) => c.kind))).toEqual(new Set(['pay_cycle', 'reward', 'team']))
    const changes = all.filter((c) => c.kind === 'pay_cycle')
    expect(changes).toHaveLength(2)
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'pay_cycle',
          entity_id: active.id,
          values: expect.objectContaining({ active: false }),
        }),
        expect.objectContaining({
          kind: 'pay_cycle',
          entity_id: next,
          values: expect.objectContaining({
            name: 'Next Cycle',
            active: true,
            employees_followed_from: active.id,
          }),
        }),
      ]),
    )
    expect((await call(owner, 'DELETE', `/api/paycycle/config/${active.id}/`)).statusCode).toBe(409)
    expect(await newChanges()).toEqual([])
  })

  it('users, seen only by admin roles', async () => {
    const before = last
    const created = (
      await call(owner, 'POST', '/api/users/', {
        email: 'new.planner@acme.test',
        role: 'PLANNER',
        name: 'New Planner',
      })
    ).json<{ id: number }>()
    await call(owner, 'PUT', `/api/users/${created.id}/`, { role: 'ADMIN' })
    await call(owner, 'DELETE', `/api/users/${created.id}/`)
    const user = { email: 'new.planner@acme.test', name: 'New Planner', employee_id: null }
    expect(await newChanges()).toEqual([
      { kind: 'user', entity_id: created.id, team_ids: [], values: { ...user, role: 'PLANNER' } },
      { kind: 'user', entity_id: created.id, team_ids: [], values: { ...user, role: 'ADMIN' } },
      {
        kind: 'user.deleted',
        entity_id: created.id,
        team_ids: [],
        values: { email: 'new.planner@acme.test' },
      },
    ])
    expect((await feed(manager, before)).changes).toEqual([])
  })

  it('an employee removed, with what it unlinked', async () => {
    const gone = snapshot.employees.find(
      (e) => e.id !== inTeam && e.id !== outside && !snapshot.users.some((u) => u.employee_id === e.id),
    )!
    expect((await call(owner, 'DELETE', `/api/employees/${gone.id}/`)).statusCode).toBe(200)
    const [removed] = await newChanges()
    expect(removed).toMatchObject({
      kind: 'employee.deleted',
      entity_id: gone.id,
      team_ids: [gone.team_id],
      values: {
        managed_team_ids: snapshot.teams.filter((t) => t.manager_id === gone.id).map((t) => t.id),
        user_ids: [],
      },
    })
  })

  it('an import and the merit matrix’s save, one change each', async () => {
    const out = path.join(dir, 'acme.csv')
    expect((await cli('export', file, out)).code).toBe(0)
    const rows = parse(fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
    }) as string[][]
    const csv = rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
    const imported = await call(owner, 'POST', '/api/import/data/', { data: csv })
    expect(imported.json()).toMatchObject({ status: 'imported' })
    const [change] = await newChanges()
    expect(change).toMatchObject({ kind: 'import', entity_id: null, values: { rows: rows.length - 1 } })
    const matrix = {
      performance_multiplier_priority: 60,
      position_in_range_priority: 40,
      max_position_in_range: 1.2,
      // The new cycle made above has no company merit budget.
      desired_budget: 1_000_000_00,
      cell: null,
    }
    // "recommended" counts the employees given a recommendation: those the calculation allocates to.
    const preview = await call(owner, 'POST', '/api/calculate-matrix/', { ...matrix, per_employee: true })
    const allocated = preview.json<{ employees: unknown[] }>().employees.length
    expect(allocated).toBeGreaterThan(0)
    const saved = await call(owner, 'POST', '/api/calculate-matrix/', { ...matrix, save: true })
    expect(saved.json()).toMatchObject({ recommended: allocated })
    expect(await newChanges()).toEqual([
      expect.objectContaining({
        kind: 'matrix',
        entity_id: null,
        values: expect.objectContaining({
          hyperbalance_config: expect.objectContaining({ position_in_range_priority: 40 }),
          recommended: allocated,
        }),
      }),
    ])
  })
})

describe('calculated budgets', () => {
  it('POST /calculate-budget/ stores every team’s figures and records one change for them', async () => {
    const answer = await call(owner, 'POST', '/api/calculate-budget/')
    expect(answer.statusCode).toBe(200)
    const teams = (await call(owner, 'GET', '/api/teams/')).json<unknown[]>().length
    expect(await newChanges()).toEqual([
      {
        kind: 'budgets',
        entity_id: null,
        team_ids: [],
        values: {
          recommended_budget: answer.json<{ recommended_budget: number | null }>().recommended_budget,
          teams,
        },
      },
    ])
  })
})

describe('a replica following the feed', () => {
  let desktop: Desktop
  afterAll(async () => desktop?.close())

  it('reads past record changes and goes on applying reward changes after them', async () => {
    const url = await listen(server())
    desktop = await joinDesktop(url, managerEmail, PASSWORD)
    await call(owner, 'PUT', `/api/employees/${inTeam}/`, { jobTitle: 'Lead Tester' })
    await call(owner, 'PUT', `/api/employeerewards/${inTeam}/`, { comments: 'After the record change' })
    await desktop.engine.syncUntilIdle()
    expect(desktop.online).toBe(true)
    const reward = await desktop.session
      .workbook!.db.selectFrom('reward')
      .select('comments')
      .where('employee_id', '=', inTeam)
      .executeTakeFirst()
    expect(reward?.comments).toBe('After the record change')
  })
})
