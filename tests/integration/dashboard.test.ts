import path from 'node:path'
import type {
  DashboardStats,
  DashboardSummary,
  EmployeeDto,
  IncreaseTablePage,
  ManagerBudgetLevel,
  RewardDto,
  TablePage,
  TableRow,
  UserDto,
} from '../../src-shared/contract'
import { categoryGroup } from '../../src-shared/domain/demographics'
import { boxPlot, topOverUnder } from '../../src-shared/domain/statistics'
import { cli } from '../support/cli'
import { addUser, testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'dashboard.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function reopenAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

const summary = () => call<DashboardSummary>('dashboard.summary', { viewAsEmployeeId: null })

/** Every row the acting user's table shows. */
async function tableRows(): Promise<TableRow[]> {
  const rows: TableRow[] = []
  for (let offset = 0; ; offset += 500) {
    const page = await call<TablePage>('table.query', tableQuery({ offset }))
    rows.push(...page.rows)
    if (rows.length >= page.total) return rows
  }
}

const withoutOutlierList = (stats: ReturnType<typeof boxPlot>) =>
  stats && { ...stats, outliers: stats.outliers.length }

let managerEmail = ''

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '5')).code).toBe(0)
  await addUser(file, 'comms@example.test', 'COMM_MANAGER')
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  const users = await call<UserDto[]>('users.list', {})
  managerEmail = (users.find((u) => u.role === 'MANAGER' && u.employeeId != null) as UserDto).email
})

