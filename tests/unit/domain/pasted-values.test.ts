import { describe, expect, it } from 'vitest'
import {
  parseClipboardTable,
  parsePastedNumber,
  pastedUnits,
  type PastedNumber,
} from '../../../src-shared/domain/pasted-values'

const cents = (text: string) => {
  const value = parsePastedNumber(text)
  return value === null || value === 'empty' ? value : pastedUnits(value, 2)
}
const number = (text: string) => parsePastedNumber(text) as PastedNumber

describe('the clipboard as a block of cells', () => {
  it('splits tab-separated lines; one trailing line break (as spreadsheets copy) is dropped', () => {
    expect(parseClipboardTable('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(parseClipboardTable('1\n2')).toEqual([['1'], ['2']])
    expect(parseClipboardTable('1\r2\r')).toEqual([['1'], ['2']])
    expect(parseClipboardTable('a\t\r\n\tb\r\n')).toEqual([
      ['a', ''],
      ['', 'b'],
    ])
    expect(parseClipboardTable('')).toEqual([['']])
    expect(parseClipboardTable('\r\n')).toEqual([['']])
    expect(parseClipboardTable('a\n\nb')).toEqual([['a'], [''], ['b']])
  })

  it('unquotes a cell Excel quoted because it holds a line break, tab or quote', () => {
    expect(parseClipboardTable('"line 1\nline 2"\tx\r\n"say ""hi"""\ty\r\n')).toEqual([
      ['line 1\nline 2', 'x'],
      ['say "hi"', 'y'],
    ])
    // A quote that does not close the cell is text.
    expect(parseClipboardTable('"Great" year\tx')).toEqual([['"Great" year', 'x']])
    expect(parseClipboardTable('"open\tx')).toEqual([['"open', 'x']])
  })
})

describe('numbers as the table and spreadsheets show them', () => {
  it('reads what the table copies', () => {
    expect(cents('176,939.60')).toBe(176_939_60)
    expect(cents('$176,939.60')).toBe(176_939_60)
    expect(number('$176,939.60').currency).toBe('USD')
    expect(number('4.0000%')).toMatchObject({ digits: '4.0000', percent: true, negative: false })
    expect(number('-15.2837%')).toMatchObject({ percent: true, negative: true })
    expect(cents('-$1,234.50')).toBe(-1_234_50)
    expect(number('$45.00/hr')).toMatchObject({ hourly: true, currency: 'USD' })
    expect(number('€1,000.00').currency).toBe('EUR')
    expect(number('CA$1,200').currency).toBe('CAD')
    expect(number('¥1,235').currency).toBe('JPY')
    expect(number('CRC\u00a01,234.50').currency).toBe('CRC')
  })

  it('ignores every white space String#trim removes, the no-break space of Excel exports included', () => {
    for (const space of ['\u00a0', '\u2003', '\u3000', '\ufeff', '\u202f', '\t'])
      expect(cents(`${space}1,234.50${space}`)).toBe(1_234_50)
    expect(parsePastedNumber('\u00a0\u3000')).toBe('empty')
  })

  it('reads negatives in parentheses and Excel accounting cells', () => {
    expect(cents('(1,200.00)')).toBe(-1_200_00)
    expect(cents(' $176,939.60 ')).toBe(176_939_60)
    expect(cents(' $(1,200.00)')).toBe(-1_200_00)
    expect(cents('($1,200.00)')).toBe(-1_200_00)
    expect(cents('$-1,200.00')).toBe(-1_200_00)
    expect(cents('\u2212 1,200')).toBe(-1_200_00)
    expect(number('(5.0000%)')).toMatchObject({ percent: true, negative: true })
    // accounting zero
    expect(cents(' $-   ')).toBe(0)
    expect(cents('1,200.00 USD')).toBe(1_200_00)
  })

  it('keeps the numeric input rules: k multiplies by 1000, exact on the digits', () => {
    expect(cents('3k')).toBe(3_000_00)
    expect(cents('1.2345k')).toBe(1_234_50)
    expect(cents('1.005')).toBe(1_01)
    expect(cents('.5')).toBe(50)
  })

  it('blank text and the table’s dash for an empty input are empty', () => {
    expect(parsePastedNumber('')).toBe('empty')
    expect(parsePastedNumber('  \u00a0')).toBe('empty')
    expect(parsePastedNumber('—')).toBe('empty')
  })

  it('refuses what is not a number, and decimal commas rather than misreading them', () => {
    for (const text of [
      'abc',
      '1.234,50',
      '1,5',
      '12,34',
      '$5%',
      '(5',
      '5)',
      '5-',
      '1e5',
      '$',
      'N/A',
      '1..2',
    ])
      expect(parsePastedNumber(text), text).toBeNull()
  })
})
