import ExcelJS from 'exceljs'
import type { SessionUser } from '../../../src-shared/contract'
import { CURRENCIES, isCurrencyCode, shownDecimals } from '../../../src-shared/domain/currencies'
import { exportedTable, type ExportField, type ExportInput } from './export-fields'
import type { RowState, TableModel } from './model'

/**
 * table.exportXlsx (issue 39): the table as shown (the CSV export's columns and rows,
 * export-fields.ts) as an Excel workbook: money as numbers in a currency format of the row's
 * currency, percents as percentages, dates as dates, text as text (never a formula), the header row
 * bold and frozen. Answered as base64, the bytes of the .xlsx file.
 */

export const XLSX_SHEET_NAME = 'Compensation Table'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Excel's number format for amounts in a currency: its symbol and shown decimals ('"$"#,##0.00'). */
export function currencyFormat(code: string): string {
  const symbol = isCurrencyCode(code) ? CURRENCIES[code].symbol : code
  const decimals = shownDecimals(code)
  return `"${symbol}"#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`
}

function typedCell(field: ExportField, row: RowState): { value: ExcelJS.CellValue; numFmt?: string } {
  const value = field.value(row)
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return { value: null }
  switch (field.kind) {
    case 'money':
      return { value: Number(value) / 100, numFmt: currencyFormat(field.currency?.(row) ?? 'USD') }
    case 'percent':
      return { value: Number(value) / 100, numFmt: '0.00##%' }
    case 'date': {
      const match = typeof value === 'string' ? ISO_DATE.exec(value) : null
      if (!match) return { value }
      return { value: new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])), numFmt: 'yyyy-mm-dd' }
    }
    default:
      return { value }
  }
}

export async function exportTableXlsx(
  model: TableModel,
  user: SessionUser,
  input: ExportInput,
): Promise<{ base64: string; rows: number }> {
  const { fields, rows } = exportedTable(model, user, input)
  const book = new ExcelJS.Workbook()
  book.creator = 'Meritbook'
  const sheet = book.addWorksheet(XLSX_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = fields.map((field) => ({
    header: field.header,
    width: Math.min(40, Math.max(12, field.header.length + 2)),
  }))
  sheet.getRow(1).font = { bold: true }
  for (const row of rows) {
    const line = sheet.addRow([])
    fields.forEach((field, index) => {
      const { value, numFmt } = typedCell(field, row)
      if (value === null) return
      const target = line.getCell(index + 1)
      target.value = value
      if (numFmt) target.numFmt = numFmt
    })
  }
  const buffer = await book.xlsx.writeBuffer()
  return { base64: Buffer.from(buffer).toString('base64'), rows: rows.length }
}
