import type { Transaction } from 'kysely'
import type { PayCycleDto } from '../../../src-shared/contract'
import type { WorkbookDatabase } from '../../workbook/schema'
import { enqueueChange } from '../../workbook/queries/sync'

type Value = string | number | boolean | null

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
 * Queues a replica's pay cycle step for the server, in the step's transaction: each configuration
 * the step changed, with the fields it changed (`active` when its lifecycle changed: saved and
 * activated, activated, closed). A configuration deactivated because another was activated is not
 * sent (the server does the same itself). A step that makes or removes configurations (create, an
 * undo of one) stays local: the server numbers new configurations its own way (docs/sync.md).
 */
export async function queuePayCycleStep(
  trx: Transaction<WorkbookDatabase>,
  before: readonly PayCycleDto[],
  after: readonly PayCycleDto[],
  at: string,
): Promise<void> {
  const ids = new Set([...before, ...after].map((c) => c.id))
  if ([...ids].some((id) => !before.some((c) => c.id === id) || !after.some((c) => c.id === id))) return
  const activated = after.some((c) => c.active && !before.find((b) => b.id === c.id)?.active)
  // The one it deactivated here: a refused activation makes it active again.
  const deactivated = before.find((b) => b.active && !after.find((a) => a.id === b.id)?.active)
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
}
