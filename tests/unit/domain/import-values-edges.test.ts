import {
  isImportNullToken,
  isIsoDay,
  parseImportDate,
  parseImportNumber,
  parseImportValue,
  parseMoneyCents,
} from '../../../src-shared/domain/import-values'

// Edges of the CSV import's value rules (admin spec §5 "CSV import"), found by mutation testing.
const ok = (value: unknown) => ({ ok: true, value })

describe('null tokens at the edges of their fast paths', () => {
  it('"undefined" padded on one side only is still a null token', () => {
    expect(isImportNullToken(' undefined')).toBe(true)
    expect(isImportNullToken('undefined ')).toBe(true)
    expect(isImportNullToken('\tnone')).toBe(true)
    expect(isImportNullToken('  n/a')).toBe(true)
  })

  it('text that only starts like a token is a value', () => {
    for (const raw of ['nothing', 'undefinedx', 'nulls', '-5', '--x', 'n', 'No', 'unknown', ' x ', 'ab'])
      expect(isImportNullToken(raw), raw).toBe(false)
  })
})

describe('emails', () => {
  it("one @ with text before it and a dotted domain after it, else 'Invalid email format'", () => {
    expect(parseImportValue('email', 'a@b.co')).toEqual(ok('a@b.co'))
    expect(parseImportValue('email', 'first.last@mail.example.com')).toEqual(
      ok('first.last@mail.example.com'),
    )
    for (const raw of ['@a@b.co', 'a@b.co@', 'a@@b.co', 'a@b.', 'a@.co', 'a@b .co', 'ab.co'])
      expect(parseImportValue('email', raw), raw).toMatchObject({
        ok: false,
        message: 'Invalid email format',
      })
  })
})

describe('numbers', () => {
  it('a number may start at its decimal point, and take an exponent with or without a sign', () => {
    expect(parseImportNumber('.5')).toBe(0.5)
    expect(parseImportNumber('.25')).toBe(0.25)
    expect(parseImportNumber('-.5')).toBe(-0.5)
    expect(parseImportNumber('5.')).toBe(5)
    expect(parseImportNumber('1e3')).toBe(1000)
    expect(parseImportNumber('2.5e-1')).toBe(0.25)
    expect(parseImportNumber('1E10')).toBe(10_000_000_000)
    expect(parseImportNumber('+7')).toBe(7)
  })

  it("what Number() would also read is still 'Invalid number' when it is not a plain decimal", () => {
    for (const raw of [
      '.',
      'e5',
      '1e',
      '1e+',
      '+',
      '1.2.3',
      '0b11',
      '0o7',
      ' 1 2 ',
      '5-',
      '--5',
      '+-5',
      'x5',
    ])
      expect(parseImportNumber(raw), raw).toBeNull()
  })

  it('a sign may stand before the currency symbol, with a space between', () => {
    expect(parseImportNumber('+$5')).toBe(5)
    expect(parseImportNumber('- $12')).toBe(-12)
    expect(parseImportNumber('$ 12')).toBe(12)
    expect(parseMoneyCents('-$1,000.05')).toBe(-100_005)
    expect(parseImportNumber('- 12')).toBeNull()
  })

  it('money refuses what is not a plain decimal', () => {
    for (const raw of ['0x10', 'Infinity', '1e', '.', '12abc', '$'])
      expect(parseMoneyCents(raw), raw).toBeNull()
    expect(parseMoneyCents('.5')).toBe(50)
    expect(parseMoneyCents('1e2')).toBe(10_000)
  })
})

describe('dates', () => {
  it('the first and last days of the months and years', () => {
    expect(parseImportDate('2024-01-01')).toBe('2024-01-01')
    expect(parseImportDate('2024-01-31')).toBe('2024-01-31')
    expect(parseImportDate('1000-01-01')).toBe('1000-01-01')
    expect(parseImportDate('9999-12-31')).toBe('9999-12-31')
    expect(parseImportDate('1996-02-29')).toBe('1996-02-29')
    expect(parseImportDate('1/1/2024')).toBe('2024-01-01')
    expect(parseImportDate('03/07/2024')).toBe('2024-03-07')
    expect(parseImportDate(' 2024-02-29 ')).toBe('2024-02-29')
    for (const raw of [
      '0999-12-31',
      '2024-00-10',
      '2024-01-00',
      '2024-04-31',
      '2024-11-31',
      '1/0/2024',
      '0/1/2024',
    ])
      expect(parseImportDate(raw), raw).toBeNull()
  })

  it('an ISO date may carry a time, with seconds, fractions and a zone; the time is ignored', () => {
    for (const raw of [
      '2024-02-29 10:30',
      '2024-02-29T10:30',
      '2024-02-29T10:30:00.123+01:00',
      '2024-02-29T10:30:00-0500',
      '2024-02-29t10:30:59z',
    ])
      expect(parseImportDate(raw), raw).toBe('2024-02-29')
    for (const raw of [
      '2024-02-29T10',
      '2024-02-29T10:30:00.Z',
      '2024-02-29X10:30',
      '2024-02-29T1:30',
      '2024-02-29T10:3',
      '2024-02-29T10:30:0',
      '2024-02-29T10:30+1:00',
      '2024-02-29T10:30Y',
      '02024-02-29',
      '2024-02-29x',
      '2024-2-29',
      '2024-02-9',
      '3/7/24',
      '3/7/20245',
      '123/7/2024',
      '3/123/2024',
      'x3/7/2024',
      '3/7/2024x',
      '3-7-2024',
    ])
      expect(parseImportDate(raw), raw).toBeNull()
  })

  it('isIsoDay: exactly yyyy-mm-dd naming a real day', () => {
    for (const raw of ['2024-02-29', '2019-09-19', '1996-02-29', '2024-01-01', '2024-12-31', '1000-01-01'])
      expect(isIsoDay(raw), raw).toBe(true)
    for (const raw of [
      '2023-02-29',
      '2024-04-31',
      '2024-11-31',
      '2024-13-01',
      '2024-00-01',
      '2024-01-00',
      '0999-01-01',
      '2024/02/29',
      '2024-02/29',
      '2024-0a-29',
      '2024-0!-01',
      '2024-0:-01',
      '2024-2-29',
      '2024-02-290',
      ' 2024-02-2',
    ])
      expect(isIsoDay(raw), raw).toBe(false)
  })
})

describe('isIsoDay refuses what only looks like yyyy-mm-dd', () => {
  it('a slash for either dash, or a character that is no digit, even when the figures still name a day', () => {
    // '/' is one below '0' and '!' fifteen: read as digits they would give 2024-09-01 and 1856-02-28.
    for (const raw of ['2024/02-29', '2024-02/29', '2024-1/-01', '20!6-02-28'])
      expect(isIsoDay(raw), raw).toBe(false)
  })
})

describe('types and missing values', () => {
  it("an unknown type's message names it", () => {
    expect(parseImportValue('money', '12')).toEqual({
      ok: false,
      code: 'UnknownType',
      message: 'Unknown value type "money"',
    })
  })

  it('a required value without a field name or row is reported as "value" in row 0', () => {
    expect(parseImportValue('number', 'n/a', { required: true })).toEqual({
      ok: false,
      code: 'Missing-value',
      message: 'Required field "value" is missing in row 0',
    })
  })

  it('a default of 0 or false is kept, not replaced by null', () => {
    expect(parseImportValue('number', '', { defaultValue: 0 })).toEqual(ok(0))
    expect(parseImportValue('boolean', 'none', { defaultValue: false })).toEqual(ok(false))
    expect(parseImportValue('string', '-', { defaultValue: '' })).toEqual(ok(''))
  })
})
