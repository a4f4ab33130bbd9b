import fc from 'fast-check'
import { IMPORT_COLUMNS, IMPORT_NULL_TOKENS } from '../../../src-shared/domain/import-format'
import {
  isImportNullToken,
  missingFieldError,
  parseImportColumnValue,
  parseImportDate,
  parseImportNumber,
  parseImportValue,
  parseMoneyCents,
} from '../../../src-shared/domain/import-values'

const ok = (value: unknown) => ({ ok: true, value })
const column = (field: string) => IMPORT_COLUMNS.find((c) => c.field === field)!

describe('CSV import value rules (admin spec §5)', () => {
  it("email is trimmed and lower-cased, else 'Invalid email format' (InvalidEmail)", () => {
    expect(parseImportValue('email', '  Ada.Lovelace@Example.COM ')).toEqual(ok('ada.lovelace@example.com'))
    const error = { ok: false, code: 'InvalidEmail', message: 'Invalid email format' }
    expect(parseImportValue('email', 'ada@example')).toEqual(error)
    expect(parseImportValue('email', 'ada lovelace@example.com')).toEqual(error)
    expect(parseImportValue('email', '@example.com')).toEqual(error)
  })

  it("booleans true/yes/y/1 and false/no/n/0 in any case, else 'Invalid boolean value' (InvalidBoolean)", () => {
    for (const raw of ['true', 'YES', ' y ', '1', 'True'])
      expect(parseImportValue('boolean', raw)).toEqual(ok(true))
    for (const raw of ['false', 'No', 'N', '0']) expect(parseImportValue('boolean', raw)).toEqual(ok(false))
    expect(parseImportValue('boolean', 'maybe')).toEqual({
      ok: false,
      code: 'InvalidBoolean',
      message: 'Invalid boolean value',
    })
  })

  it("numbers with commas stripped, else 'Invalid number' (InvalidNumber)", () => {
    expect(parseImportValue('number', '72,726.50')).toEqual(ok(72726.5))
    expect(parseImportValue('number', ' -3 ')).toEqual(ok(-3))
    expect(parseImportValue('number', '1.2E+05')).toEqual(ok(120000))
    const error = { ok: false, code: 'InvalidNumber', message: 'Invalid number' }
    expect(parseImportValue('number', '12abc')).toEqual(error)
    expect(parseImportValue('number', '0x10')).toEqual(error)
    expect(parseImportValue('number', 'Infinity')).toEqual(error)
    expect(parseImportValue('number', '1e999')).toEqual(error)
  })

  it('money in currency units becomes exact cents', () => {
    expect(parseMoneyCents('72,726.50')).toBe(7272650)
    expect(parseMoneyCents('0.29')).toBe(29)
    expect(parseMoneyCents('1000.005')).toBe(100001)
    expect(parseMoneyCents('1,234,567.891')).toBe(123456789)
    expect(parseMoneyCents('-12.5')).toBe(-1250)
    expect(parseMoneyCents('abc')).toBeNull()
    expect(parseMoneyCents('')).toBeNull()
  })

  it("dates in ISO yyyy-mm-dd or en-US m/d/yyyy, else 'Invalid date' (InvalidDate)", () => {
    expect(parseImportValue('date', '2024-02-29')).toEqual(ok('2024-02-29'))
    expect(parseImportValue('date', '2024-02-29T10:30:00Z')).toEqual(ok('2024-02-29'))
    expect(parseImportValue('date', '3/7/2024')).toEqual(ok('2024-03-07'))
    expect(parseImportValue('date', '12/31/1999')).toEqual(ok('1999-12-31'))
    const error = { ok: false, code: 'InvalidDate', message: 'Invalid date' }
    expect(parseImportValue('date', '2/30/2024')).toEqual(error)
    expect(parseImportValue('date', '2023-02-29')).toEqual(error)
    expect(parseImportValue('date', '13/1/2024')).toEqual(error)
    expect(parseImportValue('date', '2024-13-01')).toEqual(error)
    expect(parseImportValue('date', 'yesterday')).toEqual(error)
    expect(parseImportDate('2/29/1900')).toBeNull()
    expect(parseImportDate('2/29/2000')).toBe('2000-02-29')
  })

  it("currency a supported code in any case, else 'Unsupported currency' (UnsupportedCurrency)", () => {
    expect(parseImportValue('currency', ' eur ')).toEqual(ok('EUR'))
    expect(parseImportValue('currency', 'dkk')).toEqual(ok('DKK'))
    expect(parseImportValue('currency', 'CHF')).toEqual({
      ok: false,
      code: 'UnsupportedCurrency',
      message: 'Unsupported currency',
    })
  })

  it('strings are trimmed', () => {
    expect(parseImportValue('string', '  E-100 ')).toEqual(ok('E-100'))
  })

  it('an unknown type gives UnknownType', () => {
    expect(parseImportValue('money', '12')).toMatchObject({ ok: false, code: 'UnknownType' })
    expect(parseImportValue('money', '')).toMatchObject({ ok: false, code: 'UnknownType' })
  })

  it('"empty, n/a, -, --, none, null and undefined are replaced by the default" for optional fields', () => {
    for (const raw of ['', '  ', 'N/A', '-', '--', 'None', ' NULL ', 'undefined', null, undefined]) {
      expect(isImportNullToken(raw)).toBe(true)
      expect(parseImportValue('number', raw, { defaultValue: 0 })).toEqual(ok(0))
      expect(parseImportValue('email', raw)).toEqual(ok(null))
    }
    expect(isImportNullToken('0')).toBe(false)
  })

  it('a blank required value gives Missing-<field> with \'Required field "<field>" is missing in row <n>\'', () => {
    expect(parseImportValue('string', ' ', { required: true, field: 'employeeId', row: 3 })).toEqual({
      ok: false,
      code: 'Missing-employeeId',
      message: 'Required field "employeeId" is missing in row 3',
    })
    expect(missingFieldError('jobCode', 7)).toMatchObject({ code: 'Missing-jobCode' })
  })

  it('by column: defaults apply, including required columns that have one', () => {
    const context = { row: 2 }
    expect(parseImportColumnValue(column('employmentStatus'), 'n/a', context)).toEqual(ok('Active'))
    expect(parseImportColumnValue(column('payCurrency'), '', context)).toEqual(ok('USD'))
    expect(parseImportColumnValue(column('salaried'), '-', context)).toEqual(ok(true))
    expect(parseImportColumnValue(column('gender'), 'none', context)).toEqual(ok(null))
    expect(parseImportColumnValue(column('jobCode'), '', context)).toMatchObject({ code: 'Missing-jobCode' })
    expect(parseImportColumnValue(column('salaried'), 'no', context)).toEqual(ok(false))
  })
})

