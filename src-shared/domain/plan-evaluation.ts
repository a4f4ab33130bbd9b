import { activePlannersByTeam, buildTeamTree, type PlanningTeam } from './hierarchy'
import type { Cents } from './money'
import { annualPay, compaRatio, positionInRange, type PayRangeBounds } from './pay'
import { proration, type ProrationEmployee, type ProrationResult } from './proration'
import type { CurrencyConversions, PayCycleSettings } from './settings'
import { teamBudgetChecks, type BudgetTeam, type TeamBudgetCheck } from './team-budget'
import {
  teamTotals,
  type TeamTotals,
  type TotalsEmployee,
  type TotalsReward,
  type TotalsTeam,
} from './team-totals'
import {
  aboveBudgetViolation,
  overallSeverity,
  rowViolations,
  subPlannerViolation,
  type CurrencyContext,
  type OverallSeverity,
  type Violation,
} from './violations'

/**
 * Every rule over a whole company at once, for the Compensation Table (instant feedback) and the
 * main process (checks, CLI) alike. O(employees × team depth + teams).
 */

export interface EvaluationEmployee extends TotalsEmployee, ProrationEmployee {
  name: string
  jobProfileId: number | null
}

export interface EvaluationReward extends TotalsReward {
  employeeId: number
  performancePlan: boolean
  previousIncrease?: string | null
  newJobProfileId?: number | null
}

export interface EvaluationTeam extends TotalsTeam, BudgetTeam, PlanningTeam {}

export interface EvaluationInput {
  employees: readonly EvaluationEmployee[]
  rewards: readonly EvaluationReward[]
  jobProfiles: readonly { id: number; payRangeId: number | null }[]
  payRanges: readonly (PayRangeBounds & { id: number })[]
  teams: readonly EvaluationTeam[]
  /** Planner submissions; those of the given pay cycle count. */
  submissions: readonly { plannerEmployeeId: number; payCycleId: number }[]
  payCycle: {
    id: number
    settings: PayCycleSettings
    defaultCurrency: string
    currencyConversions: CurrencyConversions
  }
  /** The logged-in (or viewed-as) employee, for subPlannerNotSubmitted. */
  viewerEmployeeId: number | null
}

export interface EmployeeEvaluation {
  severity: OverallSeverity
  violations: Violation[]
  proration: ProrationResult
  compaRatio: number | null
  positionInRange: number | null
}

export interface TeamEvaluation {
  budgetCheck: TeamBudgetCheck
  /** The aggregate rule (aboveBudgetExceeded) sits on the team it concerns. */
  violations: Violation[]
  totals: TeamTotals
}

export interface PlanEvaluation {
  employees: Map<number, EmployeeEvaluation>
  teams: Map<number, TeamEvaluation>
}

export function evaluatePlan(input: EvaluationInput): PlanEvaluation {
  const { settings } = input.payCycle
  const currency: CurrencyContext = {
    defaultCurrency: input.payCycle.defaultCurrency,
    rates: input.payCycle.currencyConversions,
  }
  const rewards = new Map(input.rewards.map((r) => [r.employeeId, r]))
  const ranges = new Map(input.payRanges.map((r) => [r.id, r]))
  const rangeOfProfile = new Map(input.jobProfiles.map((j) => [j.id, j.payRangeId]))
  const rangeFor = (jobProfileId: number | null | undefined): PayRangeBounds | null => {
    const rangeId = jobProfileId == null ? null : rangeOfProfile.get(jobProfileId)
    return rangeId == null ? null : (ranges.get(rangeId) ?? null)
  }
  const names = new Map(input.employees.map((e) => [e.id, e.name]))
  const teamsById = new Map(input.teams.map((t) => [t.id, t]))
  const submitted = new Set(
    input.submissions.filter((s) => s.payCycleId === input.payCycle.id).map((s) => s.plannerEmployeeId),
  )
  const tree = buildTeamTree(input.teams)
  const planners = activePlannersByTeam(tree, (id) => teamsById.get(id)?.managerId ?? null, submitted)

  const employees = new Map<number, EmployeeEvaluation>()
  const fullyProratedIds = new Set<number>()
  for (const employee of input.employees) {
    const reward = rewards.get(employee.id) ?? null
    const currentRange = rangeFor(employee.jobProfileId)
    // A promotion is checked against the new job profile's range.
    const newRange = reward?.newJobProfileId != null ? rangeFor(reward.newJobProfileId) : currentRange
    const violations = rowViolations({ employee, reward, payRange: newRange, settings, currency })
    const plannerId = employee.teamId == null ? null : (planners.get(employee.teamId) ?? null)
    const waiting = subPlannerViolation(
      plannerId === null ? null : { id: plannerId, name: names.get(plannerId) ?? null },
      input.viewerEmployeeId,
      settings,
    )
    if (waiting) violations.push(waiting)
    const prorated = proration({ employee, reward, payRange: currentRange, settings, currency })
    if (prorated.fullyProrated) fullyProratedIds.add(employee.id)
    const pay: Cents = annualPay(employee.currentSalary, employee.salaried, employee.fte)
    employees.set(employee.id, {
      severity: overallSeverity(violations),
      violations,
      proration: prorated,
      compaRatio: compaRatio(pay, currentRange, employee, currency.rates),
      positionInRange: positionInRange(pay, currentRange, employee, currency.rates),
    })
  }

  const totals = teamTotals({
    teams: input.teams,
    employees: input.employees,
    rewards,
    fullyProratedIds,
    settings,
    currency,
    tree,
  })
  const checks = teamBudgetChecks(input.teams, currency, tree)
  const teams = new Map<number, TeamEvaluation>()
  for (const team of input.teams) {
    const teamTotal = totals.get(team.id)
    const budgetCheck = checks.get(team.id)
    if (!teamTotal || !budgetCheck) continue
    const over = aboveBudgetViolation(teamTotal.usedTeamBudget, teamTotal.computedTeamBudget, settings)
    teams.set(team.id, { budgetCheck, violations: over ? [over] : [], totals: teamTotal })
  }
  return { employees, teams }
}
