import {
  csvField,
  escapeFormulaGuard,
  importHeaderLine,
  importLine,
  plainMoney,
  unescapeFormulaGuard,
} from '../../../src-shared/domain/csv-format'
import {
  IMPORT_COLUMNS,
  importColumnByHeader,
  type ImportField,
} from '../../../src-shared/domain/import-format'
import type { CanonicalValue } from '../../../src-shared/domain/csv-format'

describe('writing the import format', () => {
  it('RFC 4180: a carriage return alone is quoted too; other punctuation is not', () => {
    expect(csvField('a\rb')).toBe('"a\rb"')
    expect(csvField("a;b'c")).toBe("a;b'c")
    expect(csvField('')).toBe('')
  })

  it('plain money: whole cents of a fractional amount, a trailing zero dropped, a leading one kept', () => {
    expect(plainMoney(12345.4)).toBe('123.45')
    expect(plainMoney(12345.5)).toBe('123.46')
    expect(plainMoney(100_005)).toBe('1000.05')
    expect(plainMoney(1_000_050)).toBe('10000.5')
    expect(plainMoney(0)).toBe('0')
    expect(plainMoney(-5)).toBe('-0.05')
    expect(plainMoney(-100)).toBe('-1')
  })

  it("the formula guard: = + - @, tab, carriage return and full-width ＝ at the start get a leading ', nothing else", () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@me', '\tx', '\r=1+1', '\uFF1DSUM(A1)']) {
      expect(escapeFormulaGuard(text)).toBe(`'${text}`)
      expect(unescapeFormulaGuard(`'${text}`)).toBe(text)
    }
    for (const text of ['a=b', 'x-1', "'quoted", "O'Neil", '', ' =1', 'a\uFF1Db', '\uFF0B1']) {
      expect(escapeFormulaGuard(text)).toBe(text)
      expect(unescapeFormulaGuard(text)).toBe(text)
    }
    expect(unescapeFormulaGuard("a'=b")).toBe("a'=b")
  })

  it('a line: text guarded and quoted, numbers and booleans as they are, none as empty', () => {
    const record = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, null])) as Record<
      ImportField,
      CanonicalValue
    >
    record.employeeId = 'E-1'
    record.employeeName = '=Lee, Ada'
    record.currentBasePay = -5
    record.salaried = false
    record.promotion = true
    record.payCurrency = 'EUR'
    const cells = importLine(record).split(',')
    expect(cells.slice(0, 10)).toEqual(['E-1', '"\'=Lee', ' Ada"', '', '', '', '', '-5', 'EUR', 'false'])
    expect(cells[13]).toBe('true')
    expect(cells).toHaveLength(IMPORT_COLUMNS.length + 1)
  })

  it('the header line names every column in the spec order', () => {
    expect(importHeaderLine().split(',').slice(0, 4)).toEqual([
      'Employee Id',
      'Name',
      'Preferred name',
      'Email',
    ])
    expect(importHeaderLine().split(',')).toHaveLength(IMPORT_COLUMNS.length)
  })
})

describe('reading a header', () => {
  it('finds a column by its header in any case and padding', () => {
    expect(importColumnByHeader('  pay currency ')?.field).toBe('payCurrency')
    expect(importColumnByHeader('MIN PAY')?.field).toBe('minPay')
    expect(importColumnByHeader('Job Code')?.field).toBe('jobCode')
    expect(importColumnByHeader('Pay Currency*')).toBeUndefined()
    expect(importColumnByHeader('')).toBeUndefined()
  })
})
