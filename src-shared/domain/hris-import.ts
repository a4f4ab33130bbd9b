import { IMPORT_COLUMNS, type ImportField } from './import-format'

/**
 * An employee as an HRIS (through Merge's unified HRIS model) knows them, in neutral terms: the server
 * reads Merge's answers into this, and hrisImportRows turns a company of them into the import's rows,
 * so an HRIS import goes through the same checks and writes as a CSV import.
 */
export interface HrisPerson {
  /** The HRIS's own id of the person (Merge's `id`): managers point at it. */
  id: string
  /** The company's employee number; the HRIS's remote id when it has none. */
  employeeNumber: string
  name: string
  preferredName: string | null
  email: string | null
  managerId: string | null
  /** ISO date or date-time. */
  hireDate: string | null
  /** Merge's ACTIVE, PENDING, INACTIVE. */
  employmentStatus: string | null
  gender: string | null
  ethnicity: string | null
  dateOfBirth: string | null
  /** The current employment (the latest effective one). */
  jobTitle: string | null
  /** A job code the HRIS keeps in its own data (remote_data), when it has one. */
  jobCode: string | null
  payRate: number | null
  /** Merge's pay period: HOUR, DAY, WEEK, EVERY_TWO_WEEKS, SEMIMONTHLY, MONTH, QUARTER, EVERY_SIX_MONTHS, YEAR. */
  payPeriod: string | null
  payCurrency: string | null
  /** Merge's EXEMPT, NONEXEMPT, … */
  flsaStatus: string | null
}

/** Pay periods in a year: a salaried person's pay rate becomes yearly base pay. */
export const PAY_PERIODS_PER_YEAR: Readonly<Record<string, number>> = {
  DAY: 260,
  WEEK: 52,
  EVERY_TWO_WEEKS: 26,
  SEMIMONTHLY: 24,
  MONTH: 12,
  QUARTER: 4,
  EVERY_SIX_MONTHS: 2,
  YEAR: 1,
}

/** Merge's enum values (MALE, PREFER_NOT_TO_DISCLOSE) in the import's words (Male, Prefer not to disclose). */
function words(value: string | null): string {
  if (!value) return ''
  const spaced = value.toLowerCase().replace(/_/g, ' ')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** The calendar day of an ISO date or date-time ('2019-04-01T00:00:00Z' → '2019-04-01'). */
function day(value: string | null): string {
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null
  return match ? match[1] : ''
}

/** Whole years from a birth date to `today` (yyyy-mm-dd); blank without one. */
export function ageOn(dateOfBirth: string | null, today: string): string {
  const born = day(dateOfBirth)
  if (!born) return ''
  const [by, bm, bd] = born.split('-').map(Number)
  const [ty, tm, td] = today.split('-').map(Number)
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
  return age >= 0 ? String(age) : ''
}

/** Yearly base pay of a salaried person, an hourly person's rate, rounded to cents; blank without a rate. */
function basePay(person: HrisPerson): { pay: string; salaried: string } {
  if (person.payRate === null) return { pay: '', salaried: '' }
  if (person.payPeriod === 'HOUR') return { pay: String(person.payRate), salaried: 'false' }
  const times = PAY_PERIODS_PER_YEAR[person.payPeriod ?? 'YEAR'] ?? 1
  return { pay: String(Math.round(person.payRate * times * 100) / 100), salaried: 'true' }
}

/**
 * The import's rows (aligned with IMPORT_COLUMNS, as text like a CSV's cells) for an HRIS's people.
 * The job code is the HRIS's own when its data has one, else the job title; each job's pay range is
 * named after its job code (ranges' amounts are not an HRIS's to know). Managers are named by their
 * employee number; a manager outside the list is left blank. `today` (yyyy-mm-dd) gives ages.
 */
export function hrisImportRows(people: readonly HrisPerson[], today: string): string[][] {
  const numberOf = new Map(people.map((p) => [p.id, p.employeeNumber]))
  return people.map((person) => {
    const job = person.jobCode ?? person.jobTitle ?? ''
    const { pay, salaried } = basePay(person)
    const cells: Partial<Record<ImportField, string>> = {
      employeeId: person.employeeNumber,
      employeeName: person.name,
      preferredName: person.preferredName ?? '',
      email: person.email ?? '',
      managerEmployeeId: person.managerId ? (numberOf.get(person.managerId) ?? '') : '',
      currentBasePay: pay,
      payCurrency: person.payCurrency ?? '',
      salaried,
      hireDate: day(person.hireDate),
      employmentStatus: words(person.employmentStatus),
      gender: words(person.gender),
      race: words(person.ethnicity),
      age: ageOn(person.dateOfBirth, today),
      jobCode: job,
      jobTitle: person.jobTitle ?? '',
      exemptionStatus: person.flsaStatus ? String(person.flsaStatus === 'EXEMPT') : '',
      payRangeName: job,
    }
    return IMPORT_COLUMNS.map((column) => cells[column.field] ?? '')
  })
}
