import type { MissingRates } from '../domain/missing-rates'
import type { TeamBudgetStatus } from '../domain/team-budget'

/**
 * The budget distribution view (HyperBalance) and the manager budget view, as the main process
 * computes them for one level of the team tree. Money is cents; `…InDefault` and every computed
 * budget are in the pay cycle's default currency.
 */
export interface BudgetTile {
  id: number
  name: string
  managerName: string | null
  /** Employees planned in this team: its members and every team below. */
  headcount: number
  /** Direct members (the budget input needs more than 2). */
  memberCount: number
  subTeamCount: number
  budget: number | null
  budgetCurrency: string | null
  budgetInDefault: number | null
  /** The company merit budget's share by eligible payroll; null without a company budget. */
  calculatedBudget: number | null
  /** The saved matrix's allocations to the team's employees, else the calculated budget. */
  recommendedBudget: number | null
  /** Sum of hyperbalance_annual_allocated_budget below; null before a matrix is saved. */
  allocatedBudget: number | null
  /** Planned spend (aboveBudgetExceeded's sum). */
  usedBudget: number
  /** The budget that spend is measured against: the team's budget, else its allocated budgets. */
  givenBudget: number | null
  status: TeamBudgetStatus
  errors: string[]
  warnings: string[]
  /** 'Fix before HyperBalance Calculation' or 'This may cause potential errors in HyperBalance Calculation'. */
  statusTooltip: string | null
  /** 'Input is disabled because the team has 2 or fewer members.' when it is. */
  budgetDisabledReason: string | null
}

export interface CompanyBudget {
  name: string
  /** The pay cycle's company merit budget. */
  budget: number | null
  usedBudget: number
  allocatedBudget: number | null
  headcount: number
  eligiblePayroll: number
  /** Employees whose pay has no conversion rate: left out of Eligible payroll (issue 36). */
  missingRates: MissingRates
}

export interface BudgetLevel {
  defaultCurrency: string
  company: CompanyBudget
  /** The team drilled into; null for the Company View. */
  root: BudgetTile | null
  /** The root's ancestors, top first ('Back to {parent}' is the last). */
  trail: { id: number; name: string }[]
  /** The root's sub-teams (Company View: the teams without a parent), a page of them. */
  tiles: BudgetTile[]
  total: number
  offset: number
  /** A matrix configuration is saved: 'HyperBalance Calculated Distribution' is enabled. */
  distributionEnabled: boolean
  /** A budget changed since the matrix was saved ("HyperBalance changed"): its distribution is out of date. */
  budgetsChanged: boolean
}

export interface ManagerTile extends BudgetTile {
  /** Given minus used; null without a given budget. */
  surplus: number | null
  /** 'This team is over budget.' (error), 'A child team is over budget.' (warning). */
  alerts: { severity: 'warning' | 'error'; message: string }[]
}

export interface ManagerBudgetLevel {
  defaultCurrency: string
  /** The team shown; null at the top, where `tiles` are the viewer's own teams. */
  team: ManagerTile | null
  /** Ancestors within the viewer's teams, top first. */
  trail: { id: number; name: string }[]
  tiles: ManagerTile[]
}
