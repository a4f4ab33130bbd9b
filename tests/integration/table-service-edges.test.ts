import type { TableQuery, TableRow } from '../../src-shared/contract'
import { demoBackend } from '../support/demo-backend'
import { queryTable } from '../support/table-query'

/**
 * table.query's totals at their edges (mutation testing, issue 20): errors and warnings counted over
 * every matched row, a row's own rules and subPlannerNotSubmitted (which depends on who looks) at
 * either severity, and the aggregate budget rule listing only the viewer's teams over budget.
 */
const { dispatcher } = demoBackend('service-edges', 60)
const query = (patch: Partial<TableQuery>) => queryTable(dispatcher, patch)

/** The totals a page reports, worked out from every row as the viewer sees it. */
async function expectTotalsOfRows() {
  const rows = (await query({ limit: 500 })).rows
  const page = await query({ limit: 3 })
  const violations = rows.flatMap((r) => r.violations)
  const errors = violations.filter((v) => v.severity === 'error').length
  expect(page.rows).toHaveLength(3)
  expect(page.total).toBe(rows.length)
  expect({ errors: page.errorCount, warnings: page.warningCount, all: page.violationCount }).toEqual({
    errors,
    warnings: violations.length - errors,
    all: violations.length,
  })
  const rank = { none: 0, warning: 1, error: 2 }
  const worst = rows.reduce(
    (w, r) => (rank[r.severity] > rank[w] ? r.severity : w),
    'none' as TableRow['severity'],
  )
  expect(page.worstSeverity).toBe(worst)
  return { rows, page }
}

const waits = (r: TableRow) => r.violations.some((v) => v.rule === 'subPlannerNotSubmitted')

async function setWaitingSeverity(severity: 'warning' | 'error') {
  const saved = await dispatcher.dispatch('payCycle.update', {
    patch: { settings: { plannerViolations: { subPlannerNotSubmitted: severity } } },
  })
  expect(saved.ok).toBe(true)
}

let planned: TableRow

beforeAll(async () => {
  // A row the owner plans themself (of their own team): it waits for no one.
  planned = (await query({ limit: 500 })).rows.find((r) => r.editable && !waits(r)) as TableRow
  expect(planned).toBeDefined()
  const saved = await dispatcher.dispatch('rewards.update', {
    updates: [{ employeeId: planned.id, changes: { newSalary: 1_00 } }],
  })
  expect(saved.ok).toBe(true)
})

describe('table.query totals', () => {
  it("counts a row's own errors and warnings, and each waiting row once at the rule's severity", async () => {
    for (const severity of ['warning', 'error'] as const) {
      await setWaitingSeverity(severity)
      const { rows, page } = await expectTotalsOfRows()
      const mine = rows.find((r) => r.id === planned.id) as TableRow
      // The planned row breaks its own rules (one is an error) and waits for no one.
      expect(mine.violations.map((v) => v.message)).toContain('Pay increase is negative.')
      expect(waits(mine)).toBe(false)
      const waiting = rows.filter(waits)
      expect(waiting.length).toBeGreaterThan(0)
      expect(waiting.every((r) => r.violations.every((v) => v.rule === 'subPlannerNotSubmitted'))).toBe(true)
      const own = mine.violations.filter((v) => v.severity === 'error').length
      expect(page.errorCount).toBe(own + (severity === 'error' ? waiting.length : 0))
      expect(page.worstSeverity).toBe('error')
    }
  })

  it("lists the viewer's teams over budget by name, and only those", async () => {
    const teams = await dispatcher.dispatch('teams.list', {})
    const team = teams.ok ? teams.value.find((t) => t.managerId === 2) : undefined
    expect(team).toBeDefined()
    expect((await dispatcher.dispatch('teams.setBudget', { teamId: team!.id, budget: 1 })).ok).toBe(true)
    const over = await query({ viewAsEmployeeId: 2 })
    expect(over.teamViolations).toEqual([
      {
        teamId: team!.id,
        name: team!.name,
        violations: [
          { rule: 'aboveBudgetExceeded', severity: 'error', message: 'Total pay exceeds your budget.' },
        ],
      },
    ])
    // A team of someone else's without a budget of its own is over nothing.
    const other = teams.ok ? teams.value.find((t) => t.managerId === 11) : undefined
    expect(other?.budget).toBeNull()
    expect((await query({ viewAsEmployeeId: 11 })).teamViolations).toEqual([])
  })

  it('with subPlannerNotSubmitted off no row waits, and each row is as severe as its own rules', async () => {
    const saved = await dispatcher.dispatch('payCycle.update', {
      patch: { settings: { plannerViolations: { subPlannerNotSubmitted: null } } },
    })
    expect(saved.ok).toBe(true)
    const { rows } = await expectTotalsOfRows()
    expect(rows.some(waits)).toBe(false)
    const rank = { warning: 1, error: 2 }
    for (const row of rows) {
      const worst = row.violations.reduce((w, v) => Math.max(w, rank[v.severity]), 0)
      expect(row.severity).toBe((['none', 'warning', 'error'] as const)[worst])
    }
    expect(rows.filter((r) => r.severity === 'none').length).toBeGreaterThan(rows.length / 2)
  })
})
