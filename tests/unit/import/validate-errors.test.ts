import { describe, expect, it } from 'vitest'
import {
  revalidateRows,
  validateRows,
  type ValidationContext,
} from '../../../src-shared/domain/import-validation'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'

const CONTEXT: ValidationContext = { existingEmployeeIds: new Set(), existingJobCodes: new Set() }

/** A row's cells in the spec's column order from the headers given; the rest blank. */
function cells(values: Record<string, string>): string[] {
  return IMPORT_COLUMNS.map((c) => values[c.header] ?? '')
}
const VALID = {
  'Employee Id': 'E1',
  Name: 'Ada Park',
  'Pay Currency': 'USD',
  Salaried: 'true',
  'Hire Date': '2020-01-15',
  'Job Code': 'ENG-1',
  'Pay Range Name': 'R1',
}

describe("an import's errors (validateRows)", () => {
  // Row 1 refers to a manager nobody has (a check across rows, found after the cells);
  // row 2 has a padded Employee Id, a bad email and a bad boolean, and names E1 as manager.
  const rows = () => [
    cells({ ...VALID, 'Manager Employee Id': 'NOBODY', Salaried: 'maybe' }),
    cells({
      ...VALID,
      'Employee Id': ' E2 ',
      Email: 'not-an-email',
      Salaried: 'perhaps',
      'Manager Employee Id': 'E1',
    }),
    cells(VALID),
  ]

  it('gives each error its 1-based row, its header, the trimmed Employee Id, its code and the spec message', () => {
    const { errors } = validateRows(rows(), CONTEXT)
    expect(errors.map((e) => [e.row, e.header, e.id, e.code, e.message])).toEqual([
      [1, 'Manager Employee Id', 'E1', 'UnknownManager', 'Manager Employee Id "NOBODY" names no employee'],
      [1, 'Salaried', 'E1', 'InvalidBoolean', 'Invalid boolean value'],
      [2, 'Email', 'E2', 'InvalidEmail', 'Invalid email format'],
      [2, 'Salaried', 'E2', 'InvalidBoolean', 'Invalid boolean value'],
      [3, 'Employee Id', 'E1', 'DuplicateEmployeeId', 'Employee Id "E1" is already used in row 1'],
    ])
  })

  it('lists the errors per row, and keeps a hole for a row whose cells all parse', () => {
    const validation = validateRows(rows(), CONTEXT)
    expect([...validation.byRow.keys()]).toEqual([1, 2, 3])
    expect(validation.byRow.get(2)).toEqual(validation.errors.filter((e) => e.row === 2))
    expect(validation.byRow.get(2)).toHaveLength(2)
    expect(validation.cellErrors[2]).toBeUndefined()
    expect(validation.cellErrors[1]?.map((e) => e.field)).toEqual(['email', 'salaried'])
  })

  it('"Required field "<field>" is missing in row <n>", with the row counted from 1; an empty row has no id', () => {
    const { errors } = validateRows(
      [cells(VALID), cells({ ...VALID, 'Employee Id': 'E2', Name: '' }), []],
      CONTEXT,
    )
    expect(errors.filter((e) => e.row === 2).map((e) => e.message)).toEqual([
      'Required field "employeeName" is missing in row 2',
    ])
    const empty = errors.filter((e) => e.row === 3)
    expect(empty.length).toBeGreaterThan(0)
    expect(empty.every((e) => e.id === '')).toBe(true)
    expect(empty[0].message).toBe('Required field "employeeId" is missing in row 3')
  })

  it('revalidating leaves the earlier validation as it was', () => {
    const table = rows()
    const first = validateRows(table, CONTEXT)
    const before = { values: [...first.values], cellErrors: [...first.cellErrors] }
    table[1] = cells({ ...VALID, 'Employee Id': 'E2' })
    const next = revalidateRows(first, table, [1], CONTEXT)
    expect(next.cellErrors[1]).toBeUndefined()
    expect(first.values).toEqual(before.values)
    expect(first.cellErrors).toEqual(before.cellErrors)
    expect(first.cellErrors[1]).toHaveLength(2)
  })
})
