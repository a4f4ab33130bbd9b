import { convertCents, withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import {
  teamBudgetChecks,
  type BudgetTeam,
  type TeamBudgetCheck,
} from '../../../src-shared/domain/team-budget'
import type { TableModel } from '../table/model'

/**
 * What the budget views need of every team, computed in O(employees + teams) once per table model
 * and team budget change (`model.budgetVersion`); the model itself is rebuilt when the pay cycle or
 * the company changes. Planned spend is read live from `model.teamUsed`.
 */
export interface BudgetFigures {
  /** Employees planned in the team: its members and every team below. */
  headcount: Map<number, number>
  /** Direct members only. */
  memberCount: Map<number, number>
  /** Current annual pay of the planned employees who are not fully prorated, default currency. */
  eligiblePayroll: Map<number, number>
  /** Sum of the planned employees' hyperbalance_annual_allocated_budget; null when none has one. */
  allocated: Map<number, number | null>
  calculated: Map<number, number | null>
  recommended: Map<number, number | null>
  checks: Map<number, TeamBudgetCheck>
  company: { headcount: number; eligiblePayroll: number; allocated: number | null }
}

const cache = new WeakMap<TableModel, { version: number; figures: BudgetFigures }>()

export function budgetFigures(model: TableModel): BudgetFigures {
  const cached = cache.get(model)
  if (cached?.version === model.budgetVersion) return cached.figures
  const figures = computeFigures(model)
  cache.set(model, { version: model.budgetVersion, figures })
  return figures
}

/**
 * Calculated budget: the company merit budget shared by eligible payroll (rounded per team to the
 * cent). Recommended budget (calculate-budget): the saved matrix's allocations to the team's
 * employees, else the calculated budget.
 */
export function calculatedBudget(
  companyBudget: number | null,
  teamEligiblePayroll: number,
  companyEligiblePayroll: number,
): number | null {
  if (companyBudget == null || companyEligiblePayroll <= 0) return null
  return Math.round((companyBudget * teamEligiblePayroll) / companyEligiblePayroll)
}

function computeFigures(model: TableModel): BudgetFigures {
  const { tree } = model
  const { defaultCurrency } = model.rules.currency
  const rates = withDefaultRate(defaultCurrency, model.rules.currency.rates)
  const headcount = new Map<number, number>()
  const memberCount = new Map<number, number>()
  const eligiblePayroll = new Map<number, number>()
  const allocated = new Map<number, number | null>()
  for (const id of tree.order) {
    headcount.set(id, 0)
    eligiblePayroll.set(id, 0)
    allocated.set(id, null)
  }
  const company = { headcount: 0, eligiblePayroll: 0, allocated: null as number | null }
  for (const row of model.rows) {
    const { e } = row
    const pay = row.proration.fullyProrated
      ? 0
      : convertCents(row.currentAnnualPay, e.defaultPayCurrency, defaultCurrency, rates)
    const amount = e.hyperbalanceAnnualAllocatedBudget
    company.headcount += 1
    company.eligiblePayroll += pay
    if (amount != null) company.allocated = (company.allocated ?? 0) + amount
    const teamId = e.teamId
    if (teamId == null || !headcount.has(teamId)) continue
    memberCount.set(teamId, (memberCount.get(teamId) ?? 0) + 1)
    headcount.set(teamId, (headcount.get(teamId) ?? 0) + 1)
    eligiblePayroll.set(teamId, (eligiblePayroll.get(teamId) ?? 0) + pay)
    if (amount != null) allocated.set(teamId, (allocated.get(teamId) ?? 0) + amount)
  }
  // Children before parents: fold each team's sums into its parent.
  for (let i = tree.order.length - 1; i >= 0; i--) {
    const id = tree.order[i]
    const parentId = tree.parent.get(id)
    if (parentId == null) continue
    headcount.set(parentId, (headcount.get(parentId) ?? 0) + (headcount.get(id) ?? 0))
    eligiblePayroll.set(parentId, (eligiblePayroll.get(parentId) ?? 0) + (eligiblePayroll.get(id) ?? 0))
    const mine = allocated.get(id) ?? null
    if (mine != null) allocated.set(parentId, (allocated.get(parentId) ?? 0) + mine)
  }
  const companyBudget = model.payCycle.companyMeritBudget
  const calculated = new Map<number, number | null>()
  const recommended = new Map<number, number | null>()
  const budgetTeams: BudgetTeam[] = []
  for (const team of model.teams.values()) {
    const calc = calculatedBudget(companyBudget, eligiblePayroll.get(team.id) ?? 0, company.eligiblePayroll)
    const rec = allocated.get(team.id) ?? calc
    calculated.set(team.id, calc)
    recommended.set(team.id, rec)
    budgetTeams.push({ ...team, calculatedBudget: calc, recommendedBudget: rec })
  }
  const checks = teamBudgetChecks(budgetTeams, model.rules.currency, tree)
  return { headcount, memberCount, eligiblePayroll, allocated, calculated, recommended, checks, company }
}
