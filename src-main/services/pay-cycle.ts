import type { PayCycleDto, PayCyclePatch, SessionUser } from '../../src-shared/contract'
import type { CurrencyConversions, PayCycleSettings } from '../../src-shared/domain/settings'
import type { Workbook } from '../workbook/open'
import { appendChangeLog } from '../workbook/queries/change-log'
import { getActivePayCycle, savePayCycle } from '../workbook/queries/pay-cycles'
import { Failure } from './failure'

/** Spec empty state when no configuration exists. */
export const NO_PAY_CYCLE = 'No pay cycle configuration is set up.'

export async function requireActivePayCycle(workbook: Workbook): Promise<PayCycleDto> {
  const cycle = await getActivePayCycle(workbook)
  if (!cycle) throw new Failure('NOT_FOUND', NO_PAY_CYCLE)
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

/**
 * Rates are units per one default-currency unit, so a new default currency rebases every rate on
 * it (desktop Meritbook has no live rates service to reload from).
 */
function rebase(rates: CurrencyConversions, from: string, to: string): CurrencyConversions {
  if (from === to) return rates
  const pivot = (rates as Record<string, number | undefined>)[to]
  if (!pivot)
    throw new Failure('BAD_INPUT', `Set a conversion rate for ${to} before making it the default currency.`)
  const rebased: Record<string, number> = {}
  for (const [code, rate] of Object.entries(rates) as [string, number][]) {
    rebased[code] = Number((rate / pivot).toPrecision(8))
  }
  rebased[to] = 1
  return rebased
}

export function applyPayCyclePatch(cycle: PayCycleDto, patch: PayCyclePatch): PayCycleDto {
  const defaultCurrency = patch.defaultCurrency ?? cycle.defaultCurrency
  const rates = { ...rebase(cycle.currencyConversions, cycle.defaultCurrency, defaultCurrency) }
  for (const [code, rate] of Object.entries(patch.currencyConversions ?? {})) {
    if (code === defaultCurrency && rate !== 1) {
      throw new Failure('BAD_INPUT', `The default currency (${defaultCurrency}) always maps to 1.`)
    }
    ;(rates as Record<string, number>)[code] = rate as number
  }
  return {
    ...cycle,
    defaultCurrency,
    currencyConversions: rates,
    companyMeritBudget:
      patch.companyMeritBudget === undefined ? cycle.companyMeritBudget : patch.companyMeritBudget,
    settings: mergeSettings(cycle.settings, patch.settings),
  }
}

/** Changes the active pay cycle in one transaction and logs old and new. */
export async function updateActivePayCycle(
  workbook: Workbook,
  user: SessionUser,
  patch: PayCyclePatch,
  now = new Date(),
): Promise<PayCycleDto> {
  const current = await requireActivePayCycle(workbook)
  const next = applyPayCyclePatch(current, patch)
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await savePayCycle(trx, next, at)
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
