import { isCurrencyCode, type CurrencyCode } from './currencies'
import { readAmount } from './import-amounts'
import { isTrimmedSpace } from './white-space'
import {
  IMPORT_FALSE_TOKENS,
  IMPORT_NULL_TOKENS,
  IMPORT_TRUE_TOKENS,
  type ImportColumn,
  type ImportDefault,
} from './import-format'
import { centsFromDecimalString, type Cents } from './money'

// The value rules of the employee CSV import (admin spec §5 "CSV import"), shared with bulk planner input.

export type ImportValueErrorCode =
  | 'InvalidEmail'
  | 'InvalidBoolean'
  | 'InvalidNumber'
  | 'InvalidDate'
  | 'UnsupportedCurrency'
  | 'UnknownType'
  | `Missing-${string}`

/** Admin spec §5, verbatim. UnknownType's message is ours (the spec gives only the code). */
export const IMPORT_VALUE_MESSAGES = {
  InvalidEmail: 'Invalid email format',
  InvalidBoolean: 'Invalid boolean value',
  InvalidNumber: 'Invalid number',
  InvalidDate: 'Invalid date',
  UnsupportedCurrency: 'Unsupported currency',
  UnknownType: 'Unknown value type',
} as const

export type ImportValue = string | number | boolean | null

export type ImportValueResult =
  { ok: true; value: ImportValue } | { ok: false; code: ImportValueErrorCode; message: string }

export interface ImportValueOptions {
  /** A required value may not be blank or a null token: that gives Missing-<field>. */
  required?: boolean
  /** What a blank or null-token optional value becomes; missing means null. */
  defaultValue?: ImportDefault | null
  /** For the Missing-<field> error. */
  field?: string
  /** The row number the Missing-<field> message names. */
  row?: number
}

/** Admin spec §5: code Missing-<field>, message 'Required field "<field>" is missing in row <n>'. */
export function missingFieldError(field: string, row: number): Extract<ImportValueResult, { ok: false }> {
  return {
    ok: false,
    code: `Missing-${field}`,
    message: `Required field "${field}" is missing in row ${row}`,
  }
}

/** True for blank text and the null tokens (empty, n/a, -, --, none, null, undefined; any case, trimmed). */
export function isImportNullToken(raw: string | null | undefined): boolean {
  if (raw == null) return true
  const text = String(raw)
  if (text === '') return true
  // Fast paths (an import checks millions of cells): every token starts with n, - or u once trimmed,
  // and none is longer than LONGEST_NULL_TOKEN.
  const first = text.charCodeAt(0)
  const padded = isTrimmedSpace(first)
  if (!padded && first !== 45 && (first | 0x20) !== 110 && (first | 0x20) !== 117) return false
  if (text.length > LONGEST_NULL_TOKEN && !padded && !isTrimmedSpace(text.charCodeAt(text.length - 1)))
    return false
  return NULL_TOKENS.has(text.trim().toLowerCase())
}

const NULL_TOKENS: ReadonlySet<string> = new Set(IMPORT_NULL_TOKENS)
const LONGEST_NULL_TOKEN = Math.max(...IMPORT_NULL_TOKENS.map((t) => t.length))

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Trimmed and lower-cased when it matches a simple pattern (something@domain.tld, no spaces). */
export function parseImportEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase()
  return EMAIL.test(email) ? email : null
}

export function parseImportBoolean(raw: string): boolean | null {
  const token = raw.trim().toLowerCase()
  if (IMPORT_TRUE_TOKENS.includes(token)) return true
  if (IMPORT_FALSE_TOKENS.includes(token)) return false
  return null
}

/** The spec's message for a number that does not parse, with the hint of why when there is one. */
export function invalidNumberMessage(hint: string | null): string {
  return hint ? `${IMPORT_VALUE_MESSAGES.InvalidNumber}: ${hint}` : IMPORT_VALUE_MESSAGES.InvalidNumber
}

/** Commas that group thousands and a leading currency symbol dropped, then a plain decimal; null when it is not one. */
export function parseImportNumber(raw: string): number | null {
  const reading = readAmount(raw, null, false)
  if (!reading.ok) return null
  const value = Number(reading.text)
  return Number.isFinite(value) ? value : null
}

export type AmountResult = { ok: true; cents: Cents } | { ok: false; code: 'InvalidNumber'; message: string }

/**
 * An amount of a row whose Pay Currency is `currency` (null: any symbol) as exact cents, rounded half
 * away from zero; otherwise InvalidNumber with a hint (a European format, another currency's symbol).
 */
