import { newPayFromPercent } from '../../src-shared/domain/pay'
import { evaluatePlan } from '../../src-shared/domain/plan-evaluation'
import type { Workbook } from '../../src-main/workbook/open'
import {
  listEmployees,
  listJobProfiles,
  listPayRanges,
  listPlannerSubmissions,
  listRewards,
  listTeams,
} from '../../src-main/workbook/queries/planning'
import { getActivePayCycle } from '../../src-main/workbook/queries/pay-cycles'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableRows } from '../support/table-query'
import { demoFile } from '../support/demo-backend'
import { seededRandom } from '../support/seeded'

/**
 * The table model is kept up to date incrementally; after any sequence of edits it must equal a full
 * `evaluatePlan` of the workbook as stored: every row (violations, proration, compa ratio, position in
 * range) and every team's planned spend, budget and aboveBudgetExceeded.
 */

const { dir, file } = demoFile('model', 300)
const { session, dispatcher } = testBackend(dir)
const allRows = () => tableRows(dispatcher)

async function expectModelEqualsFullEvaluation(): Promise<void> {
  const workbook = session.workbook as Workbook
  const user = session.user
  const [employees, rewards, jobProfiles, payRanges, teams, submissions, payCycle] = await Promise.all([
    listEmployees(workbook),
    listRewards(workbook),
    listJobProfiles(workbook),
    listPayRanges(workbook),
    listTeams(workbook),
    listPlannerSubmissions(workbook),
    getActivePayCycle(workbook),
  ])
  const full = evaluatePlan({
    employees,
    rewards,
    jobProfiles,
    payRanges,
    teams,
    submissions,
    payCycle: payCycle!,
    viewerEmployeeId: user?.employeeId ?? null,
  })
  const rows = await allRows()
  expect(rows).toHaveLength(employees.length)
  for (const row of rows) {
    const expected = full.employees.get(row.id)
    expect({ id: row.id, violations: row.violations, severity: row.severity }).toEqual({
      id: row.id,
      violations: expected?.violations,
      severity: expected?.severity,
    })
    expect(row.proratedPercent).toBe(expected?.proration.percent)
    expect(row.compaRatio).toBe(expected?.compaRatio)
    expect(row.positionInRange).toBe(expected?.positionInRange)
  }
  const model = await session.table.get(workbook)
  for (const team of teams) {
    const expected = full.teams.get(team.id)
    expect({
      team: team.id,
      used: model.teamUsed.get(team.id),
      budget: model.teamBudget.get(team.id),
      violations: model.teamViolations(team.id),
    }).toEqual({
      team: team.id,
      used: expected?.totals.usedTeamBudget,
      budget: expected?.totals.computedTeamBudget,
      violations: expected?.violations,
    })
  }
}

beforeAll(async () => {
  // The bonus change counts towards budgets too, so edits of bonuses move team totals.
  const config = await cli('config', file, '--set', 'bonusOnTotalCashBasis=true')
  expect(config.code).toBe(0)
  expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})

describe('the table model against a full evaluatePlan', () => {
  it('matches on the workbook as opened', async () => {
    await expectModelEqualsFullEvaluation()
  })

  it('still matches after random batches of edits (salary by percent and dollars, bonuses, lump sums, promotions, clears)', async () => {
    const next = seededRandom(7)
    const profiles = await dispatcher.dispatch('jobProfiles.list', {})
    const profileIds = profiles.ok ? profiles.value.map((p) => p.id) : []
    for (let round = 0; round < 6; round++) {
      const editable = (await allRows()).filter((r) => r.editable)
      const updates = Array.from({ length: 1 + Math.floor(next() * 8) }, () => {
        const row = editable[Math.floor(next() * editable.length)]
        const pick = next()
        const changes =
          pick < 0.3
            ? { newSalary: newPayFromPercent(row.currentSalary, Math.round(next() * 30 - 8)) }
            : pick < 0.45
              ? { newSalary: row.currentSalary + Math.round(next() * 2_000_000) }
              : pick < 0.6
                ? { lumpSum: Math.round(next() * 500_000) }
                : pick < 0.7
                  ? { newPercentBonus: Math.round(next() * 2000) / 100 }
                  : pick < 0.8
                    ? { newDollarBonus: Math.round(next() * 1_000_000) }
                    : pick < 0.9
                      ? {
                          promotion: true,
                          newJobProfileId: profileIds[Math.floor(next() * profileIds.length)],
                          newSalary: newPayFromPercent(row.currentSalary, 12),
                        }
                      : { newSalary: null, lumpSum: null }
        return { employeeId: row.id, changes }
      })
      const result = await dispatcher.dispatch('rewards.update', { updates })
      expect(result.ok).toBe(true)
      await expectModelEqualsFullEvaluation()
    }
  })

  it('still matches after a team budget changes (the model is rebuilt)', async () => {
    const teams = await dispatcher.dispatch('teams.list', {})
    const team = teams.ok ? teams.value.find((t) => t.budget !== null) : undefined
    expect(team).toBeDefined()
    const saved = await dispatcher.dispatch('teams.setBudget', { teamId: team!.id, budget: 100 })
    expect(saved.ok).toBe(true)
    await expectModelEqualsFullEvaluation()
    const model = await session.table.get(session.workbook as Workbook)
    expect(model.teamViolations(team!.id).map((v) => v.message)).toEqual(['Total pay exceeds your budget.'])
  })
})
