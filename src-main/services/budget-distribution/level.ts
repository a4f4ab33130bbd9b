import type {
  BudgetLevel,
  BudgetTile,
  ManagerBudgetLevel,
  ManagerTile,
  SessionUser,
} from '../../../src-shared/contract'
import { ancestorTeamIds, childTeamIds, teamTreeRootIds } from '../../../src-shared/domain/hierarchy'
import {
  budgetInputState,
  companyAllocated,
  managerBudgetView,
  type TeamSpend,
} from '../../../src-shared/domain/team-budget'
import { teamBudgetInDefaultCurrency } from '../../../src-shared/domain/violations'
import { Failure } from '../failure'
import type { TableModel } from '../table/model'
import { budgetFigures } from './figures'

export interface LevelQuery {
  teamId: number | null
  offset: number
  limit: number
}

const byName = (model: TableModel) => (a: number, b: number) =>
  (model.teams.get(a)?.name ?? '').localeCompare(model.teams.get(b)?.name ?? '') || a - b

function requireTeam(model: TableModel, teamId: number): void {
  if (!model.teams.has(teamId)) throw new Failure('NOT_FOUND', `No team has the id ${teamId}.`)
}

export function budgetTile(model: TableModel, teamId: number): BudgetTile {
  const figures = budgetFigures(model)
  const team = model.teams.get(teamId)
  if (!team) throw new Failure('NOT_FOUND', `No team has the id ${teamId}.`)
  const check = figures.checks.get(teamId)
  const memberCount = figures.memberCount.get(teamId) ?? 0
  return {
    id: team.id,
    name: team.name,
    managerName: team.managerId == null ? null : (model.names.get(team.managerId) ?? null),
    headcount: figures.headcount.get(teamId) ?? 0,
    memberCount,
    subTeamCount: childTeamIds(model.tree, teamId).length,
    budget: team.budget,
    budgetCurrency: team.budgetCurrency,
    budgetInDefault: teamBudgetInDefaultCurrency(team, model.rules.currency),
    calculatedBudget: figures.calculated.get(teamId) ?? null,
    recommendedBudget: figures.recommended.get(teamId) ?? null,
    allocatedBudget: figures.allocated.get(teamId) ?? null,
    usedBudget: model.teamUsed.get(teamId) ?? 0,
    givenBudget: model.teamBudget.get(teamId) ?? null,
    status: check?.status ?? 'none',
    errors: check?.errors ?? [],
    warnings: check?.warnings ?? [],
    statusTooltip: check?.tooltip ?? null,
    budgetDisabledReason: budgetInputState(memberCount).tooltip,
  }
}

const trailOf = (model: TableModel, teamId: number, stopAt: ReadonlySet<number> | null = null) => {
  const ids = ancestorTeamIds(model.tree, teamId).reverse()
  const from = stopAt ? ids.findIndex((id) => stopAt.has(id)) : 0
  return (from < 0 ? [] : ids.slice(from)).map((id) => ({ id, name: model.teams.get(id)?.name ?? '' }))
}

/** One level of the budget distribution view: the company or a team, and a page of the tiles below it. */
export function budgetLevel(
  model: TableModel,
  query: LevelQuery,
  companyName: string,
  matrix: Pick<BudgetLevel, 'distributionEnabled' | 'budgetsChanged'>,
): BudgetLevel {
  const figures = budgetFigures(model)
  if (query.teamId != null) requireTeam(model, query.teamId)
  const below = query.teamId == null ? [...model.tree.roots] : [...childTeamIds(model.tree, query.teamId)]
  below.sort(byName(model))
  let used = 0
  for (const id of model.tree.roots) used += model.teamUsed.get(id) ?? 0
  return {
    defaultCurrency: model.payCycle.defaultCurrency,
    company: {
      name: companyName,
      budget: model.payCycle.companyMeritBudget,
      usedBudget: used,
      allocatedBudget: companyAllocated(
        [...model.tree.roots].map((id) => {
          const team = model.teams.get(id)
          return {
            budget: team ? teamBudgetInDefaultCurrency(team, model.rules.currency) : null,
            allocated: figures.allocated.get(id) ?? null,
          }
        }),
        figures.company.allocated,
      ),
      headcount: figures.company.headcount,
      eligiblePayroll: figures.company.eligiblePayroll,
      missingRates: figures.company.missingRates,
    },
    root: query.teamId == null ? null : budgetTile(model, query.teamId),
    trail: query.teamId == null ? [] : trailOf(model, query.teamId),
    tiles: below.slice(query.offset, query.offset + query.limit).map((id) => budgetTile(model, id)),
    total: below.length,
    offset: query.offset,
    ...matrix,
  }
}

/**
 * The manager budget view: the teams the viewer manages or plans (spec §6: the tree starts from the
 * viewer's managed teams; users without an employee start from the teams without a parent), one
 * level at a time; 'Given Budget' is the team's budget, else its allocated budgets.
 */
export function managerBudgetLevel(
  model: TableModel,
  user: SessionUser,
  teamId: number | null,
): ManagerBudgetLevel {
  const teams = [...model.teams.values()]
  const viewer = user.employeeId
  const managesOrPlans = (id: number) => {
    const team = model.teams.get(id)
    return team != null && (team.managerId === viewer || team.plannerId === viewer)
  }
  const tops = teamTreeRootIds(model.tree, teams, viewer, (team) => (managesOrPlans(team.id) ? viewer : null))
  const topSet = new Set(tops)
  if (teamId != null) {
    requireTeam(model, teamId)
    const visible = topSet.has(teamId) || ancestorTeamIds(model.tree, teamId).some((id) => topSet.has(id))
    if (!visible) throw new Failure('FORBIDDEN', 'This team is not one of yours.')
  }
  const spend = new Map<number, TeamSpend>()
  const spendOf = (id: number): TeamSpend => ({
    given: model.teamBudget.get(id) ?? null,
    used: model.teamUsed.get(id) ?? 0,
  })
  for (const id of model.tree.order) spend.set(id, spendOf(id))
  const managerTile = (id: number): ManagerTile => {
    const view = managerBudgetView(id, model.tree, spend)
    return { ...budgetTile(model, id), surplus: view.surplus, alerts: view.alerts }
  }
  const below = teamId == null ? tops : [...childTeamIds(model.tree, teamId)].sort(byName(model))
  return {
    defaultCurrency: model.payCycle.defaultCurrency,
    team: teamId == null ? null : managerTile(teamId),
    trail: teamId == null ? [] : trailOf(model, teamId, topSet),
    tiles: below.map(managerTile),
  }
}
