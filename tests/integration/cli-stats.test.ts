import path from 'node:path'
import type { TablePage, TableRow } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

/**
 * `stats`: the dashboard's box-plot figures and pay-equity view on the command line, checked
 * against figures computed here by hand from the table's rows and the demo company's people.
 */
const dir = tempDir()
const file = path.join(dir, 'cli-stats.paycycle')
// The workbook holds this demo company (300 employees, seed 5).
const demo = generateDemoCompany({ employees: 300, seed: 5 })
const person = new Map(demo.employees.map((e) => [e.id, e]))
const manager = demo.users.find(
  (u) => u.role === 'MANAGER' && u.employeeId !== null,
) as (typeof demo.users)[number]
const employeeUser = demo.users.find((u) => u.role === 'EMPLOYEE') as (typeof demo.users)[number]

interface StatsGroup {
  name: string
  n: number
  min: number | null
  q1: number | null
  median: number | null
  q3: number | null
  max: number | null
  lowerWhisker: number | null
  upperWhisker: number | null
  outliers: number
  mean: number | null
}

interface EquityRow {
  name: string
  count: number
  medianBefore: number | null
  medianAfter: number | null
  gapBefore: number | null
  gapAfter: number | null
  reference: boolean
  note: string | null
}

const stats = async (...args: string[]) => {
  const run = await cli('stats', file, ...args, '--json')
  expect(run.errors).toEqual([])
  expect(run.code).toBe(0)
  return (run.json[0] as { groups: StatsGroup[] }).groups
}

/** Every row of the table as `email` (null: the owner) sees it; the session is closed after. */
async function tableRowsAs(email: string | null): Promise<TableRow[]> {
  const backend = testBackend(dir, email)
  try {
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const rows: TableRow[] = []
    for (let offset = 0; ; offset += 500) {
      const result = await backend.dispatcher.dispatch('table.query', tableQuery({ offset }))
      if (!result.ok) throw new Error(result.error.message)
      const page: TablePage = result.value
      rows.push(...page.rows)
      if (rows.length >= page.total) return rows
    }
  } finally {
    await backend.session.close()
  }
}

/** The p-quantile by linear interpolation between order statistics: position (n − 1)p, counted from 0. */
function quantileByHand(sorted: number[], p: number): number {
  const position = (sorted.length - 1) * p
  const below = Math.floor(position)
  const fraction = position - below
  return fraction === 0 ? sorted[below] : sorted[below] + fraction * (sorted[below + 1] - sorted[below])
}

/** The box-plot figures as the issue defines them, worked out without the app's statistics. */
function byHand(name: string, values: number[]): StatsGroup {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0)
    return {
      name,
      n: 0,
      min: null,
      q1: null,
      median: null,
      q3: null,
      max: null,
      lowerWhisker: null,
      upperWhisker: null,
      outliers: 0,
      mean: null,
    }
  const q1 = quantileByHand(sorted, 0.25)
  const q3 = quantileByHand(sorted, 0.75)
  const low = q1 - 1.5 * (q3 - q1)
  const high = q3 + 1.5 * (q3 - q1)
  const inside = sorted.filter((v) => v >= low && v <= high)
  return {
    name,
    n: sorted.length,
    min: sorted[0],
    q1,
    median: quantileByHand(sorted, 0.5),
    q3,
    max: sorted[sorted.length - 1],
    lowerWhisker: Math.min(inside[0], q1),
    upperWhisker: Math.max(inside[inside.length - 1], q3),
    outliers: sorted.length - inside.length,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  }
}

const genderOf = (row: TableRow) => person.get(row.id)?.gender?.trim() || 'Unknown'
const raceOf = (row: TableRow) => person.get(row.id)?.race?.trim() || 'Unknown'
const ageBandOf = (row: TableRow) => {
  const age = person.get(row.id)?.age
  if (age == null) return 'Unknown'
  const start = Math.floor(age / 10) * 10
  return `${start}-${start + 9}`
}

/** Groups rows by `groupOf`, each group's non-null values of `valueOf`. */
function grouped(
  rows: TableRow[],
  groupOf: (r: TableRow) => string,
  valueOf: (r: TableRow) => number | null,
) {
  const groups = new Map<string, number[]>()
  for (const row of rows) {
    const values = groups.get(groupOf(row)) ?? []
    const value = valueOf(row)
    if (value !== null) values.push(value)
    groups.set(groupOf(row), values)
  }
  return groups
}

