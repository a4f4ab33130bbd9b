import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from './currencies'

/**
 * How an import reads an amount's text (issue 36, "numbers are never guessed"): a currency symbol or
 * code only of the row's Pay Currency, commas only as thousands separators, a point only as the
 * decimal point. Anything else is refused with a hint rather than read some way.
 */

export type AmountReading = { ok: true; text: string } | { ok: false; hint: string | null }

interface Mark {
  mark: string
  currency: CurrencyCode
}

/** Symbols and codes, longest first ('CA$' before '$'); codes match in any case. */
const MARKS: readonly Mark[] = [
  ...CURRENCY_CODES.map((code) => ({ mark: code, currency: code })),
  ...CURRENCY_CODES.map((code) => ({ mark: CURRENCIES[code].symbol, currency: code })),
].sort((a, b) => b.mark.length - a.mark.length)

function startsWithMark(text: string, mark: string): boolean {
  return text.slice(0, mark.length).toUpperCase() === mark.toUpperCase()
}

function endsWithMark(text: string, mark: string): boolean {
  return text.length > mark.length && text.slice(-mark.length).toUpperCase() === mark.toUpperCase()
}

const PLAIN = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/
const DOT_GROUPED = /^\d{1,3}(\.\d{3})+(,\d*)?$/
const DECIMAL_COMMA = /^\d+,\d{1,2}$/
/** 55.000: 55 or 55,000? Never an amount's cents. */
const ONE_DOT_GROUP = /^\d{1,3}\.\d{3}$/

function european(body: string): string {
  return `looks like a European format; write ${body.replace(/\./g, '').replace(',', '.')}`
}

function readBody(body: string, money: boolean): AmountReading {
  if (money && ONE_DOT_GROUP.test(body)) {
    const [whole] = body.split('.')
    return {
      ok: false,
      hint: `could be ${whole} or ${body.replace('.', '')}; write ${body.replace('.', '')} or ${whole}.00`,
    }
  }
  if (PLAIN.test(body)) return { ok: true, text: body }
  if (GROUPED.test(body)) return { ok: true, text: body.replace(/,/g, '') }
  if (DOT_GROUPED.test(body) || DECIMAL_COMMA.test(body)) return { ok: false, hint: european(body) }
  if (body.includes(',') && /^[\d,.]+$/.test(body))
    return { ok: false, hint: 'commas only group thousands, as in 1,234,567.89' }
  return { ok: false, hint: null }
}

/**
 * The plain decimal text of an amount ("-$1,234.50" → "-1234.50"), or why it is not one. With a
 * currency, a symbol or code must be that currency's; without one (no row to say), any known symbol
 * is dropped. `money` also refuses 55.000, which no amount in cents is written as.
 */
export function readAmount(raw: string, currency: CurrencyCode | null, money: boolean): AmountReading {
  let text = raw.trim()
  let sign = ''
  if (text.startsWith('-') || text.startsWith('+')) {
    sign = text[0]
    text = text.slice(1)
  }
  // A sign may stand apart from a symbol ("- $12"), never from the digits ("- 12").
  let found: Mark | undefined = MARKS.find((m) => startsWithMark(text.trimStart(), m.mark))
  if (found) text = text.trimStart().slice(found.mark.length).trimStart()
  else {
    // After the digits only with a space: "75,000 USD", "100 kr.".
    found = MARKS.find((m) => endsWithMark(text, ` ${m.mark}`))
    if (found) text = text.slice(0, -found.mark.length).trimEnd()
  }
  if (found && currency !== null && found.currency !== currency)
    return { ok: false, hint: `${found.mark} is not this row's Pay Currency (${currency})` }
  const body = readBody(text, money)
  return body.ok ? { ok: true, text: sign + body.text } : body
}
