import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { importErrorsCsv } from '../../../src-main/services/import/error-report'

describe('the import errors report', () => {
  it('lists each error on a line a spreadsheet reads back, with text from the file guarded against formulas', () => {
    const csv = importErrorsCsv([
      {
        row: 2,
        header: 'Email',
        id: '=HYPERLINK("x")',
        code: 'InvalidEmail',
        message: 'Invalid email format',
        consistencyKey: null,
      },
      {
        row: 4,
        header: 'Min Pay',
        id: 'E4',
        code: 'InconsistentValue',
        message: 'Rows with Pay Range Name "ENG, 2" must agree on Min Pay: row 2 has 90000, this row 95000',
        consistencyKey: { field: 'payRangeName', value: 'ENG, 2' },
      },
    ])
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(parse(csv)).toEqual([
      ['Row', 'Employee Id', 'Header', 'Code', 'Message', 'Consistency Key'],
      ['2', '\'=HYPERLINK("x")', 'Email', 'InvalidEmail', 'Invalid email format', ''],
      [
        '4',
        'E4',
        'Min Pay',
        'InconsistentValue',
        'Rows with Pay Range Name "ENG, 2" must agree on Min Pay: row 2 has 90000, this row 95000',
        'payRangeName: ENG, 2',
      ],
    ])
  })

  it('guards a leading carriage return and a full-width ＝ as it guards =', () => {
    const csv = importErrorsCsv([
      { row: 3, header: 'Name', id: '\r=1+1', code: 'X', message: '\uFF1DSUM(A1)', consistencyKey: null },
    ])
    expect(parse(csv)[1]).toEqual(['3', "'\r=1+1", 'Name', 'X', "'\uFF1DSUM(A1)", ''])
  })

  it('is the header line alone when there are no errors', () => {
    expect(importErrorsCsv([])).toBe('Row,Employee Id,Header,Code,Message,Consistency Key\r\n')
  })
})