function expectFigures(actual: StatsGroup | undefined, expected: StatsGroup): void {
  expect(actual, expected.name).toBeDefined()
  const a = actual as StatsGroup
  expect({ name: a.name, n: a.n, outliers: a.outliers }).toEqual({
    name: expected.name,
    n: expected.n,
    outliers: expected.outliers,
  })
  for (const key of ['min', 'q1', 'median', 'q3', 'max', 'lowerWhisker', 'upperWhisker', 'mean'] as const) {
    if (expected[key] === null) expect(a[key], `${a.name} ${key}`).toBeNull()
    else expect(a[key], `${a.name} ${key}`).toBeCloseTo(expected[key] as number, 10)
  }
}

let ownerRows: TableRow[] = []
let managerRows: TableRow[] = []

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '5')).code).toBe(0)
  ownerRows = await tableRowsAs(null)
  managerRows = await tableRowsAs(manager.email)
}, 60_000)

describe('cli stats --metric --group', () => {
  it('compaRatio by gender: every group as worked out by hand from the table’s compa ratios', async () => {
    const groups = await stats('--metric', 'compaRatio', '--group', 'gender')
    const expected = grouped(ownerRows, genderOf, (r) => r.compaRatio)
    expect(groups.map((g) => g.name).sort()).toEqual([...expected.keys()].sort())
    expect(groups.at(-1)?.name).toBe('Unknown')
    for (const [name, values] of expected)
      expectFigures(
        groups.find((g) => g.name === name),
        byHand(name, values),
      )
    expect(groups.reduce((n, g) => n + g.n, 0)).toBe(ownerRows.filter((r) => r.compaRatio !== null).length)
  })

  it('a small group by hand: its quartiles interpolate between neighbours, n − 1 steps apart', async () => {
    const groups = await stats('--metric', 'compaRatio', '--group', 'race')
    const expected = grouped(ownerRows, raceOf, (r) => r.compaRatio)
    const [name, values] = [...expected]
      .filter(([, v]) => v.length >= 4)
      .sort((a, b) => a[1].length - b[1].length)[0]
    const v = [...values].sort((a, b) => a - b)
    const at = (h: number) => v[Math.floor(h)] + (h - Math.floor(h)) * (v[Math.ceil(h)] - v[Math.floor(h)])
    const n = v.length
    const small = groups.find((g) => g.name === name) as StatsGroup
    expect(small.n).toBe(n)
    expect(small.q1).toBeCloseTo(at((n - 1) / 4), 12)
    expect(small.median).toBeCloseTo(n % 2 === 1 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, 12)
    expect(small.q3).toBeCloseTo(at((3 * (n - 1)) / 4), 12)
    expect(small.min).toBe(v[0])
    expect(small.max).toBe(v[n - 1])
  })

  it('increasePercent by age band: the planned salary increases, 10-year bands in age order', async () => {
    const groups = await stats('--metric', 'increasePercent', '--group', 'age')
    const expected = grouped(ownerRows, ageBandOf, (r) => r.salaryIncrease)
    expect(groups.map((g) => g.name)).toEqual(
      [...expected.keys()].sort((a, b) =>
        a === 'Unknown' ? 1 : b === 'Unknown' ? -1 : parseInt(a, 10) - parseInt(b, 10),
      ),
    )
    for (const [name, values] of expected)
      expectFigures(
        groups.find((g) => g.name === name),
        byHand(name, values),
      )
    const all = await stats('--metric', 'increasePercent', '--group', 'all')
    expectFigures(
      all[0],
      byHand(
        'All Employees',
        ownerRows.flatMap((r) => (r.salaryIncrease === null ? [] : [r.salaryIncrease])),
      ),
    )
  })

  it('newCompaRatio: new annual pay against the range midpoint (groups without a new job profile)', async () => {
    const groups = await stats('--metric', 'newCompaRatio', '--group', 'race')
    let compared = 0
    for (const name of new Set(ownerRows.map(raceOf))) {
      const members = ownerRows.filter((r) => raceOf(r) === name)
      if (members.some((r) => r.newJobProfileId !== null)) continue
      const values = members.flatMap((r) => (r.payRange ? [r.newAnnualPay / r.payRange.mid] : []))
      const actual = groups.find((g) => g.name === name) as StatsGroup
      expect(actual.n).toBe(values.length)
      for (const key of ['q1', 'median', 'q3', 'mean'] as const)
        expect(actual[key], `${name} ${key}`).toBeCloseTo(byHand(name, values)[key] as number, 6)
      compared++
    }
    expect(compared).toBeGreaterThan(0)
  })

  it('--as a MANAGER: only their teams, the same figures worked out on their rows', async () => {
    const teams = new Set(
      demo.teams
        .filter((t) => t.managerId === manager.employeeId || t.plannerId === manager.employeeId)
        .map((t) => t.id),
    )
    for (let grew = true; grew;) {
      grew = false
      for (const team of demo.teams)
        if (team.parentTeamId !== null && teams.has(team.parentTeamId) && !teams.has(team.id)) {
          teams.add(team.id)
          grew = true
        }
    }
    const mine = new Set(
      demo.employees.filter((e) => e.teamId !== null && teams.has(e.teamId)).map((e) => e.id),
    )
    expect(mine.size).toBeGreaterThan(0)
    expect(mine.size).toBeLessThan(300)
    expect(new Set(managerRows.map((r) => r.id))).toEqual(mine)

    const all = await stats('--metric', 'compaRatio', '--group', 'all', '--as', manager.email)
    expectFigures(
      all[0],
      byHand(
        'All Employees',
        managerRows.flatMap((r) => (r.compaRatio === null ? [] : [r.compaRatio])),
      ),
    )
    const byGender = await stats('--metric', 'increasePercent', '--group', 'gender', '--as', manager.email)
    for (const [name, values] of grouped(managerRows, genderOf, (r) => r.salaryIncrease))
      expectFigures(
        byGender.find((g) => g.name === name),
        byHand(name, values),
      )
    expect(byGender.reduce((n, g) => n + g.n, 0)).toBeLessThan(
      ownerRows.filter((r) => r.salaryIncrease !== null).length,
    )
  })

  it('refuses a role without the dashboards, and a metric or grouping it does not know', async () => {
    const refused = await cli('stats', file, '--metric', 'compaRatio', '--as', employeeUser.email, '--json')
    expect(refused.code).toBe(1)
    expect(refused.errors[0]).toBe('Your role (EMPLOYEE) may not use dashboard.stats.')
    const metric = await cli('stats', file, '--metric', 'salary', '--json')
    expect(metric.code).toBe(2)
    expect(metric.errors[0]).toContain(
      '--metric must be one of compaRatio, newCompaRatio, increasePercent, not "salary".',
    )
    const group = await cli('stats', file, '--metric', 'compaRatio', '--group', 'team', '--json')
    expect(group.code).toBe(2)
    expect(group.errors[0]).toContain('--group must be one of all, gender, race, age, not "team".')
    expect((await cli('stats', file, '--json')).code).toBe(2)
  })
})

