import path from 'node:path'
import Database from 'better-sqlite3'
import type {
  BudgetLevel,
  DashboardSummary,
  MatrixAnswer,
  OrgChartView,
  StatementEmployeesPage,
} from '../../src-shared/contract'
import { statementsMissingRatesWarning } from '../../src-shared/domain/missing-rates'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/** Issue 36: Budgets and the matrix say who they leave out for want of a conversion rate. */
const dir = tempDir()
let close: (() => Promise<void>) | null = null
afterEach(async () => {
  await close?.()
  close = null
})

/** A demo workbook with `n` employees paid in CAD, which has no rate. */
async function withCad(n: number) {
  const file = path.join(dir, `cad-${n}.paycycle`)
  await (await createDemoWorkbook(file, { employees: 120, seed: 3 })).close()
  const db = new Database(file)
  db.prepare(
    `UPDATE employee SET default_pay_currency = 'CAD', salaried = 1, current_salary = 14702000
     WHERE id IN (SELECT e.id FROM employee e JOIN reward r ON r.employee_id = e.id
                  WHERE r.performance_rating IS NOT NULL ORDER BY e.id LIMIT ?)`,
  ).run(n)
  for (const row of db.prepare('SELECT id, currency_conversions FROM pay_cycle').all() as {
    id: number
    currency_conversions: string
  }[]) {
    const rates = JSON.parse(row.currency_conversions) as Record<string, number>
    delete rates.CAD
    db.prepare('UPDATE pay_cycle SET currency_conversions = ? WHERE id = ?').run(
      JSON.stringify(rates),
      row.id,
    )
  }
  db.close()
  const backend = testBackend(dir, null)
  close = () => backend.session.close()
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  return async <T>(channel: string, input: unknown): Promise<T> => {
    const result = await backend.dispatcher.dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value as T
  }
}

describe('missing rates are said where the figure is (issue 36)', () => {
  it('Budgets: Eligible payroll says how many employees and how much pay it leaves out', async () => {
    const call = await withCad(2)
    const level = await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 24 })
    expect(level.company.missingRates).toEqual({
      employees: 2,
      currencies: [{ currency: 'CAD', employees: 2, payroll: 2 * 147_020_00 }],
    })
  })

  it('the matrix: an employee whose range exists but whose pay has no rate is unplaced as noRate', async () => {
    const call = await withCad(3)
    const matrix = await call<MatrixAnswer>('matrix.calculate', {
      performance_multiplier_priority: 50,
      position_in_range_priority: 50,
      max_position_in_range: 1,
      desired_budget: null,
      cell: null,
    })
    expect(matrix.unplaced.noRate).toBe(3)
    expect(matrix.missing_rates.employees).toBe(3)
    expect(matrix.missing_rates.currencies.map((c) => c.currency)).toEqual(['CAD'])
  })

  it('dashboards: the summary says who its figures leave out', async () => {
    const call = await withCad(4)
    const summary = await call<DashboardSummary>('dashboard.summary', { viewAsEmployeeId: null })
    expect(summary.missingRates).toEqual({
      employees: 4,
      currencies: [{ currency: 'CAD', employees: 4, payroll: 4 * 147_020_00 }],
    })
  })

  it('the org chart: each team card says who its eligible payroll leaves out', async () => {
    const call = await withCad(5)
    const level = await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 24 })
    expect(level.company.missingRates.employees).toBeGreaterThan(0)
    const root = await call<OrgChartView>('orgChart.view', { teamId: null, offset: 0, limit: 500 })
    const sum = (cards: OrgChartView['subTeams'], get: (c: OrgChartView['subTeams'][number]) => number) =>
      cards.reduce((n, c) => n + get(c), 0)
    // The top teams' cards share the company's figures between them, beside the employees without a team
    // (a card without a rate shows 0).
    // The top teams' managers without a team of their own are drawn on their team's card, not among the
    // members (issue 39: the CEO once), and a card's figures are its team's.
    const loose =
      root.members.filter((m) => m.salary === 0).length +
      root.subTeams.filter((c) => c.manager !== null && c.manager.salary === 0).length
    expect(sum(root.subTeams, (c) => c.missingRates.employees) + loose).toBe(
      level.company.missingRates.employees,
    )
    expect(sum(root.subTeams, (c) => c.missingRates.employees)).toBeGreaterThan(0)
    expect(sum(root.subTeams, (c) => c.eligiblePayroll)).toBeLessThanOrEqual(level.company.eligiblePayroll)
    expect(sum(root.subTeams, (c) => c.eligiblePayroll)).toBeGreaterThan(level.company.eligiblePayroll / 2)
    const top = root.subTeams.find((c) => c.missingRates.employees > 0) as OrgChartView['subTeams'][number]
    expect(top.missingRates.currencies.map((c) => c.currency)).toEqual(['CAD'])
    expect(top.missingRates.currencies[0].payroll).toBe(top.missingRates.employees * 147_020_00)
    const inside = await call<OrgChartView>('orgChart.view', { teamId: top.id, offset: 0, limit: 500 })
    const members =
      inside.members.filter((m) => m.salary === 0).length +
      inside.subTeams.filter((c) => c.manager !== null && c.manager.salary === 0).length
    expect(sum(inside.subTeams, (c) => c.missingRates.employees)).toBeLessThanOrEqual(
      top.missingRates.employees,
    )
    expect(sum(inside.subTeams, (c) => c.missingRates.employees) + members).toBeGreaterThanOrEqual(
      top.missingRates.employees,
    )
  })

  it('statements: the page says whose statements leave out their range for want of a rate', async () => {
    const call = await withCad(6)
    const page = await call<StatementEmployeesPage>('statements.employees', {
      search: '',
      teamId: null,
      offset: 0,
      limit: 5,
    })
    expect(page.missingRates).toEqual({ employees: 6, currencies: ['CAD'] })
    expect(statementsMissingRatesWarning(page.missingRates)).toBe(
      "6 employees' statements leave out the pay range, compa ratio and position in range: no conversion rate " +
        "from the range's currency to CAD. Set it in Pay Cycle Configuration → currency conversions.",
    )
  })
})
