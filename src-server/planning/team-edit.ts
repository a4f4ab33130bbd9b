import { budgetInputState, savedBudgetMessage } from '../../src-shared/domain/team-budget'
import { NO_PAY_CYCLE } from '../../src-shared/domain/pay-cycles'
import { logChange } from '../db/change-log'
import type { ServerDb } from '../db/connect'
import type { Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { changeByKey, recordCompanyChange } from '../sync/changes'
import type { PushKey } from '../sync/push-keys'
import { currentCycle } from './company-plan'

/** What PUT /teams/{id}/ may change: the name, or the budget (cents of its currency; null clears it). */
export type TeamEdit = {
  name?: string
  budget?: number | null
  budget_currency?: string | null
}

/** A team's edit with the desktop's `teams.setBudget` rules and words; a replay answers the team as it is. */
export async function editTeam(
  db: ServerDb,
  who: Caller,
  teamId: number,
  body: TeamEdit,
  key: PushKey | null,
) {
  const c = who.companyId
  const earlier = key ? await changeByKey(db, c, key) : null
  if (earlier) {
    // A replica's push replayed (its answer was lost): the team as it is, nothing applied again.
    const row = await db
      .selectFrom('team')
      .selectAll()
      .where('company_id', '=', c)
      .where('id', '=', teamId)
      .executeTakeFirst()
    if (!row) throw new HttpError(404, `No team has the id ${teamId}.`)
    const { company_id: _c, ...team } = row
    return { team: { ...team, message: savedBudgetMessage(row) }, seq: earlier.seq, replay: true }
  }
  const result = await db.transaction().execute(async (trx) => {
    const team = await trx
      .selectFrom('team')
      .selectAll()
      .where('company_id', '=', c)
      .where('id', '=', teamId)
      .forUpdate()
      .executeTakeFirst()
    if (!team) throw new HttpError(404, `No team has the id ${teamId}.`)
    const set: TeamEdit = {}
    if (body.name !== undefined) set.name = body.name
    if (body.budget !== undefined || body.budget_currency !== undefined) {
      const members = await trx
        .selectFrom('employee')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', c)
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow()
      const state = budgetInputState(Number(members.n))
      if (state.disabled) throw new HttpError(403, state.tooltip ?? '')
      const budget = body.budget !== undefined ? body.budget : team.budget
      // As on the desktop (services/budgets.ts): a budget without a currency takes the team's, else
      // the pay cycle's default; no budget, no currency.
      let currency: string | null = null
      if (budget !== null) {
        currency = body.budget_currency ?? team.budget_currency
        if (currency === null) {
          const cycle = await currentCycle(trx, c)
          if (!cycle) throw new HttpError(409, NO_PAY_CYCLE)
          currency = cycle.defaultCurrency
        }
      }
      set.budget = budget
      set.budget_currency = currency
    }
    if (Object.keys(set).length === 0) throw new HttpError(400, 'Give name, budget or budget_currency.')
    const row = await trx
      .updateTable('team')
      .set(set)
      .where('company_id', '=', c)
      .where('id', '=', teamId)
      .returningAll()
      .executeTakeFirstOrThrow()
    await logChange(trx, who, {
      entity: 'team',
      entityId: teamId,
      action: set.budget !== undefined ? 'budget' : 'update',
      oldValue: Object.fromEntries(Object.keys(set).map((k) => [k, team[k as keyof typeof set]])),
      newValue: set,
    })
    const seq = await recordCompanyChange(trx, who, 'team', teamId, set, [], key)
    return { row, budgetSet: set.budget !== undefined, before: team, seq }
  })
  const { company_id: _c, ...team } = result.row
  return {
    team: { ...team, message: result.budgetSet ? savedBudgetMessage(result.before) : `Saved ${team.name}` },
    seq: result.seq,
    replay: false,
  }
}
