import type { PayCycleDto, PayCyclePatch, SessionUser } from '../../src-shared/contract'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import {
  ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE,
  NO_PAY_CYCLE,
  noRateForDefault,
  rebaseRates,
} from '../../src-shared/domain/pay-cycles'
import type { PayCycleSettings } from '../../src-shared/domain/settings'
import type { Workbook } from '../workbook/open'
import { appendChangeLog } from '../workbook/queries/change-log'
import { getCurrentPayCycle, savePayCycle } from '../workbook/queries/pay-cycles'
import { Failure } from './failure'
import { queuePayCycleStep } from './sync/queue-pay-cycle'

export { NO_PAY_CYCLE }

/** The cycle planning runs in (active, else the one closed last); the spec's empty state when none. */
export async function requireCurrentPayCycle(workbook: Workbook): Promise<PayCycleDto> {
  const cycle = await getCurrentPayCycle(workbook)
  if (!cycle) throw new Failure('NOT_FOUND', NO_PAY_CYCLE)
  return cycle
}

/** For planner choices: refused with the lock reason once the cycle is closed. */
export async function requireActivePayCycle(workbook: Workbook): Promise<PayCycleDto> {
  const cycle = await requireCurrentPayCycle(workbook)
  if (!cycle.active) throw new Failure('FORBIDDEN', CYCLE_CLOSED)
  return cycle
}

function mergeSettings(current: PayCycleSettings, patch: PayCyclePatch['settings']): PayCycleSettings {
  if (!patch) return current
  const { plannerViolations, ...rest } = patch
  const violations = { ...current.plannerViolations }
  for (const [key, severity] of Object.entries(plannerViolations ?? {})) {
    if (severity === null || severity === undefined) delete violations[key as keyof typeof violations]
    else violations[key as keyof typeof violations] = severity
  }
  return { ...current, ...rest, plannerViolations: violations }
}

export function applyPayCyclePatch(cycle: PayCycleDto, patch: PayCyclePatch): PayCycleDto {
  const defaultCurrency = patch.defaultCurrency ?? cycle.defaultCurrency
  const rebased = rebaseRates(cycle.currencyConversions, cycle.defaultCurrency, defaultCurrency)
  if (!rebased) throw new Failure('BAD_INPUT', noRateForDefault(defaultCurrency))
  const rates = { ...rebased }
  for (const [code, rate] of Object.entries(patch.currencyConversions ?? {})) {
    if (code === defaultCurrency && rate !== 1) {
      throw new Failure('BAD_INPUT', `The default currency (${defaultCurrency}) always maps to 1.`)
    }
    ;(rates as Record<string, number>)[code] = rate as number
  }
  const settings = mergeSettings(cycle.settings, patch.settings)
  if (settings.allowPIROverOne && settings.plannerViolations.newSalaryIsAboveMaximumOfPayRange === 'error')
    throw new Failure('BAD_INPUT', ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE)
  const ratesTyped = patch.currencyConversions !== undefined || defaultCurrency !== cycle.defaultCurrency
  return {
    ...cycle,
    defaultCurrency,
    currencyConversions: rates,
    ratesAsOf: ratesTyped ? null : cycle.ratesAsOf,
    companyMeritBudget:
      patch.companyMeritBudget === undefined ? cycle.companyMeritBudget : patch.companyMeritBudget,
    settings,
  }
}

/** Changes the current pay cycle (`config --set`) in one transaction and logs old and new. */
export async function updateCurrentPayCycle(
  workbook: Workbook,
  user: SessionUser,
  patch: PayCyclePatch,
  now = new Date(),
): Promise<PayCycleDto> {
  const current = await requireCurrentPayCycle(workbook)
  const next = applyPayCyclePatch(current, patch)
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await savePayCycle(trx, next, at)
    await queuePayCycleStep(trx, [current], [next], at)
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'pay_cycle',
      entityId: current.id,
      action: 'update',
      oldValue: current,
      newValue: next,
    })
  })
  return { ...next, updatedAt: at }
}
