import type { Transaction } from 'kysely'
import type { PayCycleDto } from '../../../src-shared/contract'
import type { WorkbookDatabase } from '../../workbook/schema'
import { enqueueChange } from '../../workbook/queries/sync'

type Value = string | number | boolean | null

/** The outbox kinds of a configuration: saved, made, removed (a later one waits for the earlier). */
export const PAY_CYCLE_PUSHES = ['pay_cycle', 'pay_cycle.create', 'pay_cycle.deleted'] as const

/** A configuration's fields as PUT /paycycle/config/{id}/ takes them (settings and rates as JSON text here). */
export function payCycleRestValues(cycle: PayCycleDto): Record<string, Value> {
  return {
    name: cycle.name,
    effective_date: cycle.effectiveDate,
    company_merit_budget: cycle.companyMeritBudget,
    default_currency: cycle.defaultCurrency,
    currency_conversions: JSON.stringify(cycle.currencyConversions),
    settings: JSON.stringify(cycle.settings),
    active: cycle.active,
  }
}

/**
 * Queues a replica's pay cycle step for the server, in the step's transaction, in the order the
 * server can take it: configurations the step made (POST, under this replica's id: the server
 * refuses it when another desktop took that id meanwhile), then each configuration it changed,
 * with the fields it changed (`active` when its lifecycle changed: saved and activated, activated,
 * closed), then those it removed (DELETE; the server refuses removing the active one, so the
 * activation of another goes first). A configuration deactivated because another was activated or
 * made is not sent: the server does the same itself.
 */
export async function queuePayCycleStep(
  trx: Transaction<WorkbookDatabase>,
  before: readonly PayCycleDto[],
  after: readonly PayCycleDto[],
  at: string,
): Promise<void> {
  const activated = after.some((c) => c.active && !before.find((b) => b.id === c.id)?.active)
  // The one it deactivated here: a refused activation (or creation) makes it active again.
  const deactivated = before.find((b) => b.active && !after.find((a) => a.id === b.id)?.active)
  for (const made of after) {
    if (before.some((c) => c.id === made.id)) continue
    const { active, ...fields } = payCycleRestValues(made)
    await enqueueChange(trx, 'pay_cycle.create', made.id, fields, { reactivate: deactivated?.id ?? null }, at)
    // The server saves a new configuration active; one made inactive here is closed after.
    if (!active) await enqueueChange(trx, 'pay_cycle', made.id, { active: false }, { active: true }, at)
  }
  for (const now of after) {
    const was = before.find((c) => c.id === now.id)
    if (!was) continue
    const old = payCycleRestValues(was)
    const next = payCycleRestValues(now)
    const fields: Record<string, Value> = {}
    const previous: Record<string, Value> = {}
    for (const key of Object.keys(next)) {
      if (old[key] === next[key]) continue
      // Deactivated by another's activation: the server does that part itself.
      if (key === 'active' && next.active === false && activated) continue
      fields[key] = next[key]
      previous[key] = old[key]
    }
    if (fields.active === true) previous.reactivate = deactivated?.id ?? null
    if (Object.keys(fields).length > 0) await enqueueChange(trx, 'pay_cycle', now.id, fields, previous, at)
  }
  for (const gone of before) {
    if (after.some((c) => c.id === gone.id)) continue
    // Kept whole (as the change log keeps it), so a refusal can put it back as it was.
    const { id, active, closedAt, name, effectiveDate, companyMeritBudget, defaultCurrency } = gone
    const { currencyConversions, ratesAsOf, settings } = gone
    const state = { id, active, closedAt, name, effectiveDate, companyMeritBudget, defaultCurrency }
    const whole = JSON.stringify({ ...state, currencyConversions, ratesAsOf, settings })
    await enqueueChange(trx, 'pay_cycle.deleted', gone.id, {}, { state: whole }, at)
  }
}
