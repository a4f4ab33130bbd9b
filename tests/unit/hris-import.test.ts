import { ageOn, hrisImportRows, type HrisPerson } from '../../src-shared/domain/hris-import'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'

const base: HrisPerson = {
  id: 'm1',
  employeeNumber: 'E1',
  name: 'Ada Park',
  preferredName: null,
  email: 'ada@hris.test',
  managerId: null,
  hireDate: '2020-03-15T00:00:00Z',
  employmentStatus: 'ACTIVE',
  gender: 'FEMALE',
  ethnicity: 'TWO_OR_MORE_RACES',
  dateOfBirth: '1990-06-30',
  jobTitle: 'Engineer',
  jobCode: null,
  payRate: 4000,
  payPeriod: 'EVERY_TWO_WEEKS',
  payCurrency: 'EUR',
  flsaStatus: 'EXEMPT',
}

const cell = (row: string[], header: string) => row[IMPORT_COLUMNS.findIndex((c) => c.header === header)]

describe('an HRIS person as an import row', () => {
  it('turns a pay rate into yearly base pay, keeps an hourly rate hourly, and names the manager by number', () => {
    const [boss, worker] = hrisImportRows(
      [base, { ...base, id: 'm2', employeeNumber: 'E2', managerId: 'm1', payRate: 25.5, payPeriod: 'HOUR' }],
      '2026-12-07',
    )
    expect(cell(boss, 'Current Base Pay (Country Currency)')).toBe('104000')
    expect(cell(boss, 'Salaried')).toBe('true')
    expect(cell(worker, 'Current Base Pay (Country Currency)')).toBe('25.5')
    expect(cell(worker, 'Salaried')).toBe('false')
    expect(cell(worker, 'Manager Employee Id')).toBe('E1')
    expect(cell(boss, 'Manager Employee Id')).toBe('')
  })

  it('writes dates as days, Merge’s enums in words, and the job code (its own, else the title) as the range', () => {
    const [row] = hrisImportRows([{ ...base, managerId: 'outside' }], '2026-12-07')
    expect(cell(row, 'Hire Date')).toBe('2020-03-15')
    expect(cell(row, 'Employment Status')).toBe('Active')
    expect(cell(row, 'Race')).toBe('Two or more races')
    expect(cell(row, 'Exemption Status')).toBe('true')
    expect(cell(row, 'Job Code')).toBe('Engineer')
    expect(cell(row, 'Pay Range Name')).toBe('Engineer')
    expect(cell(row, 'Manager Employee Id')).toBe('')
    const [coded] = hrisImportRows([{ ...base, jobCode: 'ENG2' }], '2026-12-07')
    expect([cell(coded, 'Job Code'), cell(coded, 'Job Title')]).toEqual(['ENG2', 'Engineer'])
  })

  it('counts age in whole years up to the day', () => {
    expect(ageOn('1990-06-30', '2026-06-29')).toBe('35')
    expect(ageOn('1990-06-30', '2026-06-30')).toBe('36')
    expect(ageOn(null, '2026-06-30')).toBe('')
  })
})
