import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from './currencies'

export interface UserSettings {
  preferredCurrency: CurrencyCode
  compensationTableConfig: string[] | null
}

/**
 * Spec: a missing preferred currency becomes USD; the compensation table column list is accepted
 * only when it has more than one entry (otherwise the default columns apply, shown here as null).
 */
export function normalizeUserSettings(raw: {
  preferredCurrency?: string | null
  compensationTableConfig?: unknown
}): UserSettings {
  const currency = raw.preferredCurrency?.toUpperCase() ?? ''
  const columns = raw.compensationTableConfig
  const accepted =
    Array.isArray(columns) && columns.length > 1 && columns.every((c): c is string => typeof c === 'string')
  return {
    preferredCurrency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
    compensationTableConfig: accepted ? columns : null,
  }
}
