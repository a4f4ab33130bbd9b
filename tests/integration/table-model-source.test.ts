import type { PayCycleDto, SessionUser } from '../../src-shared/contract'
import { NUMBER_EQUALS_TOLERANCE } from '../../src-shared/domain/table-columns'
import { exportTableCsv } from '../../src-main/services/table/export-csv'
import { TableModel } from '../../src-main/services/table/model'
import { matchRows, resolveView } from '../../src-main/services/table/query'
import { queryTable } from '../../src-main/services/table/service'
import { applyToModel } from '../../src-main/services/table/update'
import { violationGroups } from '../../src-main/services/table/violation-groups'
import { loadTableSource, type TableSource } from '../../src-main/workbook/queries/table'
import { demoWorkbook } from '../support/demo-backend'
import { tableQuery } from '../support/table-query'

/**
 * The table model built from data the demo does not hold (mutation testing, issue 20): the demo's
 * 60 employees read once, then each test changes a copy of what the model is built from as a
 * workbook could hold it: allocated budgets (saved with a merit matrix), a submission and a manager
 * of another pay cycle, a range whose mid converts to nothing, names that sort on punctuation and
 * accents, an unrated row, a currency without a rate.
 */
type Source = TableSource & { payCycle: PayCycleDto }

const demo = demoWorkbook('model-source', 60)
let source: Source

beforeAll(async () => {
  const loaded = await loadTableSource(demo.workbook())
  if (!loaded.payCycle) throw new Error('The demo has no pay cycle.')
  source = { ...loaded, payCycle: loaded.payCycle }
})

/** A model of a copy of the demo's source, changed by `change` first. */
function modelOf(change: (source: Source) => void = () => {}): TableModel {
  const copy = structuredClone(source)
  change(copy)
  return new TableModel(copy)
}

const owner: SessionUser = { id: 1, email: 'owner@demo.test', name: 'Owner', role: 'OWNER', employeeId: null }
const list = { sort: null, filters: {}, search: '' }

describe('allocated budgets (spec: "If the team has no budget, the sum of allocated budgets is used instead.")', () => {
  it("a team without a budget has its members' allocated budgets and those of every team below", () => {
    const plain = modelOf()
    // A team with a team below it, and the team above it, all three without a budget of their own.
    const child = [...plain.teams.values()].find((t) => {
      const parent = plain.tree.parent.get(t.id)
      return parent != null && plain.tree.parent.get(parent) != null
    })!
    const parentId = plain.tree.parent.get(child.id)!
    const topId = plain.tree.parent.get(parentId)!
    const allocation = new Map<number, number>()
    const model = modelOf((s) => {
      for (const team of s.teams) team.budget = null
      s.employees.forEach((e, i) => {
        e.hyperbalanceAnnualAllocatedBudget = e.teamId === null ? null : 1_000_00 * (i + 1)
        if (e.hyperbalanceAnnualAllocatedBudget !== null)
          allocation.set(e.id, e.hyperbalanceAnnualAllocatedBudget)
      })
    })
    const below = (teamId: number) =>
      model.rows
        .filter((r) => {
          for (let id: number | null = r.e.teamId; id != null; id = model.tree.parent.get(id) ?? null) {
            if (id === teamId) return true
          }
          return false
        })
        .reduce((sum, r) => sum + (allocation.get(r.e.id) ?? 0), 0)
    for (const id of [child.id, parentId, topId]) {
      expect(below(id)).toBeGreaterThan(0)
      expect(model.teamBudget.get(id)).toBe(below(id))
    }
    expect(below(parentId)).toBeGreaterThan(below(child.id))
  })
})

