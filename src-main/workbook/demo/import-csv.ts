import fs from 'node:fs'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { IMPORT_COLUMNS, type ImportField } from '../../../src-shared/domain/import-format'
import type { Cents } from '../../../src-shared/domain/money'
import type { DemoCompanyModel, DemoEmployee, DemoJobProfile, DemoPayRange } from './model'

/** RFC 4180 line break. */
export const CSV_EOL = '\r\n'
const ROWS_PER_CHUNK = 1000

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Cents as a plain number in currency units: no separators, up to 2 decimals (12345 → '123.45', 1200 → '12'). */
export function plainMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const whole = Math.floor(abs / 100)
  const fraction = abs % 100
  if (fraction === 0) return `${sign}${whole}`
  const digits = String(fraction).padStart(2, '0').replace(/0$/, '')
  return `${sign}${whole}.${digits}`
}

type CanonicalValue = string | number | boolean | null

/** One employee's import values, keyed by import field, in canonical form. */
export function importRecord(
  e: DemoEmployee,
  profile: DemoJobProfile,
  range: DemoPayRange,
  managerCode: string | null,
  plannerCode: string | null,
  newJobCode: string | null,
): Record<ImportField, CanonicalValue> {
  const r = e.reward
  return {
    employeeId: e.companyEmployeeId,
    employeeName: e.name,
    preferredName: e.preferredName,
    email: e.email,
    managerEmployeeId: managerCode,
    planner: plannerCode,
    currentBasePay: plainMoney(e.currentSalary),
    payCurrency: e.payCurrency,
    salaried: e.salaried,
    hireDate: e.hireDate,
    employmentStatus: e.employmentStatus,
    performanceRating: r.performanceRating,
    promotion: r.promotion,
    newJobCode,
    dateOfLastIncrease: e.previousIncreaseDate,
    reasonForLastIncrease: e.reasonForLastIncrease,
    gender: e.gender,
    race: e.race,
    age: e.age,
    jobCode: profile.jobCode,
    jobProfile: profile.jobProfile,
    jobTitle: e.jobTitle,
    jobFamily: profile.jobFamily,
    jobFamilyGroup: profile.jobFamilyGroup,
    exemptionStatus: profile.exemptionStatus,
    payRangeName: range.name,
    minPay: plainMoney(range.minPay),
    midPay: plainMoney(range.midPay),
    maxPay: plainMoney(range.maxPay),
  }
}

function cell(value: CanonicalValue): string {
  if (value === null) return ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return csvField(String(value))
}

export function importHeaderLine(): string {
  return IMPORT_COLUMNS.map((c) => csvField(c.header)).join(',')
}

/**
 * The company as import CSV lines (header first, each without its line break), one employee per
 * line in id order. A generator, so 100,000 rows never sit in memory as one string.
 */
export function* importCsvLines(model: DemoCompanyModel): Generator<string> {
  yield importHeaderLine()
  const profiles = new Map(model.jobProfiles.map((p) => [p.id, p]))
  const ranges = new Map(model.payRanges.map((r) => [r.id, r]))
  const codes = new Map(model.employees.map((e) => [e.id, e.companyEmployeeId]))
  const code = (id: number | null) => (id === null ? null : (codes.get(id) ?? null))
  for (const e of model.employees) {
    const profile = profiles.get(e.jobProfileId) as DemoJobProfile
    const range = ranges.get(profile.payRangeId) as DemoPayRange
    const newProfile = e.reward.newJobProfileId === null ? undefined : profiles.get(e.reward.newJobProfileId)
    const record = importRecord(
      e,
      profile,
      range,
      code(e.managerId),
      code(e.plannerId),
      newProfile?.jobCode ?? null,
    )
    yield IMPORT_COLUMNS.map((c) => cell(record[c.field])).join(',')
  }
}

/** The whole CSV as one string (tests, small companies). */
export function importCsvText(model: DemoCompanyModel): string {
  let text = ''
  for (const line of importCsvLines(model)) text += line + CSV_EOL
  return text
}

/**
 * Streams the company in the import format to a file path or a writable stream, honouring
 * back-pressure. A stream passed in is left open; a file is closed (and flushed) before resolving.
 */
export async function writeImportCsv(model: DemoCompanyModel, target: string | Writable): Promise<void> {
  const out = typeof target === 'string' ? fs.createWriteStream(target, { encoding: 'utf8' }) : target
  let failure: unknown = null
  const onError = (error: unknown) => {
    failure = error
  }
  out.on('error', onError)
  try {
    let chunk = ''
    let rows = 0
    for (const line of importCsvLines(model)) {
      chunk += line + CSV_EOL
      if (++rows % ROWS_PER_CHUNK === 0) {
        if (failure) throw failure
        if (!out.write(chunk)) await once(out, 'drain')
        chunk = ''
      }
    }
    if (failure) throw failure
    if (chunk) out.write(chunk)
    if (typeof target === 'string') {
      out.end()
      await once(out, 'finish')
    }
    if (failure) throw failure
  } finally {
    out.off('error', onError)
    if (typeof target === 'string' && !out.writableFinished) out.destroy()
  }
}
