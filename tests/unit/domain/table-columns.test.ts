import {
  DEFAULT_TABLE_COLUMNS,
  isTableColumnId,
  tableColumnsFor,
} from '../../../src-shared/domain/table-columns'

// Planning spec §5: "Compensation table column config is accepted only when it has more than one
// entry; otherwise the default columns are used."
describe('the saved column order', () => {
  const defaults = [
    'employeeName',
    'manager',
    'planner',
    'jobTitle',
    'performanceRating',
    'currentSalary',
    'currentPayInRange',
    'dollarIncrease',
    'salaryIncrease',
    'newSalary',
    'newFitInRange',
    'lumpSum',
    'bonus',
    'comments',
  ]

  it('the defaults are the spec §9 columns, in order', () => {
    expect([...DEFAULT_TABLE_COLUMNS]).toEqual(defaults)
    expect(tableColumnsFor(null)).toEqual(defaults)
    expect(tableColumnsFor([])).toEqual(defaults)
  })

  it('one entry is not accepted: the defaults are used', () => {
    expect(tableColumnsFor(['team'])).toEqual(defaults)
    // unknown entries do not count towards the two
    expect(tableColumnsFor(['team', 'salaryBand'])).toEqual(defaults)
  })

  it('two or more known entries are accepted, the required Employee Name first when missing', () => {
    expect(tableColumnsFor(['team', 'comments'])).toEqual(['employeeName', 'team', 'comments'])
    expect(tableColumnsFor(['team', 'employeeName', 'bogus', 'hireDate'])).toEqual([
      'team',
      'employeeName',
      'hireDate',
    ])
  })

  it('knows its own column ids only', () => {
    expect(isTableColumnId('recommendedIncrease')).toBe(true)
    expect(isTableColumnId('EmployeeName')).toBe(false)
    expect(isTableColumnId('')).toBe(false)
  })
})
