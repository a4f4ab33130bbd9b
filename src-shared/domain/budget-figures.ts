import { convertCents, withDefaultRate } from './currency-conversion'
import type { TeamTree } from './hierarchy'
import { leftOutForRate, missingRatesTally, NO_MISSING_RATES, type MissingRates } from './missing-rates'
import type { Cents } from './money'
import type { CurrencyContext } from './violations'

/**
 * calculate-budget (budget distribution, HyperBalance): every team's calculated and recommended
 * budget, for the desktop's budget views and the company server alike. O(employees + teams).
 */

/** What one employee brings to the figures. */
export interface BudgetFigureEmployee {
  teamId: number | null
  /** Current annual pay in the pay's currency. */
  currentAnnualPay: Cents
  payCurrency: string
  /** Fully prorated employees take no share of the budget. */
  fullyProrated: boolean
  /** The reward's hyperbalance_annual_allocated_budget (a saved matrix's allocation). */
  allocated: Cents | null
}

export interface BudgetFigureSums {
  /** Employees planned in the team: its members and every team below. */
  headcount: Map<number, number>
  /** Direct members only. */
  memberCount: Map<number, number>
  /** Current annual pay of the planned employees who are not fully prorated, default currency. */
  eligiblePayroll: Map<number, Cents>
  /** Sum of the planned employees' allocations; null when none has one. */
  allocated: Map<number, Cents | null>
  company: { headcount: number; eligiblePayroll: Cents; allocated: Cents | null; missingRates: MissingRates }
  /** Who each team's eligible payroll leaves out for want of a rate (team and below); absent: nobody. */
  missingRates: Map<number, MissingRates>
}

/** A team's `missingRates` (NO_MISSING_RATES when every pay in it has a rate). */
export function teamMissingRates(sums: BudgetFigureSums, teamId: number): MissingRates {
  return sums.missingRates.get(teamId) ?? NO_MISSING_RATES
}

/**
 * Calculated budget: the company merit budget shared by eligible payroll (rounded per team to the
 * cent).
 */
export function calculatedBudget(
  companyBudget: Cents | null,
  teamEligiblePayroll: Cents,
  companyEligiblePayroll: Cents,
): Cents | null {
  if (companyBudget == null || companyEligiblePayroll <= 0) return null
  return Math.round((companyBudget * teamEligiblePayroll) / companyEligiblePayroll)
}

/** Each team's sums over its members and every team below it (the tree's teams only). */
export function budgetFigureSums(
  tree: TeamTree,
  employees: Iterable<BudgetFigureEmployee>,
  currency: CurrencyContext,
): BudgetFigureSums {
  const { defaultCurrency } = currency
  const rates = withDefaultRate(defaultCurrency, currency.rates)
  const headcount = new Map<number, number>()
  const memberCount = new Map<number, number>()
  const eligiblePayroll = new Map<number, Cents>()
  const allocated = new Map<number, Cents | null>()
  for (const id of tree.order) {
    headcount.set(id, 0)
    eligiblePayroll.set(id, 0)
    allocated.set(id, null)
  }
  const company = { headcount: 0, eligiblePayroll: 0, allocated: null as Cents | null }
  // Eligible pay without a rate counts as 0 (spec §9): said, not dropped silently.
  const missing = missingRatesTally(defaultCurrency, rates)
  const teamMissing = new Map<number, ReturnType<typeof leftOutForRate>>()
  for (const e of employees) {
    if (!e.fullyProrated && missing.add(e.payCurrency, e.currentAnnualPay)) {
      // The team and every team above it leave this pay out too (the tree's teams only).
      for (let id = e.teamId; id != null && headcount.has(id); id = tree.parent.get(id) ?? null) {
        const left = teamMissing.get(id) ?? leftOutForRate()
        left.add(e.payCurrency, e.currentAnnualPay)
        teamMissing.set(id, left)
      }
    }
    const pay = e.fullyProrated ? 0 : convertCents(e.currentAnnualPay, e.payCurrency, defaultCurrency, rates)
    const amount = e.allocated
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
  return {
    headcount,
    memberCount,
    eligiblePayroll,
    allocated,
    company: { ...company, missingRates: missing.result() },
    missingRates: new Map([...teamMissing].map(([id, left]) => [id, left.result()])),
  }
}

/**
 * Each team's calculated budget and its recommended budget (calculate-budget): the saved matrix's
 * allocations to the team's employees, else the calculated budget; null when neither exists.
 */
export function teamBudgetFigures(
  teamIds: Iterable<number>,
  sums: BudgetFigureSums,
  companyBudget: Cents | null,
): { calculated: Map<number, Cents | null>; recommended: Map<number, Cents | null> } {
  const calculated = new Map<number, Cents | null>()
  const recommended = new Map<number, Cents | null>()
  for (const id of teamIds) {
    const calc = calculatedBudget(
      companyBudget,
      sums.eligiblePayroll.get(id) ?? 0,
      sums.company.eligiblePayroll,
    )
    calculated.set(id, calc)
    recommended.set(id, sums.allocated.get(id) ?? calc)
  }
  return { calculated, recommended }
}