describe('import value parsing (properties)', () => {
  const types = fc.constantFrom('string', 'number', 'boolean', 'date', 'currency', 'email', 'mystery')

  it('never throws and always answers ok with a value or a code and message', () => {
    fc.assert(
      fc.property(types, fc.option(fc.string({ unit: 'binary' })), fc.boolean(), (type, raw, required) => {
        const result = parseImportValue(type, raw, { required, field: 'f', row: 1 })
        if (result.ok)
          expect(result.value === null || ['string', 'number', 'boolean'].includes(typeof result.value)).toBe(
            true,
          )
        else expect(result.code.length * result.message.length).toBeGreaterThan(0)
      }),
    )
  })

  it('null tokens in any case and padding always give the default for optional fields', () => {
    const token = fc
      .tuple(fc.constantFrom(...IMPORT_NULL_TOKENS), fc.array(fc.boolean()), fc.stringMatching(/^\s{0,3}$/))
      .map(([t, upper, pad]) => pad + [...t].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('') + pad)
    const known = fc.constantFrom('string', 'number', 'boolean', 'date', 'currency', 'email')
    const defaults = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null))
    fc.assert(
      fc.property(known, token, defaults, (type, raw, defaultValue) => {
        expect(parseImportValue(type, raw, { defaultValue })).toEqual({ ok: true, value: defaultValue })
      }),
    )
  })

  it('money text of any cents parses back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const text = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
        expect(parseMoneyCents(text)).toBe(cents)
      }),
    )
  })
})

describe('amounts as an analyst’s spreadsheet writes them', () => {
  it('take a leading symbol of a supported currency', () => {
    expect(parseImportNumber('$399,875')).toBe(399875)
    expect(parseImportNumber('$399,875.00')).toBe(399875)
    expect(parseImportNumber('CA$1,200.5')).toBe(1200.5)
    expect(parseImportNumber('-€ 12')).toBe(-12)
    expect(parseMoneyCents('£72,726.50')).toBe(7272650)
  })

  it("anything else is still 'Invalid number'", () => {
    for (const text of ['USD', '$', '$$5', '5$', '¤5', '$ five', '5USD'])
      expect(parseImportNumber(text), text).toBeNull()
    expect(parseImportValue('number', '$12x')).toMatchObject({ ok: false, message: 'Invalid number' })
    expect(parseImportValue('number', '$1,234.5')).toEqual({ ok: true, value: 1234.5 })
  })
})
