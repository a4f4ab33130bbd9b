import path from 'node:path'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from './cli'
import { writeCsv as writeImportCsv } from './import-session'

/**
 * The re-import files of tests/integration/reimport-plans*.test.ts: FIRST makes the company, SECOND
 * changes it (A1's pay rises, B2's Employee Id now names someone else, C3 moves to another pay range,
 * D4 (no plan) gets a raise, E5 stays as she was, F6 is new).
 */
export const HEADER =
  'Employee Id,Name,Manager Employee Id,Current Base Pay (Country Currency),Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay,Mid Pay,Max Pay'
const R1 = 'J1,R1,80000,100000,120000'
const R2 = 'J2,R2,90000,110000,130000'
export const FIRST = [
  `A1,Ann Archer,,100000,USD,true,2020-01-01,${R1}`,
  `B2,Ben Baker,A1,50000,USD,true,2020-01-01,${R1}`,
  `C3,Cat Cole,A1,60000,USD,true,2020-01-01,${R1}`,
  `D4,Dan Dorn,A1,70000,USD,true,2020-01-01,${R1}`,
  `E5,Eve Ellis,A1,80000,USD,true,2020-01-01,${R1}`,
]
export const SECOND = [
  `A1,Ann Archer,,110000,USD,true,2020-01-01,${R1}`,
  `B2,Bob Other,A1,50000,USD,true,2020-01-01,${R1}`,
  `C3,Cat Cole,A1,60000,USD,true,2020-01-01,${R2}`,
  `D4,Dan Dorn,A1,75000,USD,true,2020-01-01,${R1}`,
  `E5,Eve Ellis,A1,80000,USD,true,2020-01-01,${R1}`,
  `F6,Fay Ford,A1,65000,USD,true,2020-01-01,${R1}`,
]

/** SECOND's outcome over FIRST. */
export const COUNTS = { created: 1, updated: 4, unchanged: 1, plansAffected: 3 }

/** `rows` under HEADER, written to `dir/name`. */
export const writeCsv = (dir: string, name: string, rows: string[]): string =>
  writeImportCsv(dir, name, HEADER, rows)

/** A workbook with FIRST imported and plans for A1 (+4%), B2 (+4% and a lump sum), C3 and E5. */
export async function plannedWorkbook(dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.paycycle`)
  const first = await cli('import', file, writeCsv(dir, `${name}-first.csv`, FIRST), '--json')
  if (first.code !== 0) throw new Error(`import of FIRST failed: ${first.errors.join('; ')}`)
  const workbook = await openWorkbook(file)
  const plan = workbook.sqlite.prepare(
    `UPDATE reward SET new_salary = ?, lump_sum = ? WHERE employee_id =
       (SELECT id FROM employee WHERE company_employee_id = ?)`,
  )
  plan.run(10_400_000, null, 'A1')
  plan.run(5_200_000, 100_000, 'B2')
  plan.run(6_300_000, null, 'C3')
  plan.run(8_400_000, null, 'E5')
  await workbook.close()
  return file
}
