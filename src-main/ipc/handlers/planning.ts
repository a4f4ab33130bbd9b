import { setTeamBudget } from '../../services/budgets'
import { applyBulkPlan } from '../../services/bulk-plan'
import { runChecks } from '../../services/checks'
import type { HandlerMap } from '../types'

export const planningHandlers: HandlerMap = {
  'teams.setBudget': async (input, { workbook, user }) => setTeamBudget(workbook, user, input),
  'checks.run': async (_input, { workbook, user }) => runChecks(workbook, user),
  'rewards.bulkPlan': async (input, { workbook, user }) => applyBulkPlan(workbook, user, input),
}
