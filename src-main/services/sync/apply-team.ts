import type { Transaction } from 'kysely'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import type { Author } from './apply-pay-cycle'
import { keepBehindPush } from './apply-records'

/** What a replica takes from a server 'team' change today: its name and its budget. */
interface TeamValues {
  name?: string
  budget?: number | null
  budget_currency?: string | null
}

function teamValues(values: Record<string, unknown>): TeamValues {
  const picked: TeamValues = {}
  if (typeof values.name === 'string') picked.name = values.name
  if (values.budget === null || typeof values.budget === 'number') picked.budget = values.budget
  if (values.budget_currency === null || typeof values.budget_currency === 'string')
    picked.budget_currency = values.budget_currency
  return picked
}

/**
 * Applies a team's change from the feed: its name, and its budget unless a budget of this team is
 * still queued here (the local one reaches the server after; the feed's is kept on it for its
 * acknowledgement to order). A budget that changes is in the change log as a budget save, so
 * HyperBalance sees budgets changed since the matrix. True when something changed.
 */
export async function applyTeamChange(
  trx: Transaction<WorkbookDatabase>,
  teamId: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const team = await trx
    .selectFrom('team')
    .select(['name', 'budget', 'budget_currency'])
    .where('id', '=', teamId)
    .executeTakeFirst()
  if (!team) return false
  const wanted = teamValues(values)
  const queued = await trx
    .selectFrom('sync_outbox')
    .select('id')
    .where('kind', '=', 'team.budget')
    .where('entity_id', '=', teamId)
    .executeTakeFirst()
  if (queued) {
    const { budget, budget_currency } = wanted
    await keepBehindPush(
      trx,
      ['team.budget'],
      teamId,
      {
        ...(budget === undefined ? {} : { budget }),
        ...(budget_currency === undefined ? {} : { budget_currency }),
      },
      author,
    )
    delete wanted.budget
    delete wanted.budget_currency
  }
  const set: TeamValues = {}
  if (wanted.name !== undefined && wanted.name !== team.name) set.name = wanted.name
  if (wanted.budget !== undefined && wanted.budget !== team.budget) set.budget = wanted.budget
  if (wanted.budget_currency !== undefined && wanted.budget_currency !== team.budget_currency)
    set.budget_currency = wanted.budget_currency
  if (Object.keys(set).length === 0) return false
  await trx.updateTable('team').set(set).where('id', '=', teamId).execute()
  if (set.budget !== undefined || set.budget_currency !== undefined)
    await appendChangeLog(trx, {
      at: author.at,
      userId: author.userId,
      entity: 'team',
      entityId: teamId,
      action: 'budget',
      oldValue: { budget: team.budget, budgetCurrency: team.budget_currency },
      newValue: {
        budget: set.budget !== undefined ? set.budget : team.budget,
        budgetCurrency: set.budget_currency !== undefined ? set.budget_currency : team.budget_currency,
      },
    })
  return true
}
