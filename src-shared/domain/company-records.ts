import { EMPLOYEE_LIMITS, limitProblem, PROFILE_LIMITS, type FieldLimit } from './field-limits'
import { IMPORT_VALUE_MESSAGES, parseImportValue, parseMoneyCents } from './import-values'

/**
 * Editing the company's records in place (an employee's admin-view fields, a pay range), validated
 * with the import's value rules and messages (admin spec §5 CSV import), one field at a time.
 */

type FieldType = 'string' | 'email' | 'boolean' | 'number' | 'date' | 'currency' | 'money' | 'fte'

export interface RecordField {
  /** The import's header where the import has the field, else our label. */
  label: string
  type: FieldType
  required: boolean
  /** The stored value's limit (field-limits.ts): what a company snapshot carries, so join takes it. */
  limit?: FieldLimit
}

const E = EMPLOYEE_LIMITS
const P = PROFILE_LIMITS

/** Employee (admin view, administration document §3) fields editable here; team structure is the org chart's. */
export const EMPLOYEE_FIELDS = {
  name: { label: 'Name', type: 'string', required: true, limit: E.name },
  preferredName: { label: 'Preferred name', type: 'string', required: false, limit: E.preferredName },
  email: { label: 'Email', type: 'email', required: false, limit: E.email },
  jobTitle: { label: 'Job Title', type: 'string', required: false, limit: E.jobTitle },
  jobCode: { label: 'Job Code', type: 'string', required: true, limit: P.jobCode },
  hireDate: { label: 'Hire Date', type: 'date', required: true },
  currentSalary: {
    label: 'Current Base Pay (Country Currency)',
    type: 'money',
    required: true,
    limit: E.money,
  },
  currentPercentBonus: {
    label: 'Current Percent Bonus',
    type: 'number',
    required: true,
    limit: E.percentBonus,
  },
  currentDollarBonus: { label: 'Current Dollar Bonus', type: 'money', required: true, limit: E.money },
  payCurrency: { label: 'Pay Currency', type: 'currency', required: true },
  salaried: { label: 'Salaried', type: 'boolean', required: true },
  fte: { label: 'FTE', type: 'fte', required: true },
  gender: { label: 'Gender', type: 'string', required: false, limit: E.gender },
  race: { label: 'Race', type: 'string', required: false, limit: E.race },
  age: { label: 'Age', type: 'number', required: false, limit: E.age },
} as const satisfies Record<string, RecordField>

export type EmployeeField = keyof typeof EMPLOYEE_FIELDS
export const EMPLOYEE_FIELD_NAMES = Object.keys(EMPLOYEE_FIELDS) as EmployeeField[]

/** Pay range (PUT /payranges/{id}/): name, min, mid and max pay, currency, salaried. */
export const PAY_RANGE_FIELDS = {
  name: { label: 'Pay Range Name', type: 'string', required: true, limit: P.payRangeName },
  minPay: { label: 'Min Pay', type: 'money', required: true, limit: E.money },
  midPay: { label: 'Mid Pay', type: 'money', required: true, limit: E.money },
  maxPay: { label: 'Max Pay', type: 'money', required: true, limit: E.money },
  payCurrency: { label: 'Pay Currency', type: 'currency', required: true },
  salaried: { label: 'Salaried', type: 'boolean', required: true },
} as const satisfies Record<string, RecordField>

export type PayRangeField = keyof typeof PAY_RANGE_FIELDS
export const PAY_RANGE_FIELD_NAMES = Object.keys(PAY_RANGE_FIELDS) as PayRangeField[]

/** Job profile: its labels, exemption and pay range (by name); the job code is its key and stays. */
export const JOB_PROFILE_FIELDS = {
  jobProfile: { label: 'Job Profile', type: 'string', required: false, limit: P.label },
  jobFamily: { label: 'Job Family', type: 'string', required: false, limit: P.label },
  jobFamilyGroup: { label: 'Job Family group', type: 'string', required: false, limit: P.label },
  exemptionStatus: { label: 'Exemption Status', type: 'boolean', required: true },
  payRangeName: { label: 'Pay Range Name', type: 'string', required: true, limit: P.payRangeName },
} as const satisfies Record<string, RecordField>

export type JobProfileField = keyof typeof JOB_PROFILE_FIELDS
export const JOB_PROFILE_FIELD_NAMES = Object.keys(JOB_PROFILE_FIELDS) as JobProfileField[]

/** Stored form: text, a number (money in cents), a boolean, or null. */
export type RecordValue = string | number | boolean | null

export type FieldResult = { ok: true; value: RecordValue } | { ok: false; message: string }

function invalid(label: string, message: string, raw: string): FieldResult {
  return { ok: false, message: `${label}: ${message} ("${raw}")` }
}

/**
 * One typed value of a record field, or why not (the import's message, naming the field); a value
 * past the field's limit is refused as the import refuses it.
 */
