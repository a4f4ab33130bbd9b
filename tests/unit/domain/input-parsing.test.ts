import fc from 'fast-check'
import {
  NUMERIC_INPUT_PAUSE_MS,
  filterNumericTyping,
  formatNumericInput,
  parseNumericInput,
  withThousandsSeparators,
} from '../../../src-shared/domain/input-parsing'

describe('numeric input typing: "only digits and a decimal point are accepted; thousands separators are inserted"', () => {
  it('drops anything but digits and the first decimal point', () => {
    expect(filterNumericTyping('12a3-4.5.6')).toBe('1,234.56')
    expect(filterNumericTyping('-5')).toBe('5')
    expect(filterNumericTyping('abc')).toBe('')
    expect(filterNumericTyping('.')).toBe('.')
    expect(filterNumericTyping('1234.')).toBe('1,234.')
  })

  it('keeps a k or % typed last as a suffix', () => {
    expect(filterNumericTyping('12k')).toBe('12k')
    expect(filterNumericTyping('12.5%')).toBe('12.5%')
    expect(filterNumericTyping('1k2')).toBe('12')
  })

  it('inserts en-US thousands separators', () => {
    expect(withThousandsSeparators('1234567')).toBe('1,234,567')
    expect(withThousandsSeparators('123')).toBe('123')
    expect(withThousandsSeparators('')).toBe('')
  })

  it('"Numeric input pause 1000 ms"', () => {
    expect(NUMERIC_INPUT_PAUSE_MS).toBe(1000)
  })
})

describe('numeric input commit (spec §5)', () => {
  it('"Currency mode pads to two decimals"', () => {
    expect(parseNumericInput('1234.5')).toEqual({ value: 1234.5, text: '1,234.50', valid: true })
    expect(parseNumericInput('1,234')).toEqual({ value: 1234, text: '1,234.00', valid: true })
    expect(parseNumericInput('1.005').value).toBe(1.01)
  })

  it('"suffix k multiplies by 1000"', () => {
    expect(parseNumericInput('85k')).toEqual({ value: 85000, text: '85,000.00', valid: true })
    expect(parseNumericInput('1.2345K')).toEqual({ value: 1234.5, text: '1,234.50', valid: true })
    expect(parseNumericInput('1.5k', { mode: 'percent' }).value).toBe(1500)
  })

  it('"a % suffix scales by a percent basis when one is given"', () => {
    expect(parseNumericInput('10%', { percentBasis: 85000 })).toEqual({
      value: 8500,
      text: '8,500.00',
      valid: true,
    })
    expect(parseNumericInput('3.3333%', { percentBasis: 100 }).value).toBe(3.33)
    expect(parseNumericInput('10%').value).toBe(10)
    expect(parseNumericInput('12.5%', { mode: 'percent' }).value).toBe(12.5)
  })

  it('"empty becomes 0.00 (or null when nulls are allowed)"', () => {
    expect(parseNumericInput('')).toEqual({ value: 0, text: '0.00', valid: true })
    expect(parseNumericInput('   ')).toEqual({ value: 0, text: '0.00', valid: true })
    expect(parseNumericInput('', { allowNull: true })).toEqual({ value: null, text: '', valid: true })
  })

  it('"invalid text becomes 0 or null"', () => {
    expect(parseNumericInput('abc')).toMatchObject({ value: 0, text: '0.00', valid: false })
    expect(parseNumericInput('-5')).toMatchObject({ value: 0, text: '0.00', valid: false })
    expect(parseNumericInput('1.2.3', { allowNull: true })).toMatchObject({
      value: null,
      text: '',
      valid: false,
    })
    expect(parseNumericInput('k')).toMatchObject({ value: 0, valid: false })
    expect(parseNumericInput('%', { percentBasis: 100 })).toMatchObject({ value: 0, valid: false })
    expect(parseNumericInput('9'.repeat(40))).toMatchObject({ value: 0, valid: false })
    expect(parseNumericInput('2000000000k')).toMatchObject({ value: 0, valid: false })
  })

  it('"Percent input keeps four decimals"', () => {
    expect(parseNumericInput('3.14159', { mode: 'percent' })).toEqual({
      value: 3.1416,
      text: '3.1416',
      valid: true,
    })
    expect(parseNumericInput('3', { mode: 'percent' }).text).toBe('3')
    expect(parseNumericInput('', { mode: 'percent' }).text).toBe('0')
  })

  it('formats values for display, negatives included', () => {
    expect(formatNumericInput(-1234.5)).toBe('-1,234.50')
    expect(formatNumericInput(-2.5, { mode: 'percent' })).toBe('-2.5')
    expect(formatNumericInput(null)).toBe('')
    expect(formatNumericInput(1234.56789, { mode: 'number' })).toBe('1,234.5679')
  })
})

describe('numeric input (properties)', () => {
  it('never throws on arbitrary strings and always gives a number or null with its text', () => {
    const options = fc.record({
      mode: fc.constantFrom('currency' as const, 'percent' as const, 'number' as const),
      allowNull: fc.boolean(),
      percentBasis: fc.option(fc.double(), { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), options, (raw, opts) => {
        const parsed = parseNumericInput(raw, opts)
        expect(parsed.value === null || Number.isFinite(parsed.value)).toBe(true)
        // The text shown is the committed value formatted, and an invalid text commits the fallback.
        expect(parsed.text).toBe(formatNumericInput(parsed.value, opts))
        expect(parsed.valid || parsed.value === (opts.allowNull ? null : 0)).toBe(true)
        expect(filterNumericTyping(raw)).toMatch(/^[\d,]*\.?\d*[kK%]?$/)
      }),
    )
  })

  it('committing the display text gives back the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        const value = cents / 100
        const text = formatNumericInput(value)
        expect(parseNumericInput(text)).toEqual({ value, text, valid: true })
      }),
    )
  })
})
