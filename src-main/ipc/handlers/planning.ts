import { setTeamBudget } from '../../services/budgets'
import { applyBulkPlan } from '../../services/bulk-plan'
import { runChecks } from '../../services/checks'
import type { HandlerMap } from '../types'

export const planningHandlers: HandlerMap = {
  'teams.setBudget': async (input, { session, workbook, user }) => {
    const saved = await setTeamBudget(workbook, user, input)
    session.table.invalidate()
    return saved
  },
  'checks.run': async (_input, { workbook, user }) => runChecks(workbook, user),
  'rewards.bulkPlan': async (input, { session, workbook, user }) => {
    const result = await applyBulkPlan(workbook, user, input)
    session.table.invalidate()
    return result
  },
}
