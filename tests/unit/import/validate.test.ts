import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  revalidateRows,
  validateRows,
  type ValidationContext,
} from '../../../src-shared/domain/import-validation'
import { IMPORT_COLUMNS, type ImportField } from '../../../src-shared/domain/import-format'

const CONTEXT: ValidationContext = {
  existingEmployeeIds: new Set(['W1']),
  existingJobCodes: new Set(['OLD-1']),
}

/** Values per field, valid and not, that also make duplicates, unknown managers, cycles and key conflicts. */
const POOL: Partial<Record<ImportField, readonly string[]>> = {
  employeeId: ['E1', 'E2', 'E3', 'E4', ''],
  employeeName: ['Ada Park', 'Søren Kim', ''],
  managerEmployeeId: ['', 'E1', 'E2', 'E3', 'W1', 'NOBODY'],
  planner: ['', 'E1', 'W1', 'NOBODY'],
  email: ['', 'a@b.co', 'not-an-email'],
  salaried: ['true', 'no', 'maybe'],
  hireDate: ['2020-01-15', '1/2/2021', 'someday'],
  payCurrency: ['USD', 'eur', 'XYZ'],
  jobCode: ['ENG-1', 'ENG-2'],
  newJobCode: ['', 'ENG-1', 'OLD-1', 'NONE-9'],
  payRangeName: ['R1', 'R2'],
  minPay: ['80,000', '90000', 'lots'],
  midPay: ['100000'],
  maxPay: ['120000'],
  exemptionStatus: ['true', 'false'],
}
const FIELDS = Object.keys(POOL) as ImportField[]
const COLUMN = new Map(IMPORT_COLUMNS.map((c, i) => [c.field, i]))

const cellsOf = (choices: number[]): string[] => {
  const cells = IMPORT_COLUMNS.map(() => '')
  FIELDS.forEach((field, i) => {
    const options = POOL[field] as readonly string[]
    cells[COLUMN.get(field) as number] = options[choices[i] % options.length]
  })
  return cells
}
const row = fc.array(fc.nat(), { minLength: FIELDS.length, maxLength: FIELDS.length }).map(cellsOf)
const edit = fc.record({ row: fc.nat(), field: fc.constantFrom(...FIELDS), choice: fc.nat() })

describe('revalidateRows (an edit re-parses only the rows it changed)', () => {
  it('ends with the same values and errors as validating every row again', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.array(edit, { maxLength: 6 }),
        (start, edits) => {
          const rows = start.map((cells) => [...cells])
          let incremental = validateRows(rows, CONTEXT)
          for (const e of edits) {
            const index = e.row % rows.length
            const options = POOL[e.field] as readonly string[]
            rows[index][COLUMN.get(e.field) as number] = options[e.choice % options.length]
            incremental = revalidateRows(incremental, rows, [index], CONTEXT)
            const full = validateRows(rows, CONTEXT)
            expect(incremental.errors).toEqual(full.errors)
            expect(incremental.values).toEqual(full.values)
            expect([...incremental.byRow]).toEqual([...full.byRow])
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
