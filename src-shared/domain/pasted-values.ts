import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from './currencies'
import { scaleDecimalString } from './money'

/**
 * What spreadsheets (and the Compensation Table itself) put on the clipboard, read back: a block of
 * tab-separated cells, and numbers as they are shown ("$176,939.60", "4.0000%", "(1,200.00)",
 * Excel's accounting " $176,939.60 ", " $(1,200.00)", " $-   "). Decimal commas ("1.234,50") are
 * not read: their grouping does not fit en-US, so they are refused rather than misread.
 */

/**
 * The clipboard as rows of cells: lines end in CRLF, LF or CR; one trailing line break (spreadsheets
 * end every row with one) is dropped; cells are separated by tabs. A cell in double quotes that ends
 * at a tab or line end is unquoted ("" is a quote), as Excel writes a cell holding a line break.
 */
export function parseClipboardTable(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  const n = text.length
  const endRow = () => {
    rows.push(row)
    row = []
  }
  while (i <= n) {
    let cell: string | null = null
    if (text[i] === '"') {
      const quoted = readQuoted(text, i)
      if (quoted) {
        cell = quoted.value
        i = quoted.end
      }
    }
    if (cell === null) {
      let j = i
      while (j < n && text[j] !== '\t' && text[j] !== '\n' && text[j] !== '\r') j++
      cell = text.slice(i, j)
      i = j
    }
    row.push(cell)
    if (i >= n) {
      endRow()
      break
    }
    if (text[i] === '\t') {
      i++
      continue
    }
    // a line break: CRLF counts once
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1
    endRow()
    if (i >= n) break
  }
  return rows.length === 0 ? [['']] : rows
}

/** A quoted cell from `start` (a quote) up to its closing quote, which must end the cell; else null. */
function readQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = ''
  let i = start + 1
  while (i < text.length) {
    if (text[i] === '"') {
      if (text[i + 1] === '"') {
        value += '"'
        i += 2
        continue
      }
      const next = text[i + 1]
      return next === undefined || next === '\t' || next === '\n' || next === '\r'
        ? { value, end: i + 1 }
        : null
    }
    value += text[i]
    i++
  }
  return null
}

/** A number as a person or a spreadsheet shows it, taken apart. */
export interface PastedNumber {
  /** The digits as a plain decimal, without sign or separators ("176939.60"); "0" for accounting's dash. */
  digits: string
  negative: boolean
  /** Ends in '%'. */
  percent: boolean
  /** Ends in 'k' (spec §5: "suffix k multiplies by 1000"). */
  thousands: boolean
  /** Ends in '/hr', as the table shows an hourly rate. */
  hourly: boolean
  /** The currency its symbol or code names; null when it has none. */
  currency: CurrencyCode | null
}

/** Symbols and codes naming each supported currency: the catalogue's, en-US's ("CRC"), the ISO code. */
const CURRENCY_TOKENS: readonly { token: string; code: CurrencyCode }[] = CURRENCY_CODES.flatMap((code) => {
  const tokens = new Set([code, CURRENCIES[code].symbol, intlSymbol(code)])
  return [...tokens].filter((t) => t !== '').map((token) => ({ token, code }))
}).sort((a, b) => b.token.length - a.token.length)

function intlSymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1)
    return parts.find((p) => p.type === 'currency')?.value ?? ''
  } catch {
    return ''
  }
}

const MINUS = /^[-\u2212]/
/** Digits with en-US thousands separators in threes, or without any; an optional fraction. */
const BODY = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$|^\.\d+$/
/** Shown for an input with no value (the Bonus cell's '—'). */
const EMPTY_MARKS = new Set(['—', '–'])

/**
 * A pasted number taken apart; 'empty' for blank text (or the table's '—'); null when it is not a
 * number. Spaces anywhere (Excel pads accounting cells) are ignored.
 */
export function parsePastedNumber(raw: string): PastedNumber | 'empty' | null {
  let text = raw.replace(/[\s\u00a0\u202f]+/g, '')
  if (text === '' || EMPTY_MARKS.has(text)) return 'empty'
  let negative = false
  let parens = false
  let currency: CurrencyCode | null = null
  let percent = false
  let thousands = false
  let hourly = false

  const takeCurrency = (at: 'start' | 'end'): boolean => {
    if (currency !== null) return false
    const hit = CURRENCY_TOKENS.find(({ token }) =>
      at === 'start' ? text.startsWith(token) : text.endsWith(token),
    )
    if (!hit) return false
    currency = hit.code
    text = at === 'start' ? text.slice(hit.token.length) : text.slice(0, -hit.token.length)
    return true
  }
  // Leading sign, currency and '(' in any order ("-$5", "$-5", "$(5)", "($5)").
  for (let progress = true; progress;) {
    progress = false
    if (!negative && !parens && MINUS.test(text)) {
      negative = true
      text = text.slice(1)
      progress = true
    } else if (!negative && !parens && text.startsWith('+')) {
      text = text.slice(1)
      progress = true
    } else if (!parens && !negative && text.startsWith('(')) {
      parens = true
      text = text.slice(1)
      progress = true
    } else if (takeCurrency('start')) {
      progress = true
    }
  }
  // Trailing ')', '%', '/hr', 'k' and a currency code ("1,200.00 USD").
  for (let progress = true; progress;) {
    progress = false
    const lower = text.toLowerCase()
    if (parens && text.endsWith(')')) {
      parens = false
      negative = true
      text = text.slice(0, -1)
      progress = true
    } else if (!percent && text.endsWith('%')) {
      percent = true
      text = text.slice(0, -1)
      progress = true
    } else if (!hourly && lower.endsWith('/hr')) {
      hourly = true
      text = text.slice(0, -3)
      progress = true
    } else if (takeCurrency('end')) {
      progress = true
    } else if (!thousands && lower.endsWith('k')) {
      thousands = true
      text = text.slice(0, -1)
      progress = true
    }
  }
  if (parens) return null
  if (percent && (currency !== null || hourly)) return null
  // Excel's accounting format shows zero as a dash: " $-   ".
  if (text === '' && negative && !parens && !percent && !thousands) {
    return { digits: '0', negative: false, percent, thousands, hourly, currency }
  }
  if (!BODY.test(text)) return null
  return { digits: text.replace(/,/g, ''), negative, percent, thousands, hourly, currency }
}

/**
 * The number scaled to an integer of `decimals` places, rounded half away from zero on its digits (no
 * float drift): 'k' multiplies by 1000, '%' is not applied (the caller knows what it is a percent of).
 * Null when it is too large to be exact.
 */
export function pastedUnits(value: PastedNumber, decimals: number): number | null {
  const sign = value.negative ? '-' : ''
  return scaleDecimalString(sign + value.digits, decimals + (value.thousands ? 3 : 0))
}
