import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { CSV_EOL, csvField } from '../../src-shared/domain/csv-format'
import { IMPORT_HEADERS } from '../../src-shared/domain/import-format'

/**
 * The City of Chicago employee list (../shared/data, or the sample in tests/fixtures) mapped to
 * Meritbook's import format, so that imports meet real names (commas, suffixes, apostrophes) and
 * real pay. Our mapping: Employee Id CHI-<line>; the annual salary, or the hourly rate for hourly
 * staff (Salaried false); the job title is the profile and title; a job code and a pay range per
 * job title and pay basis, the range spanning that group's lowest, median and highest pay; the job
 * family is the department where the job first appears (a job code has one family); a department's
 * first employee manages the rest of it.
 */
export interface ChicagoPerson {
  employeeId: string
  name: string
  title: string
  department: string
  salaried: boolean
  /** Annual salary or hourly rate, as written in the source. */
  pay: string
}

interface SourceRow {
  Name: string
  'Job Titles': string
  Department: string
  'Salary or Hourly': string
  'Annual Salary': string
  'Hourly Rate': string
}

export function readChicago(file: string): ChicagoPerson[] {
  const rows = parse(fs.readFileSync(file), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
  }) as SourceRow[]
  return rows.map((row, index) => {
    const salaried = row['Salary or Hourly'].trim().toUpperCase() === 'SALARY'
    return {
      employeeId: `CHI-${String(index + 1).padStart(5, '0')}`,
      name: row.Name.trim(),
      title: row['Job Titles'].trim(),
      department: row.Department.trim(),
      salaried,
      pay: (salaried ? row['Annual Salary'] : row['Hourly Rate']).trim(),
    }
  })
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 100) / 100
}

/** The people as an import CSV (header and CRLF lines). */
export function chicagoImportCsv(
  people: readonly ChicagoPerson[],
  options: { familyPerEmployee?: boolean } = {},
): string {
  const rangeOf = (p: ChicagoPerson) => `${p.title} ${p.salaried ? 'SALARY' : 'HOURLY'}`
  const pays = new Map<string, number[]>()
  for (const p of people) pays.set(rangeOf(p), [...(pays.get(rangeOf(p)) ?? []), Number(p.pay)])
  const bounds = new Map(
    [...pays].map(([range, values]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return [range, [sorted[0], median(sorted), sorted[sorted.length - 1]].map(String)]
    }),
  )
  const familyOf = new Map<string, string>()
  for (const p of people) if (!familyOf.has(rangeOf(p))) familyOf.set(rangeOf(p), p.department)
  const headOf = new Map<string, string>()
  for (const p of people) if (!headOf.has(p.department)) headOf.set(p.department, p.employeeId)
  const value: Record<string, (p: ChicagoPerson) => string> = {
    'Employee Id': (p) => p.employeeId,
    Name: (p) => p.name,
    'Manager Employee Id': (p) =>
      headOf.get(p.department) === p.employeeId ? '' : (headOf.get(p.department) ?? ''),
    'Current Base Pay (Country Currency)': (p) => p.pay,
    'Pay Currency': () => 'USD',
    Salaried: (p) => String(p.salaried),
    'Hire Date': () => '2020-01-01',
    'Job Code': rangeOf,
    'Job Profile': (p) => p.title,
    'Job Title': (p) => p.title,
    // Per employee, a job code's rows differ on it (issue 36); otherwise the job's first department.
    'Job Family': (p) =>
      options.familyPerEmployee ? p.department : (familyOf.get(rangeOf(p)) ?? p.department),
    'Pay Range Name': rangeOf,
    'Min Pay': (p) => bounds.get(rangeOf(p))?.[0] ?? '',
    'Mid Pay': (p) => bounds.get(rangeOf(p))?.[1] ?? '',
    'Max Pay': (p) => bounds.get(rangeOf(p))?.[2] ?? '',
  }
  const lines = people.map((p) => IMPORT_HEADERS.map((h) => csvField(value[h]?.(p) ?? '')).join(','))
  return [IMPORT_HEADERS.map(csvField).join(','), ...lines].join(CSV_EOL) + CSV_EOL
}
