import { shownDecimals } from './currencies'

/** Money is held as integer hundredths (cents) of its currency; see currencies.ts. */
export type Cents = number

/** Spec §9: "Money is rounded to 2 decimals"; currency shows at most 2 decimals. */
export const MONEY_DECIMALS = 2
/** Spec §9: "bonus percent shown with 4 decimals"; the percent input keeps four decimals. */
export const PERCENT_DECIMALS = 4

/**
 * Rounds half away from zero to `decimals` places. The shifted value is first read at 15 significant
 * digits so binary noise does not decide the rounding (1.005 × 100 is 100.49999999999999 in floats).
 */
export function roundTo(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value
  const factor = 10 ** decimals
  const shifted = Math.abs(value) * factor
  const cleaned = shifted < 1e15 ? Number(shifted.toPrecision(15)) : shifted
  const rounded = Math.floor(cleaned + 0.5)
  if (rounded === 0) return 0
  return value < 0 ? -rounded / factor : rounded / factor
}

/** An amount in currency units rounded to 2 decimals. */
export function roundMoney(amount: number): number {
  return roundTo(amount, MONEY_DECIMALS)
}

export function toCents(amount: number): Cents {
  return roundTo(amount * 100)
}

export function fromCents(cents: Cents): number {
  // `|| 0` turns -0 into 0, which en-US would print as "-0.00"
  return cents / 100 || 0
}

/** Cents are safe integers; sums of them are exact up to Number.MAX_SAFE_INTEGER (about 90 trillion units). */
export function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value)
}

export function addCents(a: Cents, b: Cents): Cents {
  return a + b
}

export function subtractCents(a: Cents, b: Cents): Cents {
  return a - b
}

/** Sums integer cents; null and undefined count as nothing. */
export function sumCents(values: Iterable<Cents | null | undefined>): Cents {
  let total = 0
  for (const value of values) if (value != null) total += value
  return total
}

/** cents × factor, rounded to a whole cent (half away from zero). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  return roundTo(cents * factor)
}

/** `percent` percent of an amount (12.5 = 12.5%), rounded to a whole cent. */
export function percentOfCents(cents: Cents, percent: number): Cents {
  return roundTo((cents * percent) / 100)
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,6}))?$/i

/**
 * A decimal string (optional sign, point and exponent; no separators) times 10^places, rounded half away
 * from zero to an integer, computed on the digits so no float drift creeps in. Null when the text is
 * not a decimal or the result is not a safe integer.
 */
export function scaleDecimalString(text: string, places: number): number | null {
  const match = DECIMAL.exec(text)
  if (!match) return null
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  if (whole.length + fraction.length === 0) return null
  const digits = (whole + fraction).replace(/^0+/, '')
  if (digits === '') return 0
  // value = digits × 10^shift
  const shift = Number(exponent) - fraction.length + places
  let magnitude: bigint
  if (shift >= 0) {
    if (digits.length + shift > 16) return null
    magnitude = BigInt(digits) * 10n ** BigInt(shift)
  } else {
    const kept = digits.length + shift
    if (kept > 16) return null
    const head = kept > 0 ? digits.slice(0, kept) : '0'
    const firstDropped = kept >= 0 ? digits[kept] : '0'
    magnitude = BigInt(head) + (firstDropped >= '5' ? 1n : 0n)
  }
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return null
  const value = Number(magnitude)
  return sign === '-' && value !== 0 ? -value : value
}

/** A decimal string in currency units ("72726.50") to exact cents; null when not a decimal. */
export function centsFromDecimalString(text: string): Cents | null {
  return scaleDecimalString(text, MONEY_DECIMALS)
}

const formatters = new Map<string, Intl.NumberFormat>()

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formatters.get(key)
  if (!format) {
    format = make()
    formatters.set(key, format)
  }
  return format
}

function currencyFormat(currency: string, maximumFractionDigits: number): Intl.NumberFormat | null {
  try {
    return cachedFormat(`c:${currency}:${maximumFractionDigits}`, () => {
      const probe = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      const minimumFractionDigits = Math.min(
        probe.resolvedOptions().minimumFractionDigits ?? 0,
        maximumFractionDigits,
      )
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits,
        maximumFractionDigits,
      })
    })
  } catch {
    return null
  }
}

function decimalFormat(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  return cachedFormat(
    `d:${minimumFractionDigits}:${maximumFractionDigits}`,
    () => new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }),
  )
}

/** en-US number with thousands separators, between the given counts of decimals; -0 prints as 0. */
export function formatNumber(
  value: number,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
): string {
  return decimalFormat(minimumFractionDigits, maximumFractionDigits).format(value || 0)
}

/**
 * Cents rounded (half away from zero) to the currency's shown decimals: whole yen for JPY (123450 →
 * 123500), unchanged for 2-decimal currencies. What the table shows, exports and copies.
 */
export function roundCentsToMinorUnit(cents: Cents, currency: string): Cents {
  const digits = shownDecimals(currency)
  return digits >= MONEY_DECIMALS
    ? cents
    : roundTo(cents / 10 ** (MONEY_DECIMALS - digits)) * 10 ** (MONEY_DECIMALS - digits) || 0
}

/**
 * Spec §9: en-US, at most 2 decimals ("$1,234.50"); a currency without minor units in whole units
 * ("¥1,235"); an unknown code follows the amount.
 */
export function formatMoney(cents: Cents, currency: string): string {
  const digits = shownDecimals(currency)
  const amount = fromCents(roundCentsToMinorUnit(cents, currency))
  const format = currencyFormat(currency, digits)
  return format ? format.format(amount) : `${formatNumber(amount, 0, digits)} ${currency}`
}

/** en-US with thousands separators and exactly 2 decimals, no symbol ("72,726.50"). */
export function formatAmount(cents: Cents): string {
  return decimalFormat(MONEY_DECIMALS, MONEY_DECIMALS).format(fromCents(cents))
}

/**
 * Spec §9: "Salary is shown in thousands as $NK in cards": whole thousands, rounded half away from zero
 * ("$85K", "$1,250K", "-$5K"), with the currency's en-US symbol.
 */
export function formatMoneyInThousands(cents: Cents, currency = 'USD'): string {
  const thousands = roundTo(cents / 100_000)
  const format = currencyFormat(currency, 0)
  const number = format ? format.format(thousands) : `${currency} ${decimalFormat(0, 0).format(thousands)}`
  return `${number}K`
}

/** A percent number with en-US separators and exactly `decimals` decimals: 12.5 → "12.50%". */
export function formatPercent(percent: number, decimals = 2): string {
  return `${decimalFormat(decimals, decimals).format(roundTo(percent, decimals))}%`
}

/** Spec §9: bonus percent is shown with 4 decimals ("10.0000%"). */
export function formatBonusPercent(percent: number): string {
  return formatPercent(percent, PERCENT_DECIMALS)
}
