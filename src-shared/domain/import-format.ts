import type { CurrencyCode } from './currencies'

/**
 * The employee import CSV, as the spec's "Import row" table (administration document §3) defines it:
 * one column per header, in the spec's order. Headers are verbatim without the '*' that marks a
 * required field. Pure data: the importer (validation) and the exporters (demo CSV) both read it.
 */
export type ImportValueType = 'string' | 'number' | 'boolean' | 'date' | 'currency' | 'email'

export type ImportDefault = string | number | boolean

export interface ImportColumn {
  /** The CSV header, verbatim (case as in the spec, no '*'). */
  header: string
  field: string
  type: ImportValueType
  required: boolean
  /**
   * Used when an optional value is absent or a null token; none means null (spec: nullable fields
   * default to null). A required column with a default (Pay Currency, Salaried) takes it too.
   */
  default?: ImportDefault
}

export const IMPORT_COLUMNS = [
  { header: 'Employee Id', field: 'employeeId', type: 'string', required: true },
  { header: 'Name', field: 'employeeName', type: 'string', required: true },
  { header: 'Preferred name', field: 'preferredName', type: 'string', required: false },
  { header: 'Email', field: 'email', type: 'email', required: false },
  { header: 'Manager Employee Id', field: 'managerEmployeeId', type: 'string', required: false },
  { header: 'Planner', field: 'planner', type: 'string', required: false },
  {
    header: 'Current Base Pay (Country Currency)',
    field: 'currentBasePay',
    type: 'number',
    required: false,
    default: 0,
  },
  { header: 'Pay Currency', field: 'payCurrency', type: 'currency', required: true, default: 'USD' },
  { header: 'Salaried', field: 'salaried', type: 'boolean', required: true, default: true },
  // The spec's table gives Hire Date* the default 'now', but only optional fields take their default
  // for a blank: a blank Hire Date is Missing-hireDate (docs/decisions.md), not the import's date.
  { header: 'Hire Date', field: 'hireDate', type: 'date', required: true },
  {
    header: 'Employment Status',
    field: 'employmentStatus',
    type: 'string',
    required: false,
    default: 'Active',
  },
  { header: 'Performance Rating', field: 'performanceRating', type: 'number', required: false, default: 1 },
  { header: 'Promotion', field: 'promotion', type: 'boolean', required: false, default: false },
  { header: 'New Job code', field: 'newJobCode', type: 'string', required: false },
  { header: 'Date of last increase', field: 'dateOfLastIncrease', type: 'date', required: false },
  {
    header: 'Reason for last increase',
    field: 'reasonForLastIncrease',
    type: 'string',
    required: false,
    default: '',
  },
  { header: 'Gender', field: 'gender', type: 'string', required: false },
  { header: 'Race', field: 'race', type: 'string', required: false },
  { header: 'Age', field: 'age', type: 'number', required: false },
  { header: 'Job Code', field: 'jobCode', type: 'string', required: true },
  { header: 'Job Profile', field: 'jobProfile', type: 'string', required: false },
  { header: 'Job Title', field: 'jobTitle', type: 'string', required: false },
  { header: 'Job Family', field: 'jobFamily', type: 'string', required: false },
  { header: 'Job Family group', field: 'jobFamilyGroup', type: 'string', required: false },
  { header: 'Exemption Status', field: 'exemptionStatus', type: 'boolean', required: false, default: false },
  { header: 'Pay Range Name', field: 'payRangeName', type: 'string', required: true },
  { header: 'Min Pay', field: 'minPay', type: 'number', required: false, default: 0 },
  { header: 'Mid Pay', field: 'midPay', type: 'number', required: false, default: 0 },
  { header: 'Max Pay', field: 'maxPay', type: 'number', required: false, default: 0 },
] as const satisfies readonly ImportColumn[]

export type ImportColumnSpec = (typeof IMPORT_COLUMNS)[number]
export type ImportField = ImportColumnSpec['field']
export type ImportHeader = ImportColumnSpec['header']

export const IMPORT_HEADERS: readonly ImportHeader[] = IMPORT_COLUMNS.map((c) => c.header)

/** Spec: the import results' idField defaults to employeeId. */
export const IMPORT_ID_FIELD: ImportField = 'employeeId'

/**
 * Spec grouping hints, and only they: a pay range name implies salaried, the pay numbers and the
 * currency; a job code implies the pay range name and the exemption status. Job Profile, Job Title,
 * Job Family and Job Family group are kept per employee as imported (issue 36).
 */
export const IMPORT_FIELD_GROUPS: Partial<Record<ImportField, readonly ImportField[]>> = {
  payRangeName: ['salaried', 'minPay', 'midPay', 'maxPay', 'payCurrency'],
  jobCode: ['payRangeName', 'exemptionStatus'],
}

/** For optional fields these values (case-insensitive, trimmed) stand for "no value": the default applies. */
export const IMPORT_NULL_TOKENS: readonly string[] = ['', 'n/a', '-', '--', 'none', 'null', 'undefined']

/** Boolean spellings the import accepts, case-insensitive. */
export const IMPORT_TRUE_TOKENS: readonly string[] = ['true', 'yes', 'y', '1']
export const IMPORT_FALSE_TOKENS: readonly string[] = ['false', 'no', 'n', '0']

interface ImportValueTypes {
  string: string
  number: number
  boolean: boolean
  /** ISO yyyy-mm-dd. */
  date: string
  currency: CurrencyCode
  /** Trimmed and lower-cased. */
  email: string
}

/** One parsed import row: each field typed after its column, null when absent without a default. */
export type ImportRow = {
  [C in ImportColumnSpec as C['field']]: ImportValueTypes[C['type']] | null
}

export function importColumnByHeader(header: string): ImportColumnSpec | undefined {
  const wanted = header.trim().toLowerCase()
  return IMPORT_COLUMNS.find((c) => c.header.toLowerCase() === wanted)
}

/** Said of an imported file that is not UTF-8 and was read as a spreadsheet's plain CSV (Windows-1252). */
export const WINDOWS_1252_NOTE = 'not UTF-8: read as Windows-1252, check accented names'
