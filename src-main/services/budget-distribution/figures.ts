import {
  budgetFigureSums,
  teamBudgetFigures,
  type BudgetFigureSums,
} from '../../../src-shared/domain/budget-figures'
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
  /** budget-figures.ts's sums: headcount, members, eligible payroll and allocations per team. */
  headcount: Map<number, number>
  memberCount: Map<number, number>
  eligiblePayroll: Map<number, number>
  allocated: Map<number, number | null>
  calculated: Map<number, number | null>
  recommended: Map<number, number | null>
  checks: Map<number, TeamBudgetCheck>
  company: BudgetFigureSums['company']
  /** Per team (and below): who its eligible payroll leaves out for want of a rate (issue 36). */
  missingRates: BudgetFigureSums['missingRates']
}

const cache = new WeakMap<TableModel, { version: number; figures: BudgetFigures }>()

export function budgetFigures(model: TableModel): BudgetFigures {
  const cached = cache.get(model)
  if (cached?.version === model.budgetVersion) return cached.figures
  const figures = computeFigures(model)
  cache.set(model, { version: model.budgetVersion, figures })
  return figures
}

function computeFigures(model: TableModel): BudgetFigures {
  const currency = model.rules.currency
  const sums = budgetFigureSums(
    model.tree,
    model.rows.map((row) => ({
      teamId: row.e.teamId,
      currentAnnualPay: row.currentAnnualPay,
      payCurrency: row.e.defaultPayCurrency,
      fullyProrated: row.proration.fullyProrated,
      allocated: row.e.hyperbalanceAnnualAllocatedBudget,
    })),
    currency,
  )
  const { calculated, recommended } = teamBudgetFigures(
    model.teams.keys(),
    sums,
    model.payCycle.companyMeritBudget,
  )
  const budgetTeams: BudgetTeam[] = [...model.teams.values()].map((team) => ({
    ...team,
    calculatedBudget: calculated.get(team.id) ?? null,
    recommendedBudget: recommended.get(team.id) ?? null,
  }))
  const checks = teamBudgetChecks(budgetTeams, currency, model.tree)
  return { ...sums, calculated, recommended, checks }
}
