export interface Currency {
  code: CurrencyCode
  name: string
  symbol: string
  /** Digits after the decimal point of the currency's minor unit. */
  minorDigits: number
}

export const CURRENCY_CODES = ['USD', 'CAD', 'EUR', 'GBP', 'JPY', 'CRC', 'DOP', 'AUD', 'PLN', 'DKK'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

export const DEFAULT_CURRENCY: CurrencyCode = 'USD'

/**
 * Money is stored in hundredths of the currency (cents) for every currency, JPY included: the spec
 * rounds all money to 2 decimals, so one fixed scale keeps sums exact across currencies.
 */
export const CURRENCIES: Record<CurrencyCode, Currency> = {
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', minorDigits: 2 },
  CAD: { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', minorDigits: 2 },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', minorDigits: 2 },
  GBP: { code: 'GBP', name: 'British Pound', symbol: '£', minorDigits: 2 },
  JPY: { code: 'JPY', name: 'Japanese Yen', symbol: '¥', minorDigits: 0 },
  CRC: { code: 'CRC', name: 'Costa Rican Colón', symbol: '₡', minorDigits: 2 },
  DOP: { code: 'DOP', name: 'Dominican Peso', symbol: 'RD$', minorDigits: 2 },
  AUD: { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', minorDigits: 2 },
  PLN: { code: 'PLN', name: 'Polish Złoty', symbol: 'zł', minorDigits: 2 },
  DKK: { code: 'DKK', name: 'Danish Krone', symbol: 'kr.', minorDigits: 2 },
}

const CODES: ReadonlySet<string> = new Set(CURRENCY_CODES)

export function isCurrencyCode(value: string): value is CurrencyCode {
  return CODES.has(value)
}

/**
 * Decimals money shows in: the currency's minor unit, at most the spec's 2 ("at most 2 decimals"), so
 * JPY shows whole yen. Storage stays in hundredths (see CURRENCIES); this is a display rule only.
 */
export function shownDecimals(currency: string): number {
  return isCurrencyCode(currency) ? Math.min(CURRENCIES[currency].minorDigits, 2) : 2
}
