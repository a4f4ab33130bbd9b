import Database from 'better-sqlite3'
import type { BudgetLevel } from '../../src-shared/contract'
import type { MissingRates } from '../../src-shared/domain/missing-rates'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/** Issue 36: the server's calculate-budget says who Eligible payroll leaves out for want of a rate. */
const server = testServer()
const { call } = clientOf(server)
const dir = tempDir()
let file: string
let owner: string
const CAD_PAY = 147_020_00

/** Two salaried employees of teams with a parent paid in CAD, which no pay cycle has a rate for. */
function payTwoInCad(path: string): void {
  const db = new Database(path)
  db.prepare(
    `UPDATE employee SET default_pay_currency = 'CAD', salaried = 1, current_salary = ?, hire_date = '2015-01-02'
     WHERE id IN (SELECT e.id FROM employee e JOIN team t ON t.id = e.team_id
                  WHERE t.parent_team_id IS NOT NULL ORDER BY e.id LIMIT 2)`,
  ).run(CAD_PAY)
  // Eligible for an increase, so in Eligible payroll: no performance plan, no recent increase.
  db.prepare(`UPDATE employee SET previous_increase_date = NULL WHERE default_pay_currency = 'CAD'`).run()
  db.prepare(
    `UPDATE reward SET performance_plan = 0, previous_increase = NULL
     WHERE employee_id IN (SELECT id FROM employee WHERE default_pay_currency = 'CAD')`,
  ).run()
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
}

async function desktopLevel(): Promise<BudgetLevel> {
  const backend = testBackend(dir)
  try {
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const result = await backend.dispatcher.dispatch('budgets.level', { teamId: null, offset: 0, limit: 24 })
    if (!result.ok) throw new Error(result.error.message)
    return result.value
  } finally {
    await backend.session.close()
  }
}

beforeAll(async () => {
  ;({ file, owner } = await publishedDemo(server, dir, {
    employees: 120,
    seed: 4,
    company: 'Rates',
    prepare: async (path) => payTwoInCad(path),
  }))
})

describe('POST /calculate-budget/ and missing rates (issue 36)', () => {
  it('answers the same missing rates as the desktop’s Budgets, with its sentence', async () => {
    const answer = await call(owner, 'POST', '/api/calculate-budget/')
    expect(answer.statusCode).toBe(200)
    const body = answer.json<{ missing_rates: MissingRates; missing_rates_warning: string | null }>()
    const expected: MissingRates = {
      employees: 2,
      currencies: [{ currency: 'CAD', employees: 2, payroll: 2 * CAD_PAY }],
    }
    expect(body.missing_rates).toEqual(expected)
    expect((await desktopLevel()).company.missingRates).toEqual(body.missing_rates)
    expect(body.missing_rates_warning).toBe(
      '2 employees (CA$294,040.00 in CAD) are left out of Eligible payroll: CAD has no conversion rate to USD. ' +
        'Set it in Pay Cycle Configuration → currency conversions.',
    )
  })

  it('one team’s answer counts who that team leaves out, and the company’s beside it', async () => {
    const teams = (await call(owner, 'GET', '/api/teams/')).json<
      { id: number; parent_team_id: number | null }[]
    >()
    const results = await Promise.all(
      teams.map(async (t) => ({
        id: t.id,
        body: (await call(owner, 'POST', `/api/calculate-budget/${t.id}/`)).json<{
          missing_rates: MissingRates
          company_missing_rates: MissingRates
        }>(),
      })),
    )
    const roots = results.filter((r) => teams.find((t) => t.id === r.id)?.parent_team_id === null)
    // Both CAD employees are in teams below a top team: the top teams count them through their sub-teams.
    expect(roots.reduce((n, r) => n + r.body.missing_rates.employees, 0)).toBe(2)
    const without = results.filter((r) => r.body.missing_rates.employees === 0)
    expect(without.length).toBeGreaterThan(0)
    for (const r of results) expect(r.body.company_missing_rates.employees).toBe(2)
  })
})
