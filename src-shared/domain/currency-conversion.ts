import { CURRENCY_CODES, isCurrencyCode } from './currencies'
import { roundTo, type Cents } from './money'
import type { CurrencyConversions } from './settings'

/** A rate in the pay cycle's list: units of `code` per one unit of the default currency. */
export interface CurrencyRate {
  code: string
  rate: number
}

/** A usable rate: finite and above 0. Zero, negative or missing rates count as missing. */
export function conversionRate(code: string, rates: CurrencyConversions): number | null {
  const rate = (rates as Record<string, number | null | undefined>)[code]
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null
}

/** True when `convertCents(…, from, to, rates)` has both rates it needs (or nothing to convert). */
export function canConvert(from: string, to: string, rates: CurrencyConversions): boolean {
  return from === to || (conversionRate(from, rates) !== null && conversionRate(to, rates) !== null)
}

/**
 * Spec §9: conversion goes through rate ratios (rates are units per one default-currency unit; the
 * default currency maps to 1), rounds to 2 decimals (a whole cent, half away from zero), and returns 0
 * when a rate is missing.
 */
export function convertCents(amount: Cents, from: string, to: string, rates: CurrencyConversions): Cents {
  if (from === to) return amount
  const fromRate = conversionRate(from, rates)
  const toRate = conversionRate(to, rates)
  if (fromRate === null || toRate === null) return 0
  return roundTo((amount * toRate) / fromRate)
}

/** The pay cycle's rates with the default currency mapped to 1 (spec §4 "Currency conversion"). */
export function withDefaultRate(defaultCurrency: string, rates: CurrencyConversions): CurrencyConversions {
  return { ...rates, [defaultCurrency]: 1 }
}

/**
 * Spec §4: "The default currency always maps to 1 and is first in the list". The other entries keep
 * their order; use `conversionList` to build the list from a pay cycle's rates.
 */
export function defaultCurrencyFirst(defaultCurrency: string, list: readonly CurrencyRate[]): CurrencyRate[] {
  return [{ code: defaultCurrency, rate: 1 }, ...list.filter((entry) => entry.code !== defaultCurrency)]
}

/**
 * The pay cycle's rates as a list: the default currency first at 1, then the others in catalogue order
 * (codes outside the catalogue last, as given).
 */
export function conversionList(defaultCurrency: string, rates: CurrencyConversions): CurrencyRate[] {
  const known = rates as Record<string, number | null | undefined>
  const entries: CurrencyRate[] = []
  const codes = [...CURRENCY_CODES, ...Object.keys(known).filter((code) => !isCurrencyCode(code))]
  for (const code of codes) {
    const rate = known[code]
    if (code !== defaultCurrency && typeof rate === 'number') entries.push({ code, rate })
  }
  return defaultCurrencyFirst(defaultCurrency, entries)
}
