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
  /** Why the text is no amount (set when `valid` is false), to show in place. */
  message?: string
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
 * dropped, including a minus sign), a 'k', 'm' or '%' typed last is kept as a suffix, and thousands
 * separators are inserted.
 */
export function filterNumericTyping(raw: string): string {
  const trimmed = raw.trim()
  const last = trimmed.slice(-1)
  const suffix = 'kKmM%'.includes(last) && last !== '' ? last : ''
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

/** Issue 39 ("A k suffix multiplies by 1000", seed 001): 'm' multiplies by a million. */
export const MILLION_SUFFIX_FACTOR = 1_000_000

/** Said in place when an amount is negative: every amount input takes amounts of zero or more. */
export const NEGATIVE_AMOUNT_MESSAGE = 'Amounts cannot be negative: type the amount without a minus sign.'

/** Said in place when text is no amount; `text` is what was typed. */
export function notAnAmountMessage(text: string): string {
  return `"${text}" is not an amount. Type digits, such as 1,500, $2,000, 2.5k or 1.5m.`
}

export type AmountParse = { ok: true; value: number | null } | { ok: false; message: string }

/**
 * The one money parser of every amount input (issue 39): a leading '$', spaces and en-US thousands
 * separators are ignored; a 'k' suffix multiplies by 1000 and an 'm' suffix by a million; a '%'
 * suffix is that percent of `percentBasis` when one is given. Empty text is null. A minus sign or
 * accounting parentheses are refused with NEGATIVE_AMOUNT_MESSAGE, anything else that is no amount
 * with notAnAmountMessage. The value is rounded to `decimals` (2 unless told), exactly on the digits.
 */
export function parseAmount(
  raw: string,
  options: { decimals?: number; percentBasis?: number | null } = {},
): AmountParse {
  const decimals = options.decimals ?? MONEY_DECIMALS
  const typed = raw.trim()
  if (typed === '') return { ok: true, value: null }
  const text = typed.replace(/[\s,]/g, '').replace(/^-?\$/, (sign) => sign.slice(0, -1))
  // "-5000", "-$5,000", "$-5,000" and the accounting "(5,000)" are negative amounts.
  if (/^-|^\(.*\)$/.test(text)) return { ok: false, message: NEGATIVE_AMOUNT_MESSAGE }
  const last = text.slice(-1).toLowerCase()
  const suffix = last === 'k' || last === 'm' || last === '%' ? last : ''
  const body = suffix ? text.slice(0, -1) : text
  if (!BODY.test(body)) return { ok: false, message: notAnAmountMessage(typed) }
  let value: number | null
  if (suffix === '%' && options.percentBasis != null && Number.isFinite(options.percentBasis)) {
    value = roundTo((options.percentBasis * Number(body)) / 100, decimals)
  } else {
    // exact on the digits: "1.005" rounds to 1.01 and "1.2345k" to 1234.5
    const shift = suffix === 'k' ? 3 : suffix === 'm' ? 6 : 0
    const units = scaleDecimalString(body, decimals + shift)
    value = units === null ? null : units / 10 ** decimals
  }
  if (value === null || !Number.isFinite(value) || Math.abs(value) > MAX_INPUT_MAGNITUDE) {
    return { ok: false, message: notAnAmountMessage(typed) }
  }
  return { ok: true, value }
}

/** The characters of typed text that an amount input refuses (filterNumericTyping drops them). */
export function refusedCharacters(raw: string): string {
  return [...raw].filter((char) => !/[\d.,\s$kKmM%]/.test(char)).join('')
}

/**
 * Why typing was refused, said in place (issue 39): `refused` holds the characters refused since
 * the last one kept. Null when none was.
 */
export function typingRefusal(refused: string): string | null {
  if (refused === '') return null
  if (refused.includes('-') || refused.includes('(')) return NEGATIVE_AMOUNT_MESSAGE
  return notAnAmountMessage(refused)
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
  const parsed = parseAmount(trimmed, { decimals: MODE_DECIMALS[mode], percentBasis: options.percentBasis })
  if (!parsed.ok) {
    return {
      value: fallback,
      text: formatNumericInput(fallback, options),
      valid: false,
      message: parsed.message,
    }
  }
  return { value: parsed.value, text: formatNumericInput(parsed.value, options), valid: true }
}
