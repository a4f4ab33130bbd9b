import { describe, expect, it } from 'vitest'
import {
  parseClipboardTable,
  parsePastedNumber,
  type PastedNumber,
} from '../../../src-shared/domain/pasted-values'

describe('the clipboard as a block of cells, edges', () => {
  it('a line ending in a tab ends in an empty cell', () => {
    expect(parseClipboardTable('a\tb\t')).toEqual([['a', 'b', '']])
  })

  it('a quote inside a cell that did not start with one is kept as it is', () => {
    expect(parseClipboardTable('ab"\tc')).toEqual([['ab"', 'c']])
  })

  it('a quoted cell may end the text or its line', () => {
    expect(parseClipboardTable('x\t"a\nb"')).toEqual([['x', 'a\nb']])
    expect(parseClipboardTable('"a\nb"\nc')).toEqual([['a\nb'], ['c']])
  })
})

const number = (digits: string, more: Partial<PastedNumber> = {}): PastedNumber => ({
  digits,
  negative: false,
  percent: false,
  thousands: false,
  hourly: false,
  currency: null,
  ...more,
})

describe('pasted numbers, edges', () => {
  it('a leading + is no sign; a second sign is not a number', () => {
    expect(parsePastedNumber('+5')).toEqual(number('5'))
    expect(parsePastedNumber('--5')).toBeNull()
    expect(parsePastedNumber('-+5')).toBeNull()
    expect(parsePastedNumber('-(5)')).toBeNull()
    // a + then a currency symbol, as in '+$5'
    expect(parsePastedNumber('+$5')).toEqual(number('5', { currency: 'USD' }))
  })

  it('two currencies are not a number', () => {
    expect(parsePastedNumber('$5 EUR')).toBeNull()
  })

  it('reads trailing marks in any order: a rate per hour, a currency code, k, a closing parenthesis', () => {
    expect(parsePastedNumber('50.00/hr')).toEqual(number('50.00', { hourly: true }))
    expect(parsePastedNumber('50 USD/hr')).toEqual(number('50', { hourly: true, currency: 'USD' }))
    expect(parsePastedNumber('1.5k EUR')).toEqual(number('1.5', { thousands: true, currency: 'EUR' }))
    expect(parsePastedNumber('(5)%')).toEqual(number('5', { negative: true, percent: true }))
    expect(parsePastedNumber('(5)k')).toEqual(number('5', { negative: true, thousands: true }))
  })

  it("Excel's accounting zero (' $-   ') is 0, not negative", () => {
    expect(parsePastedNumber(' $-   ')).toEqual(number('0', { currency: 'USD' }))
  })
})
