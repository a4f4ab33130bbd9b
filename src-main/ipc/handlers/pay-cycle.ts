import { fetchLiveRates } from '../../services/live-rates'
import { updateCurrentPayCycle } from '../../services/pay-cycle'
import { payCycleHistory } from '../../services/pay-cycle-history'
import {
  activatePayCycle,
  closePayCycle,
  createPayCycle,
  restorePayCycles,
  savePayCycleConfig,
} from '../../services/pay-cycle-lifecycle'
import type { HandlerMap } from '../types'

/** Every change of a configuration re-evaluates the table (settings, rates and locks feed each row). */
export const payCycleHandlers: HandlerMap = {
  'payCycle.update': async ({ patch }, { session, workbook, user }) => {
    const cycle = await updateCurrentPayCycle(workbook, user, patch)
    session.table.invalidate()
    return cycle
  },
  'payCycles.create': async ({ config, copyPlans }, { session, workbook, user }) => {
    const change = await createPayCycle(workbook, user, config, new Date(), copyPlans ?? false)
    session.table.invalidate()
    return change
  },
  'payCycles.save': async (input, { session, workbook, user }) => {
    const change = await savePayCycleConfig(workbook, user, input)
    session.table.invalidate()
    return change
  },
  'payCycles.activate': async ({ id, copyPlans }, { session, workbook, user }) => {
    const change = await activatePayCycle(workbook, user, id, new Date(), copyPlans ?? false)
    session.table.invalidate()
    return change
  },
  'payCycles.close': async ({ id }, { session, workbook, user }) => {
    const change = await closePayCycle(workbook, user, id)
    session.table.invalidate()
    return change
  },
  'payCycles.restore': async (restore, { session, workbook, user }) => {
    const change = await restorePayCycles(workbook, user, restore)
    session.table.invalidate()
    return change
  },
  'payCycles.history': async ({ id }, { workbook }) => payCycleHistory(workbook, id),
  'currencyRates.live': async ({ base, currencies }) => fetchLiveRates(base, currencies),
}
