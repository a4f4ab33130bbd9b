import type { SavedBudget, SessionUser } from '../../src-shared/contract'
import { budgetInputState, savedBudgetMessage } from '../../src-shared/domain/team-budget'
import type { Workbook } from '../workbook/open'
import { appendChangeLog } from '../workbook/queries/change-log'
import { enqueueChange } from '../workbook/queries/sync'
import { countTeamMembers, findTeam, saveTeamBudget } from '../workbook/queries/teams'
import { Failure } from './failure'
import { requireCurrentPayCycle } from './pay-cycle'

/**
 * Sets or clears (null) a team's budget, refused with the spec's tooltip where the spec disables
 * the input (2 or fewer members). A budget without a currency takes the team's, else the pay
 * cycle's default currency.
 */
export async function setTeamBudget(
  workbook: Workbook,
  user: SessionUser,
  input: { teamId: number; budget: number | null; currency?: string },
  now = new Date(),
): Promise<SavedBudget> {
  const team = await findTeam(workbook, input.teamId)
  if (!team) throw new Failure('NOT_FOUND', `No team has the id ${input.teamId}.`)
  const state = budgetInputState(await countTeamMembers(workbook, team.id))
  if (state.disabled) throw new Failure('FORBIDDEN', state.tooltip ?? '')
  const cycle = await requireCurrentPayCycle(workbook)
  const currency =
    input.budget === null ? null : (input.currency ?? team.budgetCurrency ?? cycle.defaultCurrency)
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await saveTeamBudget(trx, team.id, input.budget, currency)
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'team',
      entityId: team.id,
      action: 'budget',
      oldValue: { budget: team.budget, budgetCurrency: team.budgetCurrency },
      newValue: { budget: input.budget, budgetCurrency: currency },
    })
    await enqueueChange(
      trx,
      'team.budget',
      team.id,
      { budget: input.budget, budget_currency: currency },
      { budget: team.budget, budget_currency: team.budgetCurrency },
      at,
    )
  })
  return {
    team: { ...team, budget: input.budget, budgetCurrency: currency },
    message: savedBudgetMessage(team),
  }
}
