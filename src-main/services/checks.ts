import type { CheckReport, EmployeeCheck, SessionUser, TeamCheck } from '../../src-shared/contract'
import { evaluatePlan } from '../../src-shared/domain/plan-evaluation'
import { inScope, planningScope } from '../../src-shared/domain/visibility'
import type { Workbook } from '../workbook/open'
import {
  listEmployees,
  listJobProfiles,
  listPayRanges,
  listPlannerSubmissions,
  listRewards,
  listTeams,
} from '../workbook/queries/planning'
import { requireCurrentPayCycle } from './pay-cycle'

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Every violation, proration and team budget check the acting user can see: employees sorted by
 * Employee Id, teams by name. Aggregate violations (aboveBudgetExceeded) sit on their team.
 */
export async function runChecks(workbook: Workbook, user: SessionUser): Promise<CheckReport> {
  const [employees, rewards, jobProfiles, payRanges, teams, submissions, payCycle] = await Promise.all([
    listEmployees(workbook),
    listRewards(workbook),
    listJobProfiles(workbook),
    listPayRanges(workbook),
    listTeams(workbook),
    listPlannerSubmissions(workbook),
    requireCurrentPayCycle(workbook),
  ])
  const evaluation = evaluatePlan({
    employees,
    rewards,
    jobProfiles,
    payRanges,
    teams,
    submissions,
    payCycle,
    viewerEmployeeId: user.employeeId,
  })
  const scope = planningScope(user.role, user.employeeId, teams)

  const employeeChecks: EmployeeCheck[] = []
  for (const employee of employees) {
    const result = evaluation.employees.get(employee.id)
    if (!result || !inScope(scope, employee.teamId)) continue
    employeeChecks.push({
      id: employee.companyEmployeeId,
      severity: result.severity,
      violations: result.violations,
      proratedPercent: result.proration.percent,
      prorationReasons: result.proration.reasons,
      compaRatio: result.compaRatio,
      positionInRange: result.positionInRange,
    })
  }
  const teamChecks: (TeamCheck & { id: number })[] = []
  for (const team of teams) {
    const result = evaluation.teams.get(team.id)
    if (!result || !inScope(scope, team.id)) continue
    teamChecks.push({
      id: team.id,
      name: team.name,
      status: result.budgetCheck.status,
      messages: result.budgetCheck.messages,
      violations: result.violations,
    })
  }
  return {
    employees: employeeChecks.sort((a, b) => byText(a.id, b.id)),
    teams: teamChecks
      .sort((a, b) => byText(a.name, b.name) || a.id - b.id)
      .map(({ id: _id, ...team }) => team),
  }
}
