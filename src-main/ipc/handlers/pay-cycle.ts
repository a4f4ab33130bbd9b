import { updateActivePayCycle } from '../../services/pay-cycle'
import type { HandlerMap } from '../types'

export const payCycleHandlers: HandlerMap = {
  'payCycle.update': async ({ patch }, { workbook, user }) => updateActivePayCycle(workbook, user, patch),
}
