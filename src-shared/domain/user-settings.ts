import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from './currencies'

export interface UserSettings {
  preferredCurrency: CurrencyCode
  compensationTableConfig: string[] | null
}

/** Spec: "The column list is accepted only when it has more than one entry". */
export function acceptsColumnList(columns: readonly unknown[]): boolean {
  return columns.length > 1
}

/** The server's refusal of a shorter list (the desktop falls back to the default columns instead). */
export const COLUMN_LIST_TOO_SHORT =
  'A column list needs more than one column; send null for the default columns.'

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
    Array.isArray(columns) &&
    acceptsColumnList(columns) &&
    columns.every((c): c is string => typeof c === 'string')
  return {
    preferredCurrency: isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY,
    compensationTableConfig: accepted ? columns : null,
  }
}
