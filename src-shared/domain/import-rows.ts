import { unescapeFormulaGuard } from './csv-format'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from './import-format'
import { isCurrencyCode, type CurrencyCode } from './currencies'
import { isTrimmed } from './white-space'
import { EMPLOYEE_LIMITS as E, limitProblem, PROFILE_LIMITS as P, type FieldLimit } from './field-limits'
import {
  isImportNullToken,
  isIsoDay,
  missingFieldError,
  parseImportColumnValue,
  parseImportAmount,
  type ImportValue,
} from './import-values'

/**
 * One import row, parsed by the spec's value rules. Rows are string arrays aligned with
 * IMPORT_COLUMNS ('' where the file has no such column). Money columns become exact cents.
 */

export const MONEY_FIELDS: ReadonlySet<ImportField> = new Set([
  'currentBasePay',
  'minPay',
  'midPay',
  'maxPay',
])
export const COLUMN_INDEX: ReadonlyMap<ImportField, number> = new Map(
  IMPORT_COLUMNS.map((c, i) => [c.field, i]),
)

export interface ImportCellError {
  field: ImportField
  code: string
  message: string
}

export interface ParsedImportRow {
  values: ImportRow
  errors: readonly ImportCellError[]
}

/** A cell that did not parse. Failures with a fixed message are shared; a row's cells allocate nothing when they parse. */
interface CellFailure {
  readonly failed: true
  readonly code: string
  readonly message: string
}
type CellParser = (raw: string, row: number, currency?: CurrencyCode | null) => ImportValue | CellFailure

const failure = (code: string, message: string): CellFailure => ({ failed: true, code, message })
const NEGATIVE_AMOUNT = failure('NegativeAmount', 'Amounts cannot be negative')

function isFailure(value: ImportValue | CellFailure): value is CellFailure {
  return typeof value === 'object' && value !== null
}

/** The general rule of admin spec §5 for one column; the parsers below only add fast paths to it. */
function columnParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  return (raw, row) => {
    const result = parseImportColumnValue(column, raw, { row })
    return result.ok ? result.value : failure(result.code, result.message)
  }
}

/** Whole numbers of up to 13 digits, the bulk of an import's numbers, read without a regular expression. */
function plainDigits(raw: string): boolean {
  const length = raw.length
  if (length === 0 || length > 13) return false
  for (let i = 0; i < length; i++) {
    const code = raw.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

function moneyParser(): CellParser {
  return (raw, _row, currency) => {
    if (plainDigits(raw)) return Number(raw) * 100
    if (isImportNullToken(raw)) return 0
    // A symbol or code must be the row's Pay Currency's (issue 36).
    const amount = parseImportAmount(raw, currency ?? null)
    if (!amount.ok) return failure(amount.code, amount.message)
    return amount.cents < 0 ? NEGATIVE_AMOUNT : amount.cents
  }
}

/** Text cells are the bulk of an import: trimmed, the export's formula guard taken off, null tokens → default. */
function textParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const fallback = 'default' in column ? (column.default as ImportValue) : null
  const required = column.required && !('default' in column)
  return (raw, row) => {
    if (isImportNullToken(raw)) {
      if (!required) return fallback
      const missing = missingFieldError(column.field, row)
      return failure(missing.code, missing.message)
    }
    const text = isTrimmed(raw) ? raw : raw.trim()
    return text.charCodeAt(0) === 39 ? unescapeFormulaGuard(text) : text
  }
}

function numberParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const general = columnParser(column)
  return (raw, row) => (plainDigits(raw) ? Number(raw) : general(raw, row))
}

function booleanParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const general = columnParser(column)
  return (raw, row) => (raw === 'true' ? true : raw === 'false' ? false : general(raw, row))
}

function currencyParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const general = columnParser(column)
  return (raw, row) => (raw.length === 3 && isCurrencyCode(raw) ? raw : general(raw, row))
}

function dateParser(column: (typeof IMPORT_COLUMNS)[number]): CellParser {
  const general = columnParser(column)
  return (raw, row) => (isIsoDay(raw) ? raw : general(raw, row))
}

