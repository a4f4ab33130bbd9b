import {
  calculateRecommendedBudgets,
  readBudgetLevel,
  readManagerBudgetLevel,
} from '../../services/budget-distribution'
import { setTeamBudget } from '../../services/budgets'
import { applyBulkPlan } from '../../services/bulk-plan'
import { runChecks } from '../../services/checks'
import type { HandlerMap } from '../types'

export const planningHandlers: HandlerMap = {
  'teams.setBudget': async (input, { session, workbook, user }) => {
    const saved = await setTeamBudget(workbook, user, input)
    session.table.peek(workbook)?.setTeamBudget(saved.team.id, saved.team.budget, saved.team.budgetCurrency)
    return saved
  },
  'budgets.level': async (query, { session, workbook }) => readBudgetLevel(session.table, workbook, query),
  'budgets.managerView': async ({ teamId }, { session, workbook, user }) =>
    readManagerBudgetLevel(session.table, workbook, user, teamId),
  'budgets.calculate': async (_input, { session, workbook }) =>
    calculateRecommendedBudgets(session.table, workbook),
  'checks.run': async (_input, { workbook, user }) => runChecks(workbook, user),
  'rewards.bulkPlan': async (input, { session, workbook, user }) => {
    const result = await applyBulkPlan(workbook, user, input)
    session.table.invalidate()
    return result
  },
}
