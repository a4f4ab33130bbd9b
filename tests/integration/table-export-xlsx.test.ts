import ExcelJS from 'exceljs'
import type { TableRow } from '../../src-shared/contract'
import { UTF8_BOM, withUtf8Bom } from '../../src-shared/domain/csv-format'
import { demoBackend } from '../support/demo-backend'
import { tableRows } from '../support/table-query'

// Issue 39: the table as shown, as an Excel workbook next to the CSV export: it opens with exceljs
// and holds typed values (numbers in currency formats, percentages, dates, text) under a frozen header.
const { dispatcher } = demoBackend('export-xlsx', 120)
const query = {
  sort: { column: 'employeeName' as const, direction: 'asc' as const },
  filters: {},
  search: '',
}

async function exported(columns: string[], currency: 'USD' | 'EUR' = 'USD'): Promise<ExcelJS.Worksheet> {
  const result = await dispatcher.dispatch('table.exportXlsx', {
    query: { ...query, viewAsEmployeeId: null },
    columns,
    currency,
  })
  if (!result.ok) throw new Error(result.error.message)
  expect(result.value.rows).toBe(120)
  const book = new ExcelJS.Workbook()
  const bytes = Buffer.from(result.value.base64, 'base64')
  await book.xlsx.load(bytes as unknown as Parameters<typeof book.xlsx.load>[0])
  const sheet = book.getWorksheet('Compensation Table')
  if (!sheet) throw new Error('No Compensation Table sheet.')
  return sheet
}

describe('table.exportXlsx', () => {
  it('opens with exceljs: a bold, frozen header and one row per employee in the table order', async () => {
    const sheet = await exported(['employeeName', 'currentSalary'])
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.getRow(1).values).toEqual([undefined, 'Employee Name', 'Current Salary (USD)', 'Pay Basis'])
    expect(sheet.getRow(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(121)
    const rows = await tableRows(dispatcher, { sort: query.sort })
    const names = rows.map((r) => r.employeeName)
    const sheetNames = Array.from({ length: 120 }, (_, i) => sheet.getRow(i + 2).getCell(1).value)
    expect(sheetNames).toEqual(names)
  })

  it('holds money as numbers in a currency format, percents as percentages, dates as dates', async () => {
    const eligible = (await tableRows(dispatcher)).find((r) => r.editable && r.currency === 'USD') as TableRow
    const raised = Math.round(eligible.currentSalary * 1.05)
    await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: eligible.id, changes: { newSalary: raised } }],
    })
    const sheet = await exported(['employeeName', 'currentSalary', 'salaryIncrease', 'hireDate'])
    const line = Array.from({ length: 120 }, (_, i) => sheet.getRow(i + 2)).find(
      (row) => row.getCell(1).value === eligible.employeeName,
    ) as ExcelJS.Row
    const salary = line.getCell(2)
    expect(salary.value).toBe(eligible.currentSalary / 100)
    expect(salary.numFmt).toBe('"$"#,##0.00')
    const increase = line.getCell(4)
    expect(typeof increase.value).toBe('number')
    expect(increase.value as number).toBeCloseTo(0.05, 4)
    expect(increase.numFmt).toContain('%')
    const hired = line.getCell(5)
    expect(hired.value).toBeInstanceOf(Date)
    expect((hired.value as Date).toISOString().slice(0, 10)).toBe(eligible.hireDate)
  })
})

describe('CSV files carry a UTF-8 BOM (Excel on Windows reads "Søren")', () => {
  it('adds the BOM once', () => {
    expect(withUtf8Bom('Name\r\nSøren\r\n')).toBe('\uFEFFName\r\nSøren\r\n')
    expect(withUtf8Bom(withUtf8Bom('a'))).toBe(`${UTF8_BOM}a`)
    expect(Buffer.from(withUtf8Bom('a'), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  })
})