describe('pay cycles (spec: "A team\'s manager holds the team only if the manager\'s pay cycle equals the current pay cycle.")', () => {
  it('counts only the submissions of the current pay cycle', () => {
    const plain = modelOf()
    const [submitted] = plain.submitted
    expect(submitted).toBeDefined()
    const current = plain.payCycle.id
    const elsewhere = modelOf((s) => {
      s.submissions = [{ plannerEmployeeId: submitted, payCycleId: current + 1 }]
    })
    expect(elsewhere.submitted.has(submitted)).toBe(false)
    const here = modelOf((s) => {
      s.submissions = [
        { plannerEmployeeId: submitted, payCycleId: current },
        { plannerEmployeeId: submitted + 1, payCycleId: current + 1 },
      ]
    })
    expect([...here.submitted]).toEqual([submitted])
  })

  it('a manager of another pay cycle holds no team, one without a pay cycle follows the current one', () => {
    const plain = modelOf()
    const team = [...plain.teams.values()].find(
      (t) => t.managerId !== null && plain.tree.parent.get(t.id) != null && plain.holderOf(t.id) !== null,
    )!
    const managerId = team.managerId!
    const current = plain.payCycle.id
    const withCycle = (payCycleId: number | null) =>
      modelOf((s) => {
        for (const e of s.employees) if (e.id === managerId) e.payCycleId = payCycleId
      })
    expect(withCycle(current + 1).holderOf(team.id)).toBeNull()
    expect(withCycle(null).holderOf(team.id)).toBe(managerId)
    expect(withCycle(current).holderOf(team.id)).toBe(managerId)
  })
})

describe('compa ratio (spec: "counted only when both mid-pays are above 0")', () => {
  it('is not counted when the mid converts to 0 on the pay basis (one cent at a part-time fte)', () => {
    const model = modelOf((s) => {
      for (const range of s.payRanges) Object.assign(range, { midPay: 1, salaried: true })
      for (const e of s.employees) e.fte = 0.4
    })
    const ranged = model.rows.filter((r) => r.range?.bounds != null)
    const nothing = ranged.filter((r) => r.range!.bounds!.mid === 0)
    expect(nothing.length).toBeGreaterThan(10)
    for (const row of nothing) {
      expect(row.range!.range.midPay).toBe(1)
      expect(row.currentAnnualPay).toBeGreaterThan(0)
      expect(row.compaRatio).toBeNull()
    }
    // Where the cent converts to a cent, the ratio is counted.
    for (const row of ranged.filter((r) => r.range!.bounds!.mid > 0))
      expect(row.compaRatio).toBeGreaterThan(0)
  })
})

describe('names sorted as a dictionary sorts them', () => {
  it('punctuation before letters whatever the case, an accented letter as the letter', () => {
    const names = ['Ann_B', 'Anna', 'José', 'Jose A']
    const model = modelOf((s) => names.forEach((name, i) => (s.employees[i * 7].name = name)))
    const view = resolveView(model, owner, null)
    const sorted = matchRows(model, view, { ...list, sort: { column: 'employeeName', direction: 'asc' } })
    const order = Array.from(sorted, (index) => model.rows[index].e.name).filter((n) => names.includes(n))
    expect(order).toEqual(['Ann_B', 'Anna', 'José', 'Jose A'])
  })
})

