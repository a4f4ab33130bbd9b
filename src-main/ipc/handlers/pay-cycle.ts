import { updateActivePayCycle } from '../../services/pay-cycle'
import type { HandlerMap } from '../types'

export const payCycleHandlers: HandlerMap = {
  'payCycle.update': async ({ patch }, { session, workbook, user }) => {
    const cycle = await updateActivePayCycle(workbook, user, patch)
    session.table.invalidate()
    return cycle
  },
}
