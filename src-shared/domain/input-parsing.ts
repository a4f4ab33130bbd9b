import { MONEY_DECIMALS, PERCENT_DECIMALS, formatNumber, roundTo, scaleDecimalString } from './money'

/**
 * The numeric and percent inputs of spec §5: what typing keeps, and what a committed text becomes.
 * Currency mode pads to two decimals; percent keeps up to four; plain numbers keep up to four.
 */
export type NumericInputMode = 'currency' | 'percent' | 'number'

export interface NumericInputOptions {
  /** Default 'currency'. */
  mode?: NumericInputMode
  /** Empty or invalid text gives null instead of 0. */
  allowNull?: boolean
  /** A '%' suffix means that percent of this basis ("10%" of 50,000 is 5,000); without it '%' is dropped. */
  percentBasis?: number | null
}

export interface ParsedNumericInput {
  value: number | null
  /** The display text: en-US thousands separators, the mode's decimals. */
  text: string
  /** False when the text was not a number and the value fell back to 0 or null. */
  valid: boolean
}

/** Spec §9: "Numeric input pause 1000 ms" before an auto-submitting input commits. */
export const NUMERIC_INPUT_PAUSE_MS = 1000
/** Spec §5: "suffix k multiplies by 1000". */
export const THOUSAND_SUFFIX_FACTOR = 1000
/** Beyond this magnitude an input is refused as invalid: cents of it stay exact integers. */
export const MAX_INPUT_MAGNITUDE = 1e12

const MODE_DECIMALS: Record<NumericInputMode, number> = {
  currency: MONEY_DECIMALS,
  percent: PERCENT_DECIMALS,
  number: PERCENT_DECIMALS,
}

/** Inserts en-US thousands separators into a run of digits: "1234567" → "1,234,567". */
export function withThousandsSeparators(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * What the input shows while typing: only digits and one decimal point are accepted (anything else is
 * dropped, including a minus sign), a 'k' or '%' typed last is kept as a suffix, and thousands
 * separators are inserted.
 */
export function filterNumericTyping(raw: string): string {
  const trimmed = raw.trim()
  const last = trimmed.slice(-1)
  const suffix = last === 'k' || last === 'K' || last === '%' ? last : ''
  let seenPoint = false
  let kept = ''
  for (const char of suffix ? trimmed.slice(0, -1) : trimmed) {
    if (char >= '0' && char <= '9') kept += char
    else if (char === '.' && !seenPoint) {
      seenPoint = true
      kept += char
    }
  }
  const [whole, fraction] = kept.split('.')
  return withThousandsSeparators(whole) + (fraction === undefined ? '' : `.${fraction}`) + suffix
}

/** The display text of a value in a mode: "1,234.50" (currency), "12.5" (percent); '' for null. */
export function formatNumericInput(value: number | null, options: NumericInputOptions = {}): string {
  if (value === null || !Number.isFinite(value)) return ''
  const mode = options.mode ?? 'currency'
  const decimals = MODE_DECIMALS[mode]
  return formatNumber(roundTo(value, decimals), mode === 'currency' ? decimals : 0, decimals)
}

const BODY = /^(\d+\.?\d*|\.\d+)$/

/** The value of committed text (separators and spaces ignored), rounded to the mode's decimals; null when invalid. */
function numericValue(raw: string, decimals: number, percentBasis: number | null | undefined): number | null {
  const text = raw.replace(/[\s,]/g, '')
  const last = text.slice(-1).toLowerCase()
  const suffix = last === 'k' || last === '%' ? last : ''
  const body = suffix ? text.slice(0, -1) : text
  if (!BODY.test(body)) return null
  let value: number | null
  if (suffix === '%' && percentBasis != null && Number.isFinite(percentBasis)) {
    value = roundTo((percentBasis * Number(body)) / 100, decimals)
  } else {
    // exact on the digits: "1.005" rounds to 1.01 and "1.2345k" to 1234.5
    const units = scaleDecimalString(body, decimals + (suffix === 'k' ? 3 : 0))
    value = units === null ? null : units / 10 ** decimals
  }
  return value !== null && Number.isFinite(value) && Math.abs(value) <= MAX_INPUT_MAGNITUDE ? value : null
}

/**
 * Spec §5: commits typed text. Empty becomes 0 ("0.00" in currency mode), or null when nulls are
 * allowed; invalid text becomes 0 or null likewise, with `valid` false. Never throws.
 */
export function parseNumericInput(raw: string, options: NumericInputOptions = {}): ParsedNumericInput {
  const mode = options.mode ?? 'currency'
  const fallback = options.allowNull ? null : 0
  const trimmed = typeof raw === 'string' ? raw.trim() : ''
  if (trimmed === '') return { value: fallback, text: formatNumericInput(fallback, options), valid: true }
  const value = numericValue(trimmed, MODE_DECIMALS[mode], options.percentBasis)
  if (value === null) return { value: fallback, text: formatNumericInput(fallback, options), valid: false }
  return { value, text: formatNumericInput(value, options), valid: true }
}
