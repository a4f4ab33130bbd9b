import { crossRowErrors } from '../../../src-shared/domain/import-checks'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from '../../../src-shared/domain/import-format'
import { parseImportRow } from '../../../src-shared/domain/import-rows'

/** Valid rows (the other required cells filled), with the given cells. */
function parsed(rows: Partial<Record<ImportField, string>>[]): ImportRow[] {
  return rows.map((r, i) => {
    const merged: Partial<Record<ImportField, string>> = {
      employeeName: 'Ada Park',
      hireDate: '2020-01-15',
      jobCode: 'ENG-2',
      payRangeName: 'ENG',
      ...r,
    }
    return parseImportRow(
      IMPORT_COLUMNS.map((c) => merged[c.field] ?? ''),
      i + 1,
    ).values as ImportRow
  })
}
const none = { existingEmployeeIds: new Set<string>(), existingJobCodes: new Set<string>() }
const cycles = (rows: Partial<Record<ImportField, string>>[]) =>
  crossRowErrors(parsed(rows), none)
    .filter((e) => e.code === 'ManagementCycle')
    .map((e) => [e.row, e.message])

describe('checks across rows, edges', () => {
  it('only the spec’s hints are errors: rows of one job code may differ on the job fields (issue 36)', () => {
    const errors = crossRowErrors(
      parsed([
        {
          employeeId: 'A',
          jobProfile: 'Engineer',
          jobTitle: 'Engineer',
          jobFamily: 'Streets',
          jobFamilyGroup: 'G',
        },
        { employeeId: 'B', jobFamily: 'Water' },
      ]),
      none,
    )
    expect(errors).toEqual([])
  })

  it('rows without a key value are not grouped under it', () => {
    // both rows miss their Job Code (each has its own Missing error); their pay range names differ
    const errors = crossRowErrors(
      parsed([
        { employeeId: 'A', jobCode: '', payRangeName: 'ENG' },
        { employeeId: 'B', jobCode: '', payRangeName: 'OPS' },
      ]),
      none,
    )
    expect(errors).toEqual([])
  })

  it('a chain of managers that ends is no cycle, nor are two chains that meet', () => {
    expect(cycles([{ employeeId: 'A', managerEmployeeId: 'B' }, { employeeId: 'B' }])).toEqual([])
    expect(
      cycles([
        { employeeId: 'A', managerEmployeeId: 'B' },
        { employeeId: 'B' },
        { employeeId: 'C', managerEmployeeId: 'A' },
      ]),
    ).toEqual([])
  })

  it('a cycle names only its members, not the rows that lead into it, wherever it closes', () => {
    expect(
      cycles([
        { employeeId: 'E', managerEmployeeId: 'A' },
        { employeeId: 'A', managerEmployeeId: 'B' },
        { employeeId: 'B', managerEmployeeId: 'A' },
      ]),
    ).toEqual([
      [2, 'Management cycle: A → B → A'],
      [3, 'Management cycle: A → B → A'],
    ])
    expect(
      cycles([
        { employeeId: 'X' },
        { employeeId: 'A', managerEmployeeId: 'B' },
        { employeeId: 'B', managerEmployeeId: 'A' },
      ]),
    ).toEqual([
      [2, 'Management cycle: A → B → A'],
      [3, 'Management cycle: A → B → A'],
    ])
  })

  it('a repeated Employee Id does not lead up a chain: cycles come in the order of their first rows', () => {
    const found = cycles([
      { employeeId: 'A' },
      { employeeId: 'A', managerEmployeeId: 'E' },
      { employeeId: 'B', managerEmployeeId: 'C' },
      { employeeId: 'C', managerEmployeeId: 'B' },
      { employeeId: 'E', managerEmployeeId: 'F' },
      { employeeId: 'F', managerEmployeeId: 'E' },
    ])
    expect(found.map(([row]) => row)).toEqual([3, 4, 5, 6])
  })

  it('a planner named in the file, or already in the workbook, is someone', () => {
    expect(crossRowErrors(parsed([{ employeeId: 'A', planner: 'B' }, { employeeId: 'B' }]), none)).toEqual([])
    expect(
      crossRowErrors(parsed([{ employeeId: 'A', planner: 'W1' }]), {
        existingEmployeeIds: new Set(['W1']),
        existingJobCodes: new Set<string>(),
      }),
    ).toEqual([])
  })
})