describe('dashboard.summary as an admin role (Summary & Dashboard (HR))', () => {
  it("is the company: every employee, compa-ratio boxes as the domain's boxPlot computes them", async () => {
    await reopenAs(null)
    const s = await summary()
    const rows = await tableRows()
    expect(s.scope).toMatchObject({ kind: 'company', employees: 300, viewingAs: null })
    expect(s.defaultCurrency).toBe('USD')
    expect(s.compa.all).toHaveLength(1)
    expect(s.compa.all[0].before).toEqual(withoutOutlierList(boxPlot(rows.map((r) => r.compaRatio))))

    // Gender groups: as written, 'Unknown' for missing, each employee with a compa ratio once.
    const employees = await call<EmployeeDto[]>('employees.list', {})
    const genders = new Set(employees.map((e) => categoryGroup(e.gender)))
    expect(new Set(s.compa.gender.map((g) => g.name))).toEqual(genders)
    const counted = s.compa.gender.reduce((n, g) => n + (g.before?.count ?? 0), 0)
    expect(counted).toBe(rows.filter((r) => r.compaRatio !== null).length)
    expect(s.compa.age.every((g) => /^\d+-\d+$/.test(g.name) || g.name === 'Unknown')).toBe(true)
  })

  it('counts planned increases, ranks the top over / under by actual − recommended_increase_per', async () => {
    const s = await summary()
    const rows = await tableRows()
    const planned = rows.filter((r) => r.salaryIncrease !== null)
    expect(planned.length).toBeGreaterThan(0)
    expect(s.increases.planned).toBe(planned.length)
    expect(s.increases.unplanned).toBe(300 - planned.length)
    const { bins, below, above } = s.increases.histogram
    expect(bins.reduce((n, b) => n + b.count, 0) + below + above).toBe(planned.length)
    expect(s.increases.narrative[0]).toContain(`${planned.length} employees have a planned salary increase`)

    const rewards = new Map(
      (await call<RewardDto[]>('rewards.list', {})).map((r) => [r.employeeId, r.recommendedIncreasePer]),
    )
    const expected = topOverUnder(
      planned.map((r) => ({
        id: r.id,
        actualIncreasePercent: r.salaryIncrease,
        recommendedIncreasePer: rewards.get(r.id) ?? null,
      })),
    )
    expect(s.topOverUnder.over.map((r) => r.id)).toEqual(expected.over.map((r) => r.item.id))
    expect(s.topOverUnder.under.map((r) => r.id)).toEqual(expected.under.map((r) => r.item.id))
    expect(s.topOverUnder.over.length).toBeLessThanOrEqual(10)

    // The scatter: every planned employee with a compa ratio (fewer than the sampling limit).
    const drawn = planned.filter((r) => r.compaRatio !== null)
    expect(s.scatter.total).toBe(drawn.length)
    expect([...s.scatter.ids].sort((a, b) => a - b)).toEqual(drawn.map((r) => r.id).sort((a, b) => a - b))
  })

  it('measures the company merit budget against all planned spend, and the flow starts from it', async () => {
    const s = await summary()
    const cycle = (
      await call<{ active: boolean; companyMeritBudget: number | null }[]>('payCycles.list', {})
    ).find((c) => c.active)
    expect(s.budgetUsed.budget).toBe(cycle?.companyMeritBudget)
    expect(s.budgetUsed.percent).toBeCloseTo((s.budgetUsed.used * 100) / (s.budgetUsed.budget as number), 9)
    expect(s.budgetUsed.color).toBe('green')
    const root = s.budgetFlow.nodes[0]
    expect(root.kind).toBe('root')
    const fromRoot = s.budgetFlow.links.filter((l) => l.source === 0).reduce((n, l) => n + l.value, 0)
    expect(fromRoot).toBe(s.budgetUsed.budget)
    expect(Math.max(...s.budgetFlow.nodes.map((n) => n.level ?? 0))).toBeLessThanOrEqual(3)
  })

  it('follows an edit in the table without a reload', async () => {
    const before = await summary()
    const rows = await tableRows()
    const row = rows.find((r) => r.salaryIncrease === null && r.currentSalary > 0 && r.editable) as TableRow
    await call('rewards.update', {
      updates: [{ employeeId: row.id, changes: { newSalary: row.currentSalary * 2 } }],
    })
    const after = await summary()
    expect(after.increases.planned).toBe(before.increases.planned + 1)
    expect(after.budgetUsed.used).toBeGreaterThan(before.budgetUsed.used)
    expect(after.scatter.ids).toContain(row.id)
    await call('rewards.update', { updates: [{ employeeId: row.id, changes: { newSalary: null } }] })
    expect((await summary()).increases.planned).toBe(before.increases.planned)
  })

  it('dashboard.stats is the box plots’ figures; the pay-equity view comes from the same boxes', async () => {
    const s = await summary()
    for (const grouping of ['gender', 'age'] as const) {
      const before = await call<DashboardStats>('dashboard.stats', {
        viewAsEmployeeId: null,
        metric: 'compaRatio',
        grouping,
      })
      expect(before.groups).toEqual(s.compa[grouping].map((g) => ({ name: g.name, summary: g.before })))
      const after = await call<DashboardStats>('dashboard.stats', {
        viewAsEmployeeId: null,
        metric: 'newCompaRatio',
        grouping,
      })
      expect(after.groups).toEqual(s.compa[grouping].map((g) => ({ name: g.name, summary: g.after })))
    }
    const increases = await call<DashboardStats>('dashboard.stats', {
      viewAsEmployeeId: null,
      metric: 'increasePercent',
      grouping: 'all',
    })
    expect(increases.groups[0].summary).toEqual(s.increases.summary)
    for (const by of ['gender', 'race'] as const) {
      const groups = s.compa[by]
      expect(s.equity[by].rows.map((r) => r.name)).toEqual(groups.map((g) => g.name))
      for (const row of s.equity[by].rows) {
        const group = groups.find((g) => g.name === row.name)
        if (row.note === null) expect(row.medianAfter).toBe(group?.after?.median ?? null)
      }
    }
  })

  it('dashboard.increases pages the recommended-versus-actual table, by name or by difference', async () => {
    const byName = await call<IncreaseTablePage>('dashboard.increases', {
      viewAsEmployeeId: null,
      offset: 0,
      limit: 200,
      sort: 'name',
    })
    expect(byName.total).toBeGreaterThan(0)
    const names = byName.rows.map((r) => r.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base' })))
    const page = await call<IncreaseTablePage>('dashboard.increases', {
      viewAsEmployeeId: null,
      offset: 0,
      limit: 3,
      sort: 'difference',
    })
    expect(page.rows).toHaveLength(Math.min(3, byName.total))
    expect(page.rows[0].difference).toBe(Math.max(...byName.rows.map((r) => r.difference)))
    const mean = byName.rows.reduce((n, r) => n + r.actual, 0) / byName.rows.length
    expect(page.averageActual).toBeCloseTo(mean, 9)
  })
})

describe('dashboard.summary as a MANAGER (Summary & Dashboard)', () => {
  it("sees only their teams' figures: the rows of their table, their teams' budgets", async () => {
    await reopenAs(managerEmail)
    const s = await summary()
    const rows = await tableRows()
    expect(s.scope.kind).toBe('teams')
    expect(s.scope.employees).toBe(rows.length)
    expect(rows.length).toBeLessThan(300)
    const mine = new Set(rows.map((r) => r.id))
    expect(s.scatter.ids.every((id) => mine.has(id))).toBe(true)
    expect(s.compa.all[0].before?.count).toBe(rows.filter((r) => r.compaRatio !== null).length)
    const view = await call<ManagerBudgetLevel>('budgets.managerView', { teamId: null })
    expect(s.budgetUsed.used).toBe(view.tiles.reduce((n, t) => n + t.usedBudget, 0))
    expect(s.budgetFlow.nodes[0].label).toBe('Your teams')
    const tops = s.budgetFlow.nodes.filter((n) => n.level === 1).map((n) => n.teamId)
    for (const id of tops) if (id !== null) expect(view.tiles.map((t) => t.id)).toContain(id)
  })

  it('may not view as someone else, and a role without a dashboard is refused', async () => {
    const refused = await backend.dispatcher.dispatch('dashboard.summary', { viewAsEmployeeId: 1 })
    expect(refused.ok).toBe(false)
    await reopenAs('comms@example.test')
    const comms = await backend.dispatcher.dispatch('dashboard.summary', { viewAsEmployeeId: null })
    expect(comms.ok ? null : comms.error.code).toBe('FORBIDDEN')
  })
})
