import fs from 'node:fs'
import path from 'node:path'
import type { ImportResult } from '../../src-shared/contract'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

// Issue 36, through the CLI: numbers are never guessed.
const dir = tempDir()
const HEADER =
  'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay,Mid Pay,Max Pay,Current Base Pay (Country Currency)'

async function importRows(name: string, rows: string[]) {
  const csv = path.join(dir, `${name}.csv`)
  fs.writeFileSync(csv, [HEADER, ...rows].join('\n') + '\n')
  const { code, json } = await cli('import', path.join(dir, `${name}.paycycle`), csv, '--json')
  return { code, result: json[0] as ImportResult }
}

describe('cli import: amounts (issue 36)', () => {
  it('refuses a European amount or another currency’s symbol on a USD row, with a hint', async () => {
    const { code, result } = await importRows('amounts', [
      'E1,Ana,USD,true,2020-01-15,J1,R1,50000,60000,70000,"€55.000,50"',
      'E2,Bo,USD,true,2020-01-15,J1,R1,50000,60000,70000,"£75,000"',
      'E3,Cy,USD,true,2020-01-15,J1,R1,50000,60000,70000,"$65,000"',
      'E4,Di,USD,true,2020-01-15,J2,R2,1.234.567,60000,70000,65000',
    ])
    expect(code).toBe(1)
    expect(result.status).toBe('invalid')
    expect(result.errors.map((e) => [e.row, e.id, e.code, e.message])).toEqual([
      [1, 'E1', 'InvalidNumber', "Invalid number: € is not this row's Pay Currency (USD)"],
      [2, 'E2', 'InvalidNumber', "Invalid number: £ is not this row's Pay Currency (USD)"],
      [4, 'E4', 'InvalidNumber', 'Invalid number: looks like a European format; write 1234567'],
    ])
  })

  it('imports a salaried pay below 10% of its range minimum, listing it as a warning', async () => {
    const { code, result } = await importRows('low-pay', [
      'E1,Ana,USD,true,2020-01-15,J1,R1,50000,60000,70000,55',
      'E2,Bo,USD,true,2020-01-15,J1,R1,50000,60000,70000,55000',
    ])
    expect(code).toBe(0)
    expect(result.status).toBe('imported')
    expect(result.warnings).toEqual([
      {
        row: 1,
        header: 'Current Base Pay (Country Currency)',
        id: 'E1',
        code: 'PayFarBelowRange',
        message: 'Annual pay 55 is below 10% of the range minimum 50000: is it in thousands, or per hour?',
      },
    ])
  })
})

describe('cli import: dates (issue 36)', () => {
  it('a Hire Date column with 25/12/2019 is day-first: 04/03/2020 is an error naming both readings', async () => {
    const { code, result } = await importRows('dates', [
      'E1,Ana,USD,true,25/12/2019,J1,R1,50000,60000,70000,55000',
      'E2,Bo,USD,true,04/03/2020,J1,R1,50000,60000,70000,55000',
    ])
    expect(code).toBe(1)
    expect(result.errors.map((e) => [e.row, e.header, e.code, e.message])).toEqual([
      [
        2,
        'Hire Date',
        'AmbiguousDate',
        '04/03/2020 could be 3 April or 4 March 2020: this column is day-first (25/12/2019 in row 1); write dates as yyyy-mm-dd',
      ],
    ])
  })
})