describe('cli stats --equity', () => {
  it('medians before and after by gender and race, gaps to the largest known group, small groups hidden', async () => {
    const run = await cli('stats', file, '--equity', '--json')
    expect(run.code).toBe(0)
    const equity = run.json[0] as Record<'gender' | 'race', { reference: string | null; rows: EquityRow[] }>
    for (const [by, groupOf] of [
      ['gender', genderOf],
      ['race', raceOf],
    ] as const) {
      const before = grouped(ownerRows, groupOf, (r) => r.compaRatio)
      const known = [...before].filter(([name, v]) => name !== 'Unknown' && v.length >= 5)
      const reference = known.reduce((a, b) => (b[1].length > a[1].length ? b : a))
      expect(equity[by].reference).toBe(reference[0])
      const referenceMedian = byHand(reference[0], reference[1]).median as number
      for (const [name, values] of before) {
        const row = equity[by].rows.find((r) => r.name === name) as EquityRow
        if (values.length < 5) {
          expect(row).toMatchObject({
            medianBefore: null,
            gapBefore: null,
            note: 'Too few to show (fewer than 5)',
          })
          continue
        }
        const median = byHand(name, values).median as number
        expect(row.medianBefore, `${by} ${name}`).toBeCloseTo(median, 12)
        expect(row.gapBefore, `${by} ${name}`).toBeCloseTo((median / referenceMedian - 1) * 100, 9)
        expect(row.reference).toBe(name === reference[0])
      }
    }
    expect(equity.race.rows.some((r) => r.note !== null)).toBe(true)
  })

  it('--as a MANAGER: the equity of their teams only', async () => {
    const run = await cli('stats', file, '--equity', '--as', manager.email, '--json')
    expect(run.code).toBe(0)
    const equity = run.json[0] as Record<'gender' | 'race', { rows: EquityRow[] }>
    const before = grouped(managerRows, genderOf, (r) => r.compaRatio)
    expect(equity.gender.rows.map((r) => r.name).sort()).toEqual([...before.keys()].sort())
    for (const row of equity.gender.rows) {
      const values = before.get(row.name) as number[]
      expect(row.count, row.name).toBeGreaterThanOrEqual(values.length)
      if (row.note === null)
        expect(row.medianBefore).toBeCloseTo(byHand(row.name, values).median as number, 12)
    }
    expect(equity.gender.rows.reduce((n, r) => n + r.count, 0)).toBeLessThanOrEqual(managerRows.length)
  })
})
