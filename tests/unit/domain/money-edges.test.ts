import {
  centsFromDecimalString,
  formatMoneyInThousands,
  roundTo,
  scaleDecimalString,
} from '../../../src-shared/domain/money'

// Edges of the exact decimal parser and of rounding that the main money tests do not reach
// (found by mutation testing, docs/testing.md).
describe('decimal strings to exact cents, at the edges', () => {
  it('reads the largest safe amount and refuses one cent more', () => {
    expect(centsFromDecimalString('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER)
    expect(centsFromDecimalString('90071992547409.92')).toBeNull()
    expect(scaleDecimalString('9007199254740991', 0)).toBe(Number.MAX_SAFE_INTEGER)
    // 16 digits kept, the 17th dropped and rounded down
    expect(scaleDecimalString('9007199254740991.4', 0)).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('leading zeros do not count as digits', () => {
    expect(centsFromDecimalString('0000000000000000001')).toBe(100)
    expect(centsFromDecimalString('0e20')).toBe(0)
  })

  it('an amount far below half a cent is 0, never -0', () => {
    expect(centsFromDecimalString('0.00049')).toBe(0)
    expect(centsFromDecimalString('0.00999')).toBe(1)
    expect(centsFromDecimalString('-0.001')).toBe(0)
    expect(Object.is(centsFromDecimalString('-0.00049'), 0)).toBe(true)
  })
})

describe('rounding large values', () => {
  it('keeps integers beyond 15 significant digits as they are', () => {
    expect(roundTo(1_234_567_890_123_457)).toBe(1_234_567_890_123_457)
  })
})

describe('"Salary is shown in thousands as $NK in cards" for an unknown currency', () => {
  it('puts the code before the thousands', () => {
    expect(formatMoneyInThousands(8_500_000, 'U$')).toBe('U$ 85K')
  })
})
