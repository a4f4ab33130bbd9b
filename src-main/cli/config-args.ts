import type { PayCyclePatch } from '../../src-shared/contract'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import { UsageError } from './usage'

const SETTINGS_KEYS = Object.keys(DEFAULT_SETTINGS)
const TOP_LEVEL_KEYS = ['companyMeritBudget', 'defaultCurrency', 'currencyConversions.<CODE>']

/** A value as typed: JSON when it parses (true, 0.5, null, [..]), else the plain text. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Money typed in currency units ("1,250,000.50") → cents; empty or null clears. */
function parseBudget(text: string): number | null {
  const plain = text.replace(/,/g, '').trim()
  if (plain === '' || plain === 'null') return null
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) {
    throw new UsageError(
      `companyMeritBudget must be an amount such as 1250000 or 1,250,000.50, not "${text}".`,
    )
  }
  const [units, fraction = ''] = plain.split('.')
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'))
}

/**
 * Turns `--set key=value` assignments into one pay cycle patch. Keys: any settings key (dot paths
 * for plannerViolations.<rule>), companyMeritBudget, defaultCurrency, currencyConversions.<CODE>.
 */
export function parseConfigAssignments(assignments: string[]): PayCyclePatch {
  const patch: PayCyclePatch = {}
  const settings: Record<string, unknown> = {}
  const violations: Record<string, unknown> = {}
  const rates: Record<string, unknown> = {}
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=')
    if (equals <= 0) throw new UsageError(`--set takes key=value, not "${assignment}".`)
    const key = assignment.slice(0, equals).trim()
    const text = assignment.slice(equals + 1).trim()
    const [head, sub, ...rest] = key.split('.')
    if (rest.length > 0) throw new UsageError(`Unknown setting "${key}".`)
    if (head === 'companyMeritBudget' && sub === undefined) patch.companyMeritBudget = parseBudget(text)
    else if (head === 'defaultCurrency' && sub === undefined) {
      patch.defaultCurrency = text.toUpperCase() as PayCyclePatch['defaultCurrency']
    } else if (head === 'currencyConversions' && sub) rates[sub.toUpperCase()] = parseValue(text)
    else if (head === 'plannerViolations' && sub) violations[sub] = text === 'unset' ? null : parseValue(text)
    else if (SETTINGS_KEYS.includes(head) && sub === undefined && head !== 'plannerViolations') {
      settings[head] = parseValue(text)
    } else {
      throw new UsageError(
        `Unknown setting "${key}". Known: ${[...TOP_LEVEL_KEYS, ...SETTINGS_KEYS.map((k) => (k === 'plannerViolations' ? 'plannerViolations.<rule>' : k))].join(', ')}.`,
      )
    }
  }
  if (Object.keys(violations).length > 0) settings.plannerViolations = violations
  if (Object.keys(settings).length > 0) patch.settings = settings as PayCyclePatch['settings']
  if (Object.keys(rates).length > 0) patch.currencyConversions = rates as PayCyclePatch['currencyConversions']
  return patch
}