export function parseImportAmount(raw: string, currency: CurrencyCode | null): AmountResult {
  const reading = readAmount(raw, currency, true)
  const cents = reading.ok ? centsFromDecimalString(reading.text) : null
  if (cents !== null) return { ok: true, cents }
  return { ok: false, code: 'InvalidNumber', message: invalidNumberMessage(reading.ok ? null : reading.hint) }
}

/** An amount in currency units ("72,726.50") as exact cents; null when invalid. */
export function parseMoneyCents(raw: string, currency: CurrencyCode | null = null): Cents | null {
  const amount = parseImportAmount(raw, currency)
  return amount.ok ? amount.cents : null
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])
}

function isoDate(year: number, month: number, day: number): string | null {
  if (!isRealDay(year, month, day)) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** True for exactly yyyy-mm-dd naming a real day: such text is already its own ISO date. */
export function isIsoDay(raw: string): boolean {
  if (raw.length !== 10 || raw.charCodeAt(4) !== 45 || raw.charCodeAt(7) !== 45) return false
  let year = 0
  let month = 0
  let day = 0
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue
    const digit = raw.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return false
    if (i < 4) year = year * 10 + digit
    else {
      if (i < 7) month = month * 10 + digit
      else day = day * 10 + digit
    }
  }
  return isRealDay(year, month, day)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/

/**
 * ISO yyyy-mm-dd (a time after it is ignored) or en-US m/d/yyyy, as an ISO date; null for other
 * spellings and impossible dates such as 2/30/2024.
 */
export function parseImportDate(raw: string): string | null {
  const text = raw.trim()
  const iso = ISO_DATE.exec(text)
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
  const us = US_DATE.exec(text)
  if (us) return isoDate(Number(us[3]), Number(us[1]), Number(us[2]))
  return null
}

function invalid(code: keyof typeof IMPORT_VALUE_MESSAGES): ImportValueResult {
  return { ok: false, code, message: IMPORT_VALUE_MESSAGES[code] }
}

function typedValue(type: string, text: string): ImportValueResult {
  switch (type) {
    case 'string':
      return { ok: true, value: text.trim() }
    case 'email': {
      const email = parseImportEmail(text)
      return email === null ? invalid('InvalidEmail') : { ok: true, value: email }
    }
    case 'boolean': {
      const flag = parseImportBoolean(text)
      return flag === null ? invalid('InvalidBoolean') : { ok: true, value: flag }
    }
    case 'number': {
      const reading = readAmount(text, null, false)
      const number = reading.ok ? Number(reading.text) : NaN
      if (Number.isFinite(number)) return { ok: true, value: number }
      return {
        ok: false,
        code: 'InvalidNumber',
        message: invalidNumberMessage(reading.ok ? null : reading.hint),
      }
    }
    case 'date': {
      const date = parseImportDate(text)
      return date === null ? invalid('InvalidDate') : { ok: true, value: date }
    }
    case 'currency': {
      const code = text.trim().toUpperCase()
      return isCurrencyCode(code) ? { ok: true, value: code } : invalid('UnsupportedCurrency')
    }
    default:
      return unknownType(type)
  }
}

function unknownType(type: string): ImportValueResult {
  return { ok: false, code: 'UnknownType', message: `${IMPORT_VALUE_MESSAGES.UnknownType} "${type}"` }
}

const KNOWN_TYPES: readonly string[] = ['string', 'email', 'boolean', 'number', 'date', 'currency']

/**
 * One CSV value by its column type. Blank and null-token values give the default (or null) for optional
 * fields and Missing-<field> for required ones; anything else must parse. Never throws.
 */
export function parseImportValue(
  type: string,
  raw: string | null | undefined,
  options: ImportValueOptions = {},
): ImportValueResult {
  if (!KNOWN_TYPES.includes(type)) return unknownType(type)
  const text = typeof raw === 'string' ? raw : raw == null ? '' : String(raw)
  if (isImportNullToken(text)) {
    if (options.required) return missingFieldError(options.field ?? 'value', options.row ?? 0)
    return { ok: true, value: options.defaultValue ?? null }
  }
  return typedValue(type, text)
}

/**
 * One value of an import column. A required column that has a default (Pay Currency, Salaried) needs
 * its header, but a blank value takes the default rather than failing; any other required column
 * (Hire Date among them) gives Missing-<field>.
 */
export function parseImportColumnValue(
  column: Pick<ImportColumn, 'field' | 'type' | 'required' | 'default'>,
  raw: string | null | undefined,
  context: { row: number },
): ImportValueResult {
  return parseImportValue(column.type, raw, {
    required: column.required && column.default === undefined,
    defaultValue: column.default ?? null,
    field: column.field,
    row: context.row,
  })
}
