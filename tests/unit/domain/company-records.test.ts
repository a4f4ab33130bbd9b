import {
  EMPLOYEE_FIELDS,
  PAY_RANGE_FIELDS,
  PAY_RANGE_ORDER_MESSAGE,
  describeRecordChanges,
  parseAssignments,
  parseRecordChanges,
  parseRecordField,
  payRangeOrderError,
  recordText,
  recordTexts,
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

describe('record field edges (mutation testing)', () => {
  it('fte: 1 is the most, 0 and below are refused with the field named; text is the number rule', () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '1')).toEqual({ ok: true, value: 1 })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '0')).toEqual({
      ok: false,
      message: 'FTE: must be above 0 and at most 1 ("0")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '1.01')).toEqual({
      ok: false,
      message: 'FTE: must be above 0 and at most 1 ("1.01")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, '-0.5')).toMatchObject({ ok: false })
    expect(parseRecordField(EMPLOYEE_FIELDS.fte, 'half')).toEqual({
      ok: false,
      message: 'FTE: Invalid number ("half")',
    })
  })

  it('numbers: zero is allowed, below zero is not; money zero is allowed', () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.age, '0')).toEqual({ ok: true, value: 0 })
    expect(parseRecordField(EMPLOYEE_FIELDS.age, '41')).toEqual({ ok: true, value: 41 })
    expect(parseRecordField(EMPLOYEE_FIELDS.age, '-1')).toEqual({
      ok: false,
      message: 'Age: cannot be negative ("-1")',
    })
    expect(parseRecordField(EMPLOYEE_FIELDS.age, 'old')).toEqual({
      ok: false,
      message: 'Age: Invalid number ("old")',
    })
    expect(parseRecordField(PAY_RANGE_FIELDS.minPay, '0')).toEqual({ ok: true, value: 0 })
    expect(parseRecordField(PAY_RANGE_FIELDS.minPay, '-0.01')).toMatchObject({ ok: false })
    // Text that reads as a negative number is text in a text field, not a negative amount.
    expect(parseRecordField(EMPLOYEE_FIELDS.jobCode, '-100')).toEqual({ ok: true, value: '-100' })
    // Dates are not numbers: no sign check applies to them.
    expect(parseRecordField(EMPLOYEE_FIELDS.hireDate, '2021-03-04')).toEqual({
      ok: true,
      value: '2021-03-04',
    })
  })

  it('text is trimmed; the message quotes what was typed', () => {
    expect(parseRecordField(EMPLOYEE_FIELDS.jobTitle, '  Lead ')).toEqual({ ok: true, value: 'Lead' })
    expect(parseRecordField(EMPLOYEE_FIELDS.email, ' A@B.CO ')).toEqual({ ok: true, value: 'a@b.co' })
    expect(parseRecordField(EMPLOYEE_FIELDS.payCurrency, ' eur')).toEqual({ ok: true, value: 'EUR' })
    expect(parseRecordField(PAY_RANGE_FIELDS.maxPay, ' x ')).toEqual({
      ok: false,
      message: 'Max Pay: Invalid number (" x ")',
    })
    expect(parseRecordField(PAY_RANGE_FIELDS.name, ' ')).toEqual({
      ok: false,
      message: 'Pay Range Name is required.',
    })
  })

  it('changes: only the values that differ from the current ones; every error at once', () => {
    const current = { jobTitle: 'Engineer', age: 40, gender: null, salaried: true } as const
    const fields = {
      jobTitle: EMPLOYEE_FIELDS.jobTitle,
      age: EMPLOYEE_FIELDS.age,
      gender: EMPLOYEE_FIELDS.gender,
      salaried: EMPLOYEE_FIELDS.salaried,
    }
    expect(parseRecordChanges(fields, current, { jobTitle: 'Lead', age: '40', gender: '' })).toEqual({
      ok: true,
      changes: { jobTitle: 'Lead' },
    })
    expect(parseRecordChanges(fields, current, { salaried: 'no', gender: 'F' })).toEqual({
      ok: true,
      changes: { salaried: false, gender: 'F' },
    })
    expect(parseRecordChanges(fields, current, { age: '-2', jobTitle: 'Lead', salaried: 'perhaps' })).toEqual(
      {
        ok: false,
        errors: ['Age: cannot be negative ("-2")', 'Salaried: Invalid boolean value ("perhaps")'],
      },
    )
    expect(parseRecordChanges(fields, current, {})).toEqual({ ok: true, changes: {} })
  })

  it('a change described as the texts one would type, before and after', () => {
    const fields = {
      maxPay: PAY_RANGE_FIELDS.maxPay,
      salaried: PAY_RANGE_FIELDS.salaried,
      name: PAY_RANGE_FIELDS.name,
    }
    expect(
      describeRecordChanges(fields, { maxPay: 7_272_650, salaried: true }, { maxPay: 7_300_005, name: 'R2' }),
    ).toEqual({
      before: { maxPay: '72726.50', name: '' },
      after: { maxPay: '73000.05', name: 'R2' },
    })
  })

  it('money reads back with its sign and two decimals; other numbers as they are', () => {
    expect(recordText(PAY_RANGE_FIELDS.minPay, -5)).toBe('-0.05')
    expect(recordText(PAY_RANGE_FIELDS.minPay, -7_272_650)).toBe('-72726.50')
    expect(recordText(PAY_RANGE_FIELDS.minPay, 7_272_609)).toBe('72726.09')
    expect(recordText(PAY_RANGE_FIELDS.minPay, 0)).toBe('0.00')
    expect(recordText(EMPLOYEE_FIELDS.age, 41)).toBe('41')
    expect(recordText(EMPLOYEE_FIELDS.fte, 0.5)).toBe('0.5')
    expect(recordText(EMPLOYEE_FIELDS.salaried, false)).toBe('false')
    expect(recordText(EMPLOYEE_FIELDS.jobTitle, 'Lead')).toBe('Lead')
    expect(
      recordTexts(PAY_RANGE_FIELDS, {
        name: 'R',
        minPay: 100,
        midPay: 150,
        maxPay: 200,
        payCurrency: 'EUR',
        salaried: false,
      }),
    ).toEqual({
      name: 'R',
      minPay: '1.00',
      midPay: '1.50',
      maxPay: '2.00',
      payCurrency: 'EUR',
      salaried: 'false',
    })
  })

  it('pay range order at its edges', () => {
    expect(payRangeOrderError({ minPay: 1, midPay: 1, maxPay: 2 })).toBeNull()
    expect(payRangeOrderError({ minPay: 1, midPay: 2, maxPay: 2 })).toBeNull()
    expect(payRangeOrderError({ minPay: 2, midPay: 1, maxPay: 1 })).toBe(
      'Min Pay, Mid Pay and Max Pay must rise in that order (min ≤ mid ≤ max).',
    )
  })

  it('CLI pairs: the message for a pair without =, an empty name, an empty value', () => {
    expect(parseAssignments(['jobTitle'], ['jobTitle'])).toEqual({
      ok: false,
      message: '"jobTitle" is not field=value.',
    })
    expect(parseAssignments(['=x'], ['jobTitle', 'age'])).toEqual({
      ok: false,
      message: 'Unknown field "": use one of jobTitle, age.',
    })
    expect(parseAssignments(['jobTitle='], ['jobTitle'])).toEqual({ ok: true, changes: { jobTitle: '' } })
    expect(parseAssignments([], ['jobTitle'])).toEqual({ ok: true, changes: {} })
  })
})
