import {
  NEGATIVE_AMOUNT_MESSAGE,
  filterNumericTyping,
  notAnAmountMessage,
  parseAmount,
  parseNumericInput,
  refusedCharacters,
  typingRefusal,
} from '../../../src-shared/domain/input-parsing'
import { filterNumber } from '../../../src-renderer/features/compensation-table/filter-model'

// Issue 39: one money parser for every amount input (budget fields, the filter's number inputs,
// the table's money cells, the matrix's desired budget): '$', thousands separators, k / m suffixes,
// negatives refused with a message, never NaN.
describe('parseAmount, the one money parser', () => {
  it("takes '$' and thousands separators", () => {
    expect(parseAmount('$2,000,000')).toEqual({ ok: true, value: 2_000_000 })
    expect(parseAmount(' $ 150,000.50 ')).toEqual({ ok: true, value: 150_000.5 })
  })

  it('multiplies by 1000 for a k suffix (seed 001) and by a million for an m suffix, exactly', () => {
    expect(parseAmount('2k')).toEqual({ ok: true, value: 2000 })
    expect(parseAmount('1.2345K')).toEqual({ ok: true, value: 1234.5 })
    expect(parseAmount('1.5m')).toEqual({ ok: true, value: 1_500_000 })
    expect(parseAmount('$0.25M')).toEqual({ ok: true, value: 250_000 })
  })

  it('refuses negatives with a message, in every spelling', () => {
    for (const text of ['-5000', '-$5,000', '$-5,000', '(1,200.00)']) {
      expect(parseAmount(text)).toEqual({ ok: false, message: NEGATIVE_AMOUNT_MESSAGE })
    }
  })

  it('refuses text that is no amount with a message naming it; empty is null', () => {
    expect(parseAmount('abc')).toEqual({ ok: false, message: notAnAmountMessage('abc') })
    expect(parseAmount('1.2.3')).toEqual({ ok: false, message: notAnAmountMessage('1.2.3') })
    expect(notAnAmountMessage('abc')).toBe(
      '"abc" is not an amount. Type digits, such as 1,500, $2,000, 2.5k or 1.5m.',
    )
    expect(parseAmount('   ')).toEqual({ ok: true, value: null })
  })
})

describe('the inputs built on it', () => {
  it('the numeric input commits $ and m amounts, and says why it refuses one', () => {
    expect(parseNumericInput('$2,000,000')).toMatchObject({
      value: 2_000_000,
      text: '2,000,000.00',
      valid: true,
    })
    expect(parseNumericInput('1.5m', { allowNull: true })).toMatchObject({ value: 1_500_000, valid: true })
    expect(parseNumericInput('abc', { allowNull: true })).toEqual({
      value: null,
      text: '',
      valid: false,
      message: notAnAmountMessage('abc'),
    })
  })

  it("typing keeps an m suffix and drops '$'", () => {
    expect(filterNumericTyping('$1.5m')).toBe('1.5m')
    expect(filterNumericTyping('$150000')).toBe('150,000')
  })

  it('says in place why typed characters were refused, never for separators or $', () => {
    expect(refusedCharacters('abc')).toBe('abc')
    expect(refusedCharacters('$1,000 k')).toBe('')
    expect(typingRefusal('abc')).toBe(notAnAmountMessage('abc'))
    expect(typingRefusal('-')).toBe(NEGATIVE_AMOUNT_MESSAGE)
    expect(typingRefusal('')).toBeNull()
  })

  it("the table filter's number input takes $150,000 and 1.5m (filters may compare below zero)", () => {
    expect(filterNumber('$150,000')).toBe(150_000)
    expect(filterNumber('1.5m')).toBe(1_500_000)
    expect(filterNumber('-2.5')).toBe(-2.5)
    expect(filterNumber('abc')).toBeNull()
  })
})
