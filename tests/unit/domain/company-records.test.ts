import {
  EMPLOYEE_FIELDS,
  PAY_RANGE_FIELDS,
  PAY_RANGE_ORDER_MESSAGE,
  parseAssignments,
  parseRecordField,
  payRangeOrderError,
  recordText,
} from '../../../src-shared/domain/company-records'

describe('record fields are validated with the import rules and messages', () => {
  it('money as exact cents, never negative', () => {
    expect(parseRecordField(PAY_RANGE_FIELDS.minPay, '72,726.505')).toEqual({ ok: true, value: 7_272_651 })
    expect(parseRecordField(PAY_RANGE_FIELDS.minPay, 'abc')).toEqual({
      ok: false,
      message: 'Min Pay: Invalid number ("abc")',
    })
    expect(parseRecordField(PAY_RANGE_FIELDS.minPay, '-1')).toEqual({
      ok: false,
      message: 'Min Pay: cannot be negative ("-1")',
    })
  })

  it("the import's messages for email, boolean, date and currency", () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.email, 'nope')).toEqual({
      ok: false,
      message: 'Email: Invalid email format ("nope")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.salaried, 'maybe')).toMatchObject({
      ok: false,
      message: 'Salaried: Invalid boolean value ("maybe")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.hireDate, '2/30/2020')).toMatchObject({
      ok: false,
      message: 'Hire Date: Invalid date ("2/30/2020")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.payCurrency, 'XYZ')).toMatchObject({
      ok: false,
      message: 'Pay Currency: Unsupported currency ("XYZ")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.hireDate, '3/4/2021')).toEqual({ ok: true, value: '2021-03-04' })
    expect(parseRecordField(EMPLOYEE_FIELDS.salaried, 'no')).toEqual({ ok: true, value: false })
  })

  it('blank: null when optional, "is required." when not', () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.gender, '  ')).toEqual({ ok: true, value: null })
    expect(parseRecordField(EMPLOYEE_FIELDS.name, '')).toEqual({ ok: false, message: 'Name is required.' })
  })

  it('fte above 0 and at most 1', () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '0.5')).toEqual({ ok: true, value: 0.5 })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '0')).toMatchObject({ ok: false })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '1.2')).toMatchObject({ ok: false })
  })

  it('a stored value reads back as the text that parses to it', () => {
    for (const cents of [0, 5, 100, 7_272_651]) {
      const text = recordText(PAY_RANGE_FIELDS.maxPay, cents)
      expect(parseRecordField(PAY_RANGE_FIELDS.maxPay, text)).toEqual({ ok: true, value: cents })
    }
    expect(recordText(EMPLOYEE_FIELDS.salaried, true)).toBe('true')
    expect(recordText(EMPLOYEE_FIELDS.gender, null)).toBe('')
  })
})

describe('pay range order', () => {
  it('min ≤ mid ≤ max', () => {
    expect(payRangeOrderError({ minPay: 1, midPay: 1, maxPay: 1 })).toBeNull()
    expect(payRangeOrderError({ minPay: 2, midPay: 1, maxPay: 3 })).toBe(PAY_RANGE_ORDER_MESSAGE)
    expect(payRangeOrderError({ minPay: 1, midPay: 4, maxPay: 3 })).toBe(PAY_RANGE_ORDER_MESSAGE)
  })
})

describe('CLI field=value pairs', () => {
  it('splits at the first =, refuses unknown fields and pairs without =', () => {
    expect(parseAssignments(['jobTitle=A=B', 'age=4'], ['jobTitle', 'age'])).toEqual({
      ok: true,
      changes: { jobTitle: 'A=B', age: '4' },
    })
    expect(parseAssignments(['salary=4'], ['jobTitle'])).toEqual({
      ok: false,
      message: 'Unknown field "salary": use one of jobTitle.',
    })
    expect(parseAssignments(['jobTitle'], ['jobTitle'])).toMatchObject({ ok: false })
  })
})
