import { BONUS_NOT_EDITABLE, NO_BONUS, NO_LUMP_SUM } from './locks'
import { increaseInputState, type ProrationResult } from './proration'
import type { PayCycleSettings } from './settings'

/**
 * A planner's change of reward amounts as the pay cycle's rules judge it, on the desktop
 * (services/table/update.ts) and the server (PUT /employeerewards/{employee}/) alike. Only the amounts
 * that change are given; null clears an amount.
 */
export interface RewardAmountChanges {
  newSalary?: number | null
  newPercentBonus?: number | null
  newDollarBonus?: number | null
  lumpSum?: number | null
}

export type RewardEditSettings = Pick<
  PayCycleSettings,
  'includeBonus' | 'bonusAmountEditable' | 'includeLumpSum'
>

/**
 * Why the change is refused, or null. A fully prorated employee gets no salary, bonus or lump sum
 * (clearing one stays allowed): the spec's tooltip, 'Employee not eligible for an increase.' then the
 * reasons. A bonus is refused when the cycle leaves bonuses out or makes them not editable, a lump
 * sum when it leaves lump sums out.
 */
export function rewardEditRefusal(
  changes: RewardAmountChanges,
  settings: RewardEditSettings,
  proration: Pick<ProrationResult, 'fullyProrated' | 'reasons'>,
): string | null {
  const amounts = [changes.newSalary, changes.newPercentBonus, changes.newDollarBonus, changes.lumpSum]
  const increase = amounts.some((value) => value !== undefined && value !== null)
  if (increase && proration.fullyProrated)
    return increaseInputState({ editable: true, locked: false, proration }).tooltipLines.join(' ')
  if (changes.newPercentBonus !== undefined || changes.newDollarBonus !== undefined) {
    if (!settings.includeBonus) return NO_BONUS
    if (!settings.bonusAmountEditable) return BONUS_NOT_EDITABLE
  }
  if (changes.lumpSum !== undefined && !settings.includeLumpSum) return NO_LUMP_SUM
  return null
}