export function parseRecordField(field: RecordField, raw: string): FieldResult {
  const result = parseTyped(field, raw)
  const problem = result.ok && field.limit ? limitProblem(field.limit, result.value) : null
  if (!problem) return result
  // Long text is not quoted back whole: the problem says how long it is.
  return field.limit?.kind === 'text'
    ? { ok: false, message: `${field.label}: ${problem}` }
    : invalid(field.label, problem, raw)
}

function parseTyped(field: RecordField, raw: string): FieldResult {
  const text = raw.trim()
  if (text === '') {
    return field.required ? { ok: false, message: `${field.label} is required.` } : { ok: true, value: null }
  }
  switch (field.type) {
    case 'money': {
      const cents = parseMoneyCents(text)
      if (cents === null) return invalid(field.label, IMPORT_VALUE_MESSAGES.InvalidNumber, raw)
      if (cents < 0) return invalid(field.label, 'cannot be negative', raw)
      return { ok: true, value: cents }
    }
    case 'fte': {
      const parsed = parseImportValue('number', text)
      if (!parsed.ok) return invalid(field.label, parsed.message, raw)
      const fte = parsed.value as number
      if (fte <= 0 || fte > 1) return invalid(field.label, 'must be above 0 and at most 1', raw)
      return { ok: true, value: fte }
    }
    default: {
      const parsed = parseImportValue(field.type, text)
      if (!parsed.ok) return invalid(field.label, parsed.message, raw)
      if (field.type === 'number' && (parsed.value as number) < 0)
        return invalid(field.label, 'cannot be negative', raw)
      return { ok: true, value: parsed.value }
    }
  }
}

/**
 * Every change of a record parsed (the desktop's record edits and the server's PUT alike): the typed
 * values that differ from the current ones, or every error at once, each naming its field.
 */
export function parseRecordChanges<F extends string>(
  fields: Record<F, RecordField>,
  current: Record<F, RecordValue>,
  changes: Partial<Record<F, string>>,
): { ok: true; changes: Partial<Record<F, RecordValue>> } | { ok: false; errors: string[] } {
  const parsed: Partial<Record<F, RecordValue>> = {}
  const errors: string[] = []
  for (const [field, raw] of Object.entries(changes) as [F, string][]) {
    const result = parseRecordField(fields[field], raw)
    if (!result.ok) errors.push(result.message)
    else if (result.value !== current[field]) parsed[field] = result.value
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, changes: parsed }
}

/** Each changed field's value before and after, as the text one would type (change log, undo). */
export function describeRecordChanges<F extends string>(
  fields: Record<F, RecordField>,
  before: Partial<Record<F, RecordValue>>,
  after: Partial<Record<F, RecordValue>>,
): { before: Partial<Record<F, string>>; after: Partial<Record<F, string>> } {
  const b: Partial<Record<F, string>> = {}
  const a: Partial<Record<F, string>> = {}
  for (const field of Object.keys(after) as F[]) {
    b[field] = recordText(fields[field], before[field] ?? null)
    a[field] = recordText(fields[field], after[field] ?? null)
  }
  return { before: b, after: a }
}

export const PAY_RANGE_ORDER_MESSAGE =
  'Min Pay, Mid Pay and Max Pay must rise in that order (min ≤ mid ≤ max).'

/** A pay range's three pays must not cross (the spec divides by max − min). */
export function payRangeOrderError(range: { minPay: number; midPay: number; maxPay: number }): string | null {
  return range.minPay <= range.midPay && range.midPay <= range.maxPay ? null : PAY_RANGE_ORDER_MESSAGE
}

/** `field=value` pairs of the CLI (`employee set`, `payrange set`); the value may contain '='. */
export function parseAssignments<F extends string>(
  pairs: readonly string[],
  fields: readonly F[],
): { ok: true; changes: Partial<Record<F, string>> } | { ok: false; message: string } {
  const changes: Partial<Record<F, string>> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    const name = at < 0 ? pair : pair.slice(0, at)
    if (at < 0) return { ok: false, message: `"${pair}" is not field=value.` }
    if (!(fields as readonly string[]).includes(name))
      return { ok: false, message: `Unknown field "${name}": use one of ${fields.join(', ')}.` }
    changes[name as F] = pair.slice(at + 1)
  }
  return { ok: true, changes }
}

/** A stored value as the text one would type (money as "72726.50"), for the editors and undo. */
export function recordText(field: RecordField, value: RecordValue): string {
  if (value === null) return ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (field.type === 'money' && typeof value === 'number') {
    const sign = value < 0 ? '-' : ''
    const abs = Math.abs(value)
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
  }
  return String(value)
}

export function recordTexts<F extends string>(
  fields: Record<F, RecordField>,
  values: Record<F, RecordValue>,
): Record<F, string> {
  const texts = {} as Record<F, string>
  for (const field of Object.keys(fields) as F[]) texts[field] = recordText(fields[field], values[field])
  return texts
}
