import { IMPORT_COLUMNS, type ImportField } from '../../../src-shared/domain/import-format'
import { dateColumnReading } from '../../../src-shared/domain/import-dates'
import { revalidateRows, validateRows } from '../../../src-shared/domain/import-validation'

// Issue 36: a date column is read in one order for all its rows.

function cells(id: string, overrides: Partial<Record<ImportField, string>> = {}): string[] {
  const base: Partial<Record<ImportField, string>> = {
    employeeId: id,
    employeeName: 'Ada Park',
    hireDate: '2020-01-15',
    jobCode: 'ENG-2',
    payRangeName: 'ENG',
  }
  const merged = { ...base, ...overrides }
  return IMPORT_COLUMNS.map((c) => merged[c.field] ?? '')
}

const context = { existingEmployeeIds: new Set<string>(), existingJobCodes: new Set<string>() }
const validate = (hireDates: string[]) =>
  validateRows(
    hireDates.map((hireDate, i) => cells(`E${i + 1}`, { hireDate })),
    context,
  )

describe('date columns (issue 36)', () => {
  it('ISO first; otherwise month-first (en-US) when no row is day-first only', () => {
    const v = validate(['2019-12-25', '04/03/2020', '12/31/2019'])
    expect(v.errors).toEqual([])
    expect(v.values.map((r) => r?.hireDate)).toEqual(['2019-12-25', '2020-04-03', '2019-12-31'])
    expect(dateColumnReading(['04/03/2020', '2020-01-01']).order).toBe('monthFirst')
  })

  it('one row valid only day-first makes the column day-first: its rows read so, ambiguous rows are errors naming both readings', () => {
    const v = validate(['25/12/2019', '04/03/2020', '04/04/2020', '2020-01-15', '13/13/2020'])
    expect(v.values.map((r) => r?.hireDate)).toEqual(['2019-12-25', null, '2020-04-04', '2020-01-15', null])
    expect(v.errors.map((e) => [e.row, e.header, e.code, e.message])).toEqual([
      [
        2,
        'Hire Date',
        'AmbiguousDate',
        '04/03/2020 could be 3 April or 4 March 2020: this column is day-first (25/12/2019 in row 1); write dates as yyyy-mm-dd',
      ],
      [5, 'Hire Date', 'InvalidDate', 'Invalid date'],
    ])
  })

  it('a column is read on its own: a day-first Date of last increase leaves Hire Date month-first', () => {
    const v = validateRows(
      [cells('E1', { hireDate: '04/03/2020', dateOfLastIncrease: '25/12/2021' })],
      context,
    )
    expect(v.errors).toEqual([])
    expect(v.values[0]).toMatchObject({ hireDate: '2020-04-03', dateOfLastIncrease: '2021-12-25' })
  })

  it('a fix that takes the day-first row away reads the column month-first again', () => {
    const rows = [cells('E1', { hireDate: '25/12/2019' }), cells('E2', { hireDate: '04/03/2020' })]
    const first = validateRows(rows, context)
    expect(first.errors.map((e) => e.code)).toEqual(['AmbiguousDate'])
    rows[0] = cells('E1', { hireDate: '2019-12-25' })
    const again = revalidateRows(first, rows, [0], context)
    expect(again.errors).toEqual([])
    expect(again.values[1]?.hireDate).toBe('2020-04-03')
  })
})
