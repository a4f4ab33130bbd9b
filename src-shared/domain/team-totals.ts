import { convertCents, withDefaultRate } from './currency-conversion'
import { buildTeamTree, teamHolderId, type TeamLink, type TeamTree } from './hierarchy'
import type { Cents } from './money'
import { annualPay } from './pay'
import {
  plannedSpend,
  teamBudgetInDefaultCurrency,
  type BudgetEmployee,
  type BudgetReward,
  type BudgetSettings,
  type CurrencyContext,
} from './violations'

/**
 * Team totals (spec §3 "Computed values", §9 "Team salary total") for the whole tree in one pass:
 * O(employees + teams). All money is annual, in the default currency.
 *
 * Two sets of employees per team:
 * - planned employees: members of the team or of any team below it (by teamId). A manager is a member
 *   of their team's parent, so their own raise is planned one level up. Payroll, budgets, counts and
 *   the average rating use this set.
 * - salary total: members + sub-team totals + the manager, excluding members who manage sub-teams.
 *   Each employee is counted once, at a "home" team: the highest team they hold (a manager), else
 *   their own team; a team's total is the sum over homes in its subtree. For a consistent store this is
 *   exactly the spec's formula, and a manager of several teams is never counted twice.
 */

export interface TotalsTeam extends TeamLink {
  managerId: number | null
  budget: Cents | null
  budgetCurrency: string | null
}

export interface TotalsEmployee extends BudgetEmployee {
  teamId: number | null
  payCycleId?: number | null
}

export interface TotalsReward extends BudgetReward {
  performanceRating: number | null
}

export interface TeamTotals {
  /** Spec §9 "Team salary total". */
  salaryTotal: Cents
  /** Current annual pay of the planned employees. */
  totalPayroll: Cents
  /** The same, without the fully prorated (ineligible) employees. */
  totalEligiblePayroll: Cents
  /** The team's budget (converted), else the sum of allocated budgets below it; null when neither exists. */
  computedTeamBudget: Cents | null
  /** Planned spend as aboveBudgetExceeded sums it (violations.ts `plannedSpend`). */
  usedTeamBudget: Cents
  subEmployeeCount: number
  eligibleSubEmployeeCount: number
  /** Mean of the rated planned employees' ratings; null when none is rated. */
  averagePerformanceRating: number | null
}

export interface TeamTotalsInput {
  teams: readonly TotalsTeam[]
  employees: readonly TotalsEmployee[]
  rewards: ReadonlyMap<number, TotalsReward>
  /** Employees prorated at 100% (proration.ts). */
  fullyProratedIds?: ReadonlySet<number>
  settings: BudgetSettings
  currency: CurrencyContext
  /** Managers from another pay cycle do not hold their teams (hierarchy.ts `holdsTeam`). */
  currentPayCycleId?: number | null
  /** Pass a tree already built to save the work. */
  tree?: TeamTree
}

interface Sums {
  salary: Cents
  payroll: Cents
  eligiblePayroll: Cents
  used: Cents
  allocated: Cents | null
  count: number
  eligibleCount: number
  ratingSum: number
  ratingCount: number
}

const emptySums = (): Sums => ({
  salary: 0,
  payroll: 0,
  eligiblePayroll: 0,
  used: 0,
  allocated: null,
  count: 0,
  eligibleCount: 0,
  ratingSum: 0,
  ratingCount: 0,
})

function addInto(target: Sums, source: Sums): void {
  target.salary += source.salary
  target.payroll += source.payroll
  target.eligiblePayroll += source.eligiblePayroll
  target.used += source.used
  if (source.allocated != null) target.allocated = (target.allocated ?? 0) + source.allocated
  target.count += source.count
  target.eligibleCount += source.eligibleCount
  target.ratingSum += source.ratingSum
  target.ratingCount += source.ratingCount
}

/** The team each employee's salary is counted at: the highest team they hold, else their own team. */
export function salaryHomeTeams(
  tree: TeamTree,
  teams: readonly TotalsTeam[],
  employees: readonly TotalsEmployee[],
  currentPayCycleId?: number | null,
): Map<number, number> {
  const byId = new Map(teams.map((t) => [t.id, t]))
  const employeesById = new Map(employees.map((e) => [e.id, e]))
  const home = new Map<number, number>()
  for (const teamId of tree.order) {
    const team = byId.get(teamId)
    const holder = team ? teamHolderId(team, employeesById, currentPayCycleId) : null
    if (holder != null && !home.has(holder)) home.set(holder, teamId)
  }
  for (const employee of employees) {
    if (!home.has(employee.id) && employee.teamId != null && tree.depth.has(employee.teamId)) {
      home.set(employee.id, employee.teamId)
    }
  }
  return home
}

export function teamTotals(input: TeamTotalsInput): Map<number, TeamTotals> {
  const { teams, employees, rewards, settings, currency } = input
  const tree = input.tree ?? buildTeamTree(teams)
  const rates = withDefaultRate(currency.defaultCurrency, currency.rates)
  const context: CurrencyContext = { defaultCurrency: currency.defaultCurrency, rates }
  const prorated = input.fullyProratedIds ?? new Set<number>()
  const sums = new Map<number, Sums>()
  for (const id of tree.order) sums.set(id, emptySums())

  const home = salaryHomeTeams(tree, teams, employees, input.currentPayCycleId)
  for (const employee of employees) {
    const annual = annualPay(employee.currentSalary, employee.salaried, employee.fte)
    const pay = convertCents(annual, employee.defaultPayCurrency, currency.defaultCurrency, rates)
    const homeSums = sums.get(home.get(employee.id) ?? Number.NaN)
    if (homeSums) homeSums.salary += pay

    const own = employee.teamId == null ? undefined : sums.get(employee.teamId)
    if (!own) continue
    const reward = rewards.get(employee.id) ?? null
    const eligible = !prorated.has(employee.id)
    own.payroll += pay
    own.count += 1
    if (eligible) {
      own.eligiblePayroll += pay
      own.eligibleCount += 1
    }
    own.used += plannedSpend(employee, reward, settings, context)
    const allocated = reward?.hyperbalanceAnnualAllocatedBudget
    if (allocated != null) own.allocated = (own.allocated ?? 0) + allocated
    const rating = reward?.performanceRating
    if (rating != null && Number.isFinite(rating)) {
      own.ratingSum += rating
      own.ratingCount += 1
    }
  }

  // Children before parents: fold each team's sums into its parent.
  for (let i = tree.order.length - 1; i >= 0; i--) {
    const id = tree.order[i]
    const parentId = tree.parent.get(id)
    const mine = sums.get(id)
    const parent = parentId == null ? undefined : sums.get(parentId)
    if (mine && parent) addInto(parent, mine)
  }

  const result = new Map<number, TeamTotals>()
  for (const team of teams) {
    const s = sums.get(team.id)
    if (!s) continue
    result.set(team.id, {
      salaryTotal: s.salary,
      totalPayroll: s.payroll,
      totalEligiblePayroll: s.eligiblePayroll,
      computedTeamBudget: teamBudgetInDefaultCurrency(team, context) ?? s.allocated,
      usedTeamBudget: s.used,
      subEmployeeCount: s.count,
      eligibleSubEmployeeCount: s.eligibleCount,
      averagePerformanceRating: s.ratingCount > 0 ? s.ratingSum / s.ratingCount : null,
    })
  }
  return result
}