/** One parser per column, built once. */
const PARSERS: readonly CellParser[] = IMPORT_COLUMNS.map((column) => {
  if (MONEY_FIELDS.has(column.field)) return moneyParser()
  switch (column.type) {
    case 'string':
      return textParser(column)
    case 'number':
      return numberParser(column)
    case 'boolean':
      return booleanParser(column)
    case 'currency':
      return currencyParser(column)
    case 'date':
      return dateParser(column)
    default:
      return columnParser(column)
  }
})
const FIELDS: readonly ImportField[] = IMPORT_COLUMNS.map((c) => c.field)
const NO_ERRORS: readonly ImportCellError[] = Object.freeze([])

export function parseImportRow(cells: readonly string[], row: number): ParsedImportRow {
  const values = new Array<ImportValue>(PARSERS.length)
  let errors: ImportCellError[] | null = null
  const payCurrency = PARSERS[PAY_CURRENCY](cells[PAY_CURRENCY] ?? '', row, null)
  const currency = typeof payCurrency === 'string' ? (payCurrency as CurrencyCode) : null
  for (let i = 0; i < PARSERS.length; i++) {
    const value = i === PAY_CURRENCY ? payCurrency : PARSERS[i](cells[i] ?? '', row, currency)
    if (isFailure(value)) {
      values[i] = null
      ;(errors ??= []).push({ field: FIELDS[i], code: value.code, message: value.message })
    } else values[i] = value
  }
  if (typeof values[AGE] === 'number') values[AGE] = Math.floor(values[AGE])
  for (const [i, limit] of LIMITED) {
    const problem = values[i] === null ? null : limitProblem(limit, values[i])
    if (problem === null) continue
    ;(errors ??= []).push({
      field: FIELDS[i],
      code: limit.kind === 'text' ? 'TooLong' : 'OutOfRange',
      message: `${IMPORT_COLUMNS[i].header} ${problem}`,
    })
    values[i] = null
  }
  return { values: importRowOf(values), errors: errors ?? NO_ERRORS }
}

/**
 * What each column's stored value may hold (field-limits.ts): the import refuses more, as record
 * edits do, so that no import makes a company a desktop's join refuses.
 */
export const IMPORT_LIMITS: Partial<Record<ImportField, FieldLimit>> = {
  employeeId: E.employeeId,
  employeeName: E.name,
  preferredName: E.preferredName,
  email: E.email,
  currentBasePay: E.money,
  employmentStatus: E.employmentStatus,
  reasonForLastIncrease: E.reasonForLastIncrease,
  gender: E.gender,
  race: E.race,
  age: E.age,
  jobCode: P.jobCode,
  newJobCode: P.jobCode,
  jobProfile: P.label,
  jobTitle: E.jobTitle,
  jobFamily: P.label,
  jobFamilyGroup: P.label,
  payRangeName: P.payRangeName,
  minPay: E.money,
  midPay: E.money,
  maxPay: E.money,
}
const LIMITED: readonly (readonly [number, FieldLimit])[] = IMPORT_COLUMNS.flatMap((c, i) => {
  const limit = IMPORT_LIMITS[c.field]
  return limit ? [[i, limit] as const] : []
})

const AGE = IMPORT_COLUMNS.findIndex((c) => c.field === 'age')
const PAY_CURRENCY = IMPORT_COLUMNS.findIndex((c) => c.field === 'payCurrency')

/**
 * The row object from values in IMPORT_COLUMNS order, written out so that every row shares one
 * shape (tests/unit/import/import-rows.test.ts checks the order against IMPORT_COLUMNS).
 */
function importRowOf(v: readonly ImportValue[]): ImportRow {
  const row = {
    employeeId: v[0],
    employeeName: v[1],
    preferredName: v[2],
    email: v[3],
    managerEmployeeId: v[4],
    planner: v[5],
    currentBasePay: v[6],
    payCurrency: v[7],
    salaried: v[8],
    hireDate: v[9],
    employmentStatus: v[10],
    performanceRating: v[11],
    promotion: v[12],
    newJobCode: v[13],
    dateOfLastIncrease: v[14],
    reasonForLastIncrease: v[15],
    gender: v[16],
    race: v[17],
    age: v[18],
    jobCode: v[19],
    jobProfile: v[20],
    jobTitle: v[21],
    jobFamily: v[22],
    jobFamilyGroup: v[23],
    exemptionStatus: v[24],
    payRangeName: v[25],
    minPay: v[26],
    midPay: v[27],
    maxPay: v[28],
  } satisfies Record<ImportField, ImportValue>
  return row as ImportRow
}
