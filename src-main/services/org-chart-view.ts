import type { OrgCard, OrgChartView, OrgTeamCard } from '../../src-shared/contract'
import { convertCents, withDefaultRate } from '../../src-shared/domain/currency-conversion'
import { ancestorTeamIds, childTeamIds } from '../../src-shared/domain/hierarchy'
import { NO_MISSING_RATES } from '../../src-shared/domain/missing-rates'
import { teamBudgetInDefaultCurrency } from '../../src-shared/domain/violations'
import { budgetFigures } from './budget-distribution/figures'
import { Failure } from './failure'
import type { RowState, TableModel } from './table/model'

/** Spec §9: a team weighs max(budget or recommended budget, 100000). */
export const MIN_TEAM_WEIGHT = 100_000_00

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')

/**
 * The org chart, one team at a time from the table model: its manager, its sub-teams, and a page
 * of its members (the company root: the top teams and the employees without a team). A member who
 * manages one of the sub-teams shown is drawn on that team's card only.
 */
export function orgChartView(
  model: TableModel,
  query: { teamId: number | null; offset: number; limit: number },
): OrgChartView {
  if (query.teamId !== null && !model.teams.has(query.teamId))
    throw new Failure('NOT_FOUND', `No team has the id ${query.teamId}.`)
  const figures = budgetFigures(model)
  const { defaultCurrency } = model.rules.currency
  const rates = withDefaultRate(defaultCurrency, model.rules.currency.rates)
  const managed = new Map<number, number>()
  for (const id of model.tree.order) {
    const managerId = model.teams.get(id)?.managerId
    if (managerId != null && !managed.has(managerId)) managed.set(managerId, id)
  }
  const card = (row: RowState): OrgCard => {
    const salary = convertCents(row.currentAnnualPay, row.e.defaultPayCurrency, defaultCurrency, rates)
    return {
      id: row.e.id,
      name: row.e.name,
      initials: initials(row.e.name),
      salary,
      weight: Math.max(salary, 1),
      managesTeamId: managed.get(row.e.id) ?? null,
    }
  }
  const teamCard = (id: number): OrgTeamCard => {
    const team = model.teams.get(id)
    const manager = team?.managerId == null ? undefined : model.row(team.managerId)
    const budget = team ? teamBudgetInDefaultCurrency(team, model.rules.currency) : null
    return {
      id,
      name: team?.name ?? '',
      manager: manager ? card(manager) : null,
      headcount: figures.headcount.get(id) ?? 0,
      subTeamCount: childTeamIds(model.tree, id).length,
      weight: Math.max(budget ?? figures.recommended.get(id) ?? 0, MIN_TEAM_WEIGHT),
      eligiblePayroll: figures.eligiblePayroll.get(id) ?? 0,
      missingRates: figures.missingRates.get(id) ?? NO_MISSING_RATES,
    }
  }
  const below = query.teamId === null ? model.tree.roots : childTeamIds(model.tree, query.teamId)
  // A sub-team's manager is drawn on its team's card: not again among the members (the CEO once, issue 39).
  const onTeamCards = new Set(below.flatMap((id) => model.teams.get(id)?.managerId ?? []))
  const members = model.rows
    .filter((row) => row.e.teamId === query.teamId && !onTeamCards.has(row.e.id))
    .sort((a, b) => a.e.name.localeCompare(b.e.name) || a.e.id - b.e.id)
  return {
    defaultCurrency,
    team: query.teamId === null ? null : teamCard(query.teamId),
    trail:
      query.teamId === null
        ? []
        : ancestorTeamIds(model.tree, query.teamId)
            .reverse()
            .map((id) => ({ id, name: model.teams.get(id)?.name ?? '' })),
    subTeams: [...below]
      .sort((a, b) => (model.teams.get(a)?.name ?? '').localeCompare(model.teams.get(b)?.name ?? ''))
      .map(teamCard),
    members: members.slice(query.offset, query.offset + query.limit).map(card),
    memberTotal: members.length,
    offset: query.offset,
  }
}
