import type { Writable } from 'node:stream'
import {
  CSV_EOL,
  importHeaderLine,
  importLine,
  plainMoney,
  type CanonicalValue,
} from '../../../src-shared/domain/csv-format'
import type { ImportField } from '../../../src-shared/domain/import-format'
import { writeCsvLines } from '../csv-writer'
import type { DemoCompanyModel, DemoEmployee, DemoJobProfile, DemoPayRange } from './model'

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
    yield importLine(record)
  }
}

/** The whole CSV as one string (tests, small companies). */
export function importCsvText(model: DemoCompanyModel): string {
  let text = ''
  for (const line of importCsvLines(model)) text += line + CSV_EOL
  return text
}

/** Streams the company in the import format to a file path or a writable stream. */
export function writeImportCsv(model: DemoCompanyModel, target: string | Writable): Promise<void> {
  return writeCsvLines(importCsvLines(model), target)
}
