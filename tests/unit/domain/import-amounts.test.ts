import { IMPORT_COLUMNS, type ImportField } from '../../../src-shared/domain/import-format'
import { parseImportRow } from '../../../src-shared/domain/import-rows'
import { parseImportAmount, parseImportValue } from '../../../src-shared/domain/import-values'
import { validateRows } from '../../../src-shared/domain/import-validation'

// Issue 36: an amount is never guessed; a symbol is accepted only as the row's Pay Currency's.

function cells(overrides: Partial<Record<ImportField, string>> = {}): string[] {
  const base: Partial<Record<ImportField, string>> = {
    employeeId: 'E1',
    employeeName: 'Ada Park',
    payCurrency: 'USD',
    salaried: 'true',
    hireDate: '2020-01-15',
    jobCode: 'ENG-2',
    payRangeName: 'ENG',
    minPay: '80000',
    midPay: '100000',
    maxPay: '120000',
    currentBasePay: '99500',
  }
  const merged = { ...base, ...overrides }
  return IMPORT_COLUMNS.map((c) => merged[c.field] ?? '')
}

const invalid = (hint: string) => ({ ok: false, code: 'InvalidNumber', message: `Invalid number: ${hint}` })

describe('amounts (issue 36)', () => {
  it('a European amount is refused with the amount to write', () => {
    expect(parseImportAmount('€55.000,50', 'EUR')).toEqual(
      invalid('looks like a European format; write 55000.50'),
    )
    expect(parseImportAmount('55.000,50', 'USD')).toEqual(
      invalid('looks like a European format; write 55000.50'),
    )
    expect(parseImportAmount('1.234.567', 'USD')).toEqual(
      invalid('looks like a European format; write 1234567'),
    )
    expect(parseImportAmount('55000,50', 'USD')).toEqual(
      invalid('looks like a European format; write 55000.50'),
    )
  })

  it('another currency’s symbol or code is not this row’s amount', () => {
    expect(parseImportAmount('£75,000', 'USD')).toEqual(invalid("£ is not this row's Pay Currency (USD)"))
    expect(parseImportAmount('€55.000,50', 'USD')).toEqual(invalid("€ is not this row's Pay Currency (USD)"))
    expect(parseImportAmount('EUR 100', 'USD')).toEqual(invalid("EUR is not this row's Pay Currency (USD)"))
    expect(parseImportAmount('$100', 'CAD')).toEqual(invalid("$ is not this row's Pay Currency (CAD)"))
  })

  it('the row’s own symbol or code is accepted, before or after the digits', () => {
    expect(parseImportAmount('£75,000', 'GBP')).toEqual({ ok: true, cents: 7_500_000 })
    expect(parseImportAmount('$75,000.50', 'USD')).toEqual({ ok: true, cents: 7_500_050 })
    expect(parseImportAmount('CA$147,020', 'CAD')).toEqual({ ok: true, cents: 14_702_000 })
    expect(parseImportAmount('75,000 usd', 'USD')).toEqual({ ok: true, cents: 7_500_000 })
    expect(parseImportAmount('1,234,567.89', 'USD')).toEqual({ ok: true, cents: 123_456_789 })
  })

  it('55.000 as an amount could be 55 or 55,000: refused', () => {
    expect(parseImportAmount('55.000', 'USD')).toEqual(invalid('could be 55 or 55000; write 55000 or 55.00'))
    expect(parseImportAmount('55.50', 'USD')).toEqual({ ok: true, cents: 5550 })
  })

  it('commas only group thousands', () => {
    expect(parseImportAmount('1,2,3', 'USD')).toEqual(
      invalid('commas only group thousands, as in 1,234,567.89'),
    )
    expect(parseImportValue('number', '4,5')).toEqual(invalid('looks like a European format; write 4.5'))
  })

  it('a row’s money columns are read in its Pay Currency', () => {
    const usd = parseImportRow(cells({ currentBasePay: '€55.000,50' }), 1)
    expect(usd.values.currentBasePay).toBeNull()
    expect(usd.errors).toEqual([
      {
        field: 'currentBasePay',
        code: 'InvalidNumber',
        message: "Invalid number: € is not this row's Pay Currency (USD)",
      },
    ])
    expect(parseImportRow(cells({ currentBasePay: '£75,000' }), 1).errors[0]?.message).toBe(
      "Invalid number: £ is not this row's Pay Currency (USD)",
    )
    const gbp = parseImportRow(cells({ payCurrency: 'GBP', currentBasePay: '£75,000', minPay: '£60,000' }), 1)
    expect(gbp.errors).toEqual([])
    expect(gbp.values.currentBasePay).toBe(7_500_000)
    expect(parseImportRow(cells({ maxPay: '1.234.567' }), 1).errors).toEqual([
      {
        field: 'maxPay',
        code: 'InvalidNumber',
        message: 'Invalid number: looks like a European format; write 1234567',
      },
    ])
  })
})

describe('a salaried pay far below its range (issue 36)', () => {
  const context = { existingEmployeeIds: new Set<string>(), existingJobCodes: new Set<string>() }

  it('is a warning below 10% of the range minimum, with row, id and message', () => {
    const validation = validateRows([cells({ currentBasePay: '55' }), cells({ employeeId: 'E2' })], context)
    expect(validation.errors).toEqual([])
    expect(validation.warnings).toEqual([
      {
        row: 1,
        header: 'Current Base Pay (Country Currency)',
        id: 'E1',
        code: 'PayFarBelowRange',
        message: 'Annual pay 55 is below 10% of the range minimum 80000: is it in thousands, or per hour?',
      },
    ])
  })

  it('is none at 10% of the minimum, for an hourly row, or with no pay or range', () => {
    const rows = [
      cells({ currentBasePay: '8000' }),
      cells({ employeeId: 'E2', salaried: 'false', currentBasePay: '25.69', payRangeName: 'HOURLY' }),
      cells({ employeeId: 'E3', currentBasePay: '', payRangeName: 'R3' }),
      cells({
        employeeId: 'E4',
        currentBasePay: '55',
        minPay: '',
        midPay: '',
        maxPay: '',
        payRangeName: 'R4',
      }),
    ]
    expect(validateRows(rows, context).warnings).toEqual([])
  })
})
