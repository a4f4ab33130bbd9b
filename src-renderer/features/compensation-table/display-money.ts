import type { PayCycleDto, TableRow, UserSettingsDto } from '../../../src-shared/contract'
import { canConvert, convertCents, withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import { CURRENCY_CODES, DEFAULT_CURRENCY, type CurrencyCode } from '../../../src-shared/domain/currencies'
import { formatMoney, formatPercent, PERCENT_DECIMALS } from '../../../src-shared/domain/money'
import type { CurrencyConversions } from '../../../src-shared/domain/settings'
import { positionPercent, shownRatio } from '../../../src-shared/domain/shown-values'

/** How money is shown: in the preferred currency, converted with the pay cycle's rates. */
export interface DisplayCurrency {
  preferred: CurrencyCode
  /** The pay cycle's rates with its default currency at 1. */
  rates: CurrencyConversions
  defaultCurrency: string
}

/** Spec: "A missing preferred currency becomes USD"; rates from the active pay cycle (none: no conversion). */
export function displayCurrencyOf(
  settings: UserSettingsDto | null,
  payCycle: PayCycleDto | null,
): DisplayCurrency {
  const defaultCurrency = payCycle?.defaultCurrency ?? DEFAULT_CURRENCY
  return {
    preferred: settings?.preferredCurrency ?? DEFAULT_CURRENCY,
    rates: withDefaultRate(defaultCurrency, payCycle?.currencyConversions ?? {}),
    defaultCurrency,
  }
}

/**
 * Spec §9 "Currency is shown only for the default or converted currencies": the currencies the picker
 * offers are the pay cycle's default and those it has a rate for, in catalogue order.
 */
export function pickableCurrencies(display: DisplayCurrency): CurrencyCode[] {
  return CURRENCY_CODES.filter(
    (code) => code === display.defaultCurrency || canConvert(code, display.defaultCurrency, display.rates),
  )
}

/** The currency an amount of a row shows in: the preferred one, or the row's own when no rate converts it. */
export function shownCurrency(rowCurrency: string, display: DisplayCurrency): string {
  return canConvert(rowCurrency, display.preferred, display.rates) ? display.preferred : rowCurrency
}

/** Cents of the row's currency in the shown currency (convertCents: rate ratios, 2 decimals). */
export function displayCents(cents: number, rowCurrency: string, display: DisplayCurrency): number {
  return convertCents(cents, rowCurrency, shownCurrency(rowCurrency, display), display.rates)
}

/** en-US, at most 2 decimals, in the shown currency; hourly rates end in "/hr". '' for null. */
export function formatDisplayMoney(
  cents: number | null,
  row: Pick<TableRow, 'currency' | 'salaried'>,
  display: DisplayCurrency,
  hourly = false,
): string {
  if (cents === null) return ''
  const currency = shownCurrency(row.currency, display)
  const text = formatMoney(convertCents(cents, row.currency, currency, display.rates), currency)
  return hourly && !row.salaried ? `${text}/hr` : text
}

/** A salary increase percent: four decimals (the percent input's), with its sign. */
export function formatIncreasePercent(percent: number | null): string {
  return percent === null ? '' : formatPercent(percent, PERCENT_DECIMALS)
}

/** Spec §5: the percent shows green when positive, red when negative. */
export function percentTone(percent: number | null): 'positive' | 'negative' | 'zero' {
  if (percent === null || percent === 0) return 'zero'
  return percent > 0 ? 'positive' : 'negative'
}

/** Ratios such as compa ratio: two decimals (as the export writes them: shown-values.ts). */
export function formatRatio(value: number | null): string {
  return value === null ? '' : shownRatio(value).toFixed(2)
}

/** A position in range (0 = min, 1 = max) as a whole percent: "45%" (the export writes 45). */
export function formatPosition(value: number | null): string {
  return value === null ? '' : `${positionPercent(value)}%`
}
