import { budgetFlow, type BudgetFlow, type FlowTeam } from '../../../src-shared/domain/budget-flow'
import { childTeamIds } from '../../../src-shared/domain/hierarchy'
import { budgetFigures } from '../budget-distribution/figures'
import type { TableModel } from '../table/model'
import type { View } from '../table/query'

/** The teams of a view that have no parent in it, sorted by name (all roots for the company). */
export function topTeamsOf(model: TableModel, view: View): number[] {
  const ids =
    view.teamIds === null
      ? [...model.tree.roots]
      : [...view.teamIds].filter((id) => {
          const parent = model.tree.parent.get(id) ?? null
          return parent === null || !(view.teamIds as ReadonlySet<number>).has(parent)
        })
  return ids.sort(
    (a, b) =>
      (model.teams.get(a)?.name ?? '').localeCompare(model.teams.get(b)?.name ?? '', 'en-US') || a - b,
  )
}

/**
 * The budget flow of the company (tops null: from the company merit budget to the top teams) or of
 * the viewer's teams. A team's budget is its own (else its allocated budgets), else its calculated
 * share of the company merit budget, so a cycle whose teams have no budgets yet still shows the flow.
 */
export function flowOf(model: TableModel, tops: readonly number[] | null, rootLabel: string): BudgetFlow {
  const figures = budgetFigures(model)
  const teams = new Map<number, FlowTeam>()
  const teamOf = (id: number): FlowTeam | undefined => {
    let team = teams.get(id)
    const source = model.teams.get(id)
    if (!team && source) {
      team = {
        id,
        name: source.name,
        budget: model.teamBudget.get(id) ?? figures.calculated.get(id) ?? null,
        used: model.teamUsed.get(id) ?? 0,
        childIds: childTeamIds(model.tree, id),
      }
      teams.set(id, team)
    }
    return team
  }
  return budgetFlow({
    rootLabel,
    rootBudget: tops === null ? model.payCycle.companyMeritBudget : null,
    topIds: tops ?? model.tree.roots,
    teamOf,
  })
}
