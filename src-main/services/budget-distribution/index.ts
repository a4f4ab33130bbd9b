import type { BudgetLevel, ManagerBudgetLevel, SessionUser } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import {
  budgetsChangedSinceMatrix,
  readHyperbalanceConfigText,
  saveTeamBudgetFigures,
} from '../../workbook/queries/budget-distribution'
import { getCompany } from '../../workbook/queries/admin'
import type { TableCache } from '../table/cache'
import { budgetFigures } from './figures'
import { budgetLevel, managerBudgetLevel, type LevelQuery } from './level'

/** The budget views' entry points: the table model (read or built) feeds them. */
export async function readBudgetLevel(
  table: TableCache,
  workbook: Workbook,
  query: LevelQuery,
): Promise<BudgetLevel> {
  const model = await table.get(workbook)
  const config = await readHyperbalanceConfigText(workbook, model.payCycle.id)
  const company = await getCompany(workbook)
  const enabled = isTruthyConfig(config)
  return budgetLevel(model, query, company.name, {
    distributionEnabled: enabled,
    budgetsChanged: enabled && (await budgetsChangedSinceMatrix(workbook)),
  })
}

export async function readManagerBudgetLevel(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  teamId: number | null,
): Promise<ManagerBudgetLevel> {
  return managerBudgetLevel(await table.get(workbook), user, teamId)
}

/**
 * calculate-budget: every team's recommended budget (and calculated budget), stored on the teams.
 * Teams whose figure cannot be computed get null, and are left out of the answer, as the spec drops them.
 */
export async function calculateRecommendedBudgets(
  table: TableCache,
  workbook: Workbook,
): Promise<{ teamId: number; team: string; recommendedBudget: number }[]> {
  const model = await table.get(workbook)
  const figures = budgetFigures(model)
  const rows = [...model.teams.values()].map((team) => ({
    teamId: team.id,
    team: team.name,
    calculatedBudget: figures.calculated.get(team.id) ?? null,
    recommendedBudget: figures.recommended.get(team.id) ?? null,
  }))
  saveTeamBudgetFigures(workbook, rows)
  return rows.flatMap(({ teamId, team, recommendedBudget }) =>
    recommendedBudget == null ? [] : [{ teamId, team, recommendedBudget }],
  )
}

/** The configuration read enables the distribution bar "when its result is truthy" (spec §7). */
function isTruthyConfig(text: string | null): boolean {
  if (text == null) return false
  try {
    return Boolean(JSON.parse(text))
  } catch {
    return false
  }
}