describe('table.exportCsv on data the demo does not hold', () => {
  /** The exported lines by Employee Id (no field of these columns holds a comma or a quote). */
  function exported(model: TableModel, columns: string[], currency = 'USD') {
    const { csv } = exportTableCsv(model, owner, {
      query: { ...list, viewAsEmployeeId: null },
      columns,
      currency,
    })
    const [header, ...lines] = csv
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    return { header, line: (id: string) => lines.find((cells) => cells[0] === id) }
  }

  it('leaves both Performance Rating cells of an unrated row empty', () => {
    const model = modelOf((s) => (s.employees[3].performanceRating = null))
    const { header, line } = exported(model, ['employeeId', 'performanceRating'])
    expect(header).toEqual(['Employee Id', 'Performance Rating', 'Performance Rating (number)'])
    expect(line(model.rows[3].e.companyEmployeeId)).toEqual([model.rows[3].e.companyEmployeeId, '', ''])
    const rated = model.rows[4].e
    expect(rated.performanceRating).not.toBeNull()
    expect(line(rated.companyEmployeeId)?.[2]).toBe(String(rated.performanceRating))
  })

  it('leaves a percent that is no finite number empty, never "Infinity"', () => {
    const model = modelOf((s) => (s.employees[3].recommendedIncreasePer = Number.POSITIVE_INFINITY))
    const { line } = exported(model, ['employeeId', 'recommendedIncrease'])
    expect(line(model.rows[3].e.companyEmployeeId)).toEqual([model.rows[3].e.companyEmployeeId, ''])
  })

  it("adds 'Amounts In' when only some rows cannot be converted, naming each row's currency", () => {
    const plain = modelOf()
    const foreign = plain.rows.find((r) => r.e.defaultPayCurrency !== 'USD')!.e.defaultPayCurrency
    const model = modelOf((s) => delete s.payCycle.currencyConversions[foreign as 'EUR'])
    const { header, line } = exported(model, ['employeeId', 'currentSalary'])
    expect(header).toEqual(['Employee Id', 'Current Salary (USD)', 'Pay Basis', 'Amounts In'])
    for (const row of model.rows) {
      const expected = row.e.defaultPayCurrency === foreign ? foreign : 'USD'
      expect(line(row.e.companyEmployeeId)?.[3]).toBe(expected)
    }
  })
})

describe('an edit that changes a row only for some viewers', () => {
  it("re-sorts a planner's list by violations when the row waits at 'error' for everyone else", () => {
    const model = modelOf((s) => {
      s.payCycle.settings.plannerViolations = { subPlannerNotSubmitted: 'error' }
    })
    const plannerId = model.rows.find((r) => r.activePlannerId !== null)!.activePlannerId!
    const planner: SessionUser = { ...owner, role: 'PLANNER', employeeId: plannerId }
    const view = resolveView(model, planner, null)
    const byViolations = () =>
      Array.from(matchRows(model, view, { ...list, sort: { column: 'violations', direction: 'desc' } }))
    const severities = (order: number[]) => order.map((i) => model.viewerSeverity(model.rows[i], plannerId))
    const before = byViolations()
    // The last row without violations for the planner, waiting for the planner: at 'error' for anyone else.
    const row =
      model.rows[
        before.findLast((i) => model.rows[i].activePlannerId === plannerId && model.rows[i].severity === 0)!
      ]
    const at = before.indexOf(row.index)
    expect(severities(before)[at - 1]).toBe(0)
    expect(model.viewerSeverity(row, null)).toBe(2)

    // A new salary below the current one: 'Pay increase is negative.', an error of the row's own.
    applyToModel(model, [
      { employeeId: row.e.id, changes: { newSalary: { old: row.e.newSalary, new: 1_00 } } },
    ])
    expect(row.severity).toBe(2)
    expect(model.viewerSeverity(row, null)).toBe(2)
    const after = byViolations()
    expect(after.indexOf(row.index)).toBeLessThan(at)
    expect(severities(after)).toEqual([...severities(after)].sort((a, b) => b - a))
  })
})

describe('filters on data the demo does not hold (spec §5 Filters)', () => {
  const matched = (model: TableModel, filters: Parameters<typeof matchRows>[2]['filters']) =>
    Array.from(matchRows(model, resolveView(model, owner, null), { ...list, filters }))

  it('number equals keeps a value exactly at its tolerance of 0.01 and the float margin above it', () => {
    const model = modelOf((s) => s.employees.forEach((e, i) => (e.recommendedIncreasePer = i === 5 ? 0 : 50)))
    const equals = (value: number) =>
      matched(model, { recommendedIncrease: { type: 'number', op: 'equals', value } })
    expect(equals(NUMBER_EQUALS_TOLERANCE + 1e-9)).toEqual([5])
    expect(equals(NUMBER_EQUALS_TOLERANCE + 2e-9)).toEqual([])
  })

  it("a set of ratings holding '' keeps the unrated rows, and only them", () => {
    const model = modelOf((s) => [2, 9].forEach((i) => (s.employees[i].performanceRating = null)))
    expect(matched(model, { performanceRating: { type: 'set', values: [''] } })).toEqual([2, 9])
  })
})

