import { convertCents } from '../../src-shared/domain/currency-conversion'
import { TableCache } from '../../src-main/services/table/cache'
import type { TableModel } from '../../src-main/services/table/model'
import { QueryCache } from '../../src-main/services/table/query-cache'
import { demoWorkbook } from '../support/demo-backend'

/**
 * The table model's changes made in place (mutation testing, issue 20): a submission or send-back
 * moves the rows' active planner, a team budget change keeps the model, and each counts as a change
 * for the summaries kept between calls. On the 60-employee demo: team 5's manager (17) has
 * submitted, so team 5's rows wait for the manager of the team above.
 */
const demo = demoWorkbook('model-edges', 60)
let model: TableModel

beforeEach(async () => {
  // A fresh model each time: the changes below are made in place.
  model = await new TableCache().get(demo.workbook())
})

const teamOf = (managerId: number) => [...model.teams.values()].find((t) => t.managerId === managerId)!
const rowsOf = (teamId: number) => model.rows.filter((r) => r.e.teamId === teamId)

describe('TableModel changes in place', () => {
  it("a send-back and a submission move the active planner of every row below, and drop the model's lists", () => {
    const team = teamOf(17)
    const parent = model.teams.get(model.tree.parent.get(team.id)!)!
    expect(model.submitted.has(17)).toBe(true)
    expect(rowsOf(team.id).length).toBeGreaterThan(0)
    expect(rowsOf(team.id).every((r) => r.activePlannerId === parent.managerId)).toBe(true)
    model.queries = new QueryCache()
    const version = model.version

    model.setSubmitted(17, false)
    expect(model.submitted.has(17)).toBe(false)
    expect(rowsOf(team.id).every((r) => r.activePlannerId === 17)).toBe(true)
    expect(model.queries).toBeNull()
    expect(model.version).toBe(version + 1)

    model.setSubmitted(17, true)
    model.setSubmitted(parent.managerId!, true)
    expect(model.submitted.has(parent.managerId!)).toBe(true)
    const above = model.teams.get(model.tree.parent.get(parent.id)!)!
    expect(rowsOf(team.id).every((r) => r.activePlannerId === above.managerId)).toBe(true)
    expect(rowsOf(parent.id).every((r) => r.activePlannerId === above.managerId)).toBe(true)
    expect(model.version).toBe(version + 3)
    // Rows of no team wait for no one.
    for (const row of model.rows) if (row.e.teamId === null) expect(row.activePlannerId).toBeNull()
  })

  it("a team budget change is kept in place: its own budget converted, or without one the members' allocated budgets", () => {
    const team = [...model.teams.values()].find((t) => t.budget !== null)!
    const { budgetVersion, version } = model
    model.setTeamBudget(team.id, 2_000_00, 'EUR')
    expect(team).toMatchObject({ budget: 2_000_00, budgetCurrency: 'EUR' })
    const { defaultCurrency, rates } = model.rules.currency
    expect(defaultCurrency).toBe('USD')
    expect(model.teamBudget.get(team.id)).toBe(convertCents(2_000_00, 'EUR', 'USD', rates))
    expect(model.teamBudget.get(team.id)).not.toBe(2_000_00)
    expect(model.budgetVersion).toBe(budgetVersion + 1)
    expect(model.version).toBe(version + 1)

    const allocated = model.rows
      .filter((r) => model.tree.order.includes(r.e.teamId ?? -1))
      .filter((r) => {
        for (let id: number | null = r.e.teamId; id != null; id = model.tree.parent.get(id) ?? null) {
          if (id === team.id) return true
        }
        return false
      })
      .map((r) => r.e.hyperbalanceAnnualAllocatedBudget)
      .filter((a): a is number => a != null)
    model.setTeamBudget(team.id, null, null)
    expect(model.teamBudget.get(team.id)).toBe(
      allocated.length === 0 ? null : allocated.reduce((sum, a) => sum + a, 0),
    )

    // A team the model does not know changes nothing.
    model.setTeamBudget(999_999, 5_00, null)
    expect(model.teamBudget.has(999_999)).toBe(false)
    expect(model.budgetVersion).toBe(budgetVersion + 2)
  })

  it('an edited row counts as a change; a team unknown to the model has no planner', () => {
    const version = model.version
    model.reevaluate(model.rows[0])
    expect(model.version).toBe(version + 1)
    expect(model.holderOf(999_999)).toBeNull()
    expect(model.holderOf(teamOf(2).id)).toBe(2)
  })
})
