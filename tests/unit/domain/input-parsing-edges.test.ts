import {
  MAX_INPUT_MAGNITUDE,
  filterNumericTyping,
  parseNumericInput,
} from '../../../src-shared/domain/input-parsing'

describe('numeric input typing, edges: "only digits and a decimal point are accepted"', () => {
  it('keeps every digit, 0 and 9 included', () => {
    expect(filterNumericTyping('9,050.09')).toBe('9,050.09')
    expect(filterNumericTyping('1009')).toBe('1,009')
  })

  it('keeps a K typed last as much as a k, and reads the suffix past surrounding spaces', () => {
    expect(filterNumericTyping('12K')).toBe('12K')
    expect(filterNumericTyping(' 12k ')).toBe('12k')
    expect(filterNumericTyping(' 7% ')).toBe('7%')
  })
})

describe('numeric input commit, edges', () => {
  it('"a % suffix scales by a percent basis when one is given": without the suffix the basis is not used', () => {
    expect(parseNumericInput('10', { percentBasis: 50_000 })).toEqual({
      value: 10,
      text: '10.00',
      valid: true,
    })
    expect(parseNumericInput('10k', { percentBasis: 50_000 }).value).toBe(10_000)
  })

  it(`accepts magnitudes up to ${MAX_INPUT_MAGNITUDE} and refuses one cent more`, () => {
    expect(parseNumericInput('1000000000000')).toMatchObject({ value: 1e12, valid: true })
    expect(parseNumericInput('1000000000000.01')).toMatchObject({ value: 0, valid: false })
  })

  it('never throws: a value that is no text at all commits as empty', () => {
    expect(parseNumericInput(undefined as unknown as string)).toEqual({ value: 0, text: '0.00', valid: true })
    expect(parseNumericInput(null as unknown as string, { allowNull: true })).toEqual({
      value: null,
      text: '',
      valid: true,
    })
  })
})