describe('a sort of 2,048 rows or more (the radix path)', () => {
  it('sorts a value of -0 with the zeros, ties by employee id', () => {
    const model = modelOf((s) => {
      const demo = s.employees
      s.employees = Array.from({ length: 2_100 }, (_, i) => ({
        ...demo[i % demo.length],
        id: 10_000 + i,
        companyEmployeeId: `X${i}`,
        recommendedIncreasePer: i % 3 === 0 ? -0 : i % 3 === 1 ? 0 : 1,
      }))
    })
    const view = resolveView(model, owner, null)
    const sorted = Array.from(
      matchRows(model, view, { ...list, sort: { column: 'recommendedIncrease', direction: 'asc' } }),
    )
    const zeros = sorted.slice(0, 1_400)
    expect(zeros.every((i) => model.rows[i].e.recommendedIncreasePer === 0)).toBe(true)
    expect(zeros).toEqual([...zeros].sort((a, b) => a - b))
  })
})

describe("the aggregate budget rule, 'Total pay exceeds your budget.', on the viewer's teams", () => {
  /** Every team's budget one cent, every employee planned a raise: every team with members is over. */
  const overBudget = (change: (s: Source) => void = () => {}) =>
    modelOf((s) => {
      for (const team of s.teams) Object.assign(team, { budget: 1, budgetCurrency: 'USD' })
      for (const e of s.employees) e.newSalary = e.currentSalary + 1_000_00
      change(s)
    })
  const overTeams = (model: TableModel, user: SessionUser) =>
    queryTable(model, user, tableQuery()).teamViolations.map((t) => t.teamId)

  it("for a viewer of the whole company without teams of their own (or without an employee): the company's top teams", () => {
    const model = overBudget((s) => (s.teams.find((t) => t.parentTeamId !== null)!.plannerId = null))
    const roots = [...model.tree.roots]
    expect(roots.length).toBeGreaterThan(0)
    expect(overTeams(model, owner)).toEqual(roots)
    const holders = new Set([...model.teams.values()].flatMap((t) => [t.managerId, t.plannerId]))
    const nobody = model.rows.find((r) => !holders.has(r.e.id))!
    expect(overTeams(model, { ...owner, role: 'ADMIN', employeeId: nobody.e.id })).toEqual(roots)
  })

  it('for a planner: the teams they manage and the teams they plan', () => {
    let planned = 0
    let managed = 0
    let viewer = 0
    const model = overBudget((s) => {
      const inner = s.teams.filter((t) => t.parentTeamId !== null && t.managerId !== null)
      const [a, b] = inner
      viewer = a.managerId!
      // a: managed by the viewer, planned by someone else; b: planned by the viewer, managed by someone else.
      a.plannerId = b.managerId
      b.plannerId = viewer
      managed = a.id
      planned = b.id
    })
    const mine = overTeams(model, { ...owner, role: 'PLANNER', employeeId: viewer })
    expect(mine).toContain(managed)
    expect(mine).toContain(planned)
  })
})

describe("the 'View All' groups", () => {
  it("name the planner in the waiting group's title when every waiting row waits for the same one", () => {
    const plain = modelOf()
    const waitedFor = [...new Set(plain.rows.map((r) => r.activePlannerId))].filter((id) => id !== null)
    expect(waitedFor.length).toBeGreaterThan(1)
    // Every planner but one has submitted: every waiting row waits for that one.
    const last = waitedFor[0]
    const model = modelOf((s) => {
      s.payCycle.settings.plannerViolations = { subPlannerNotSubmitted: 'warning' }
      s.submissions = s.employees
        .filter((e) => e.id !== last)
        .map((e) => ({ plannerEmployeeId: e.id, payCycleId: s.payCycle.id }))
    })
    const waiting = violationGroups(model, owner, null).groups.find(
      (g) => g.rule === 'subPlannerNotSubmitted',
    )
    expect(waiting?.title).toBe(`Waiting for a submission from ${model.names.get(last)}`)
    expect(waiting?.count).toBeGreaterThan(0)
  })
})
