import fc from 'fast-check'
import {
  canConvert,
  conversionList,
  conversionRate,
  convertCents,
  defaultCurrencyFirst,
  withDefaultRate,
} from '../../../src-shared/domain/currency-conversion'

const rates = withDefaultRate('USD', { EUR: 0.9, JPY: 150, CAD: 1.35 })

describe('currency conversion: "rounds to 2 decimals using rate ratios and returns 0 if a rate is missing"', () => {
  it('converts through the ratio of the two rates', () => {
    expect(convertCents(10_000, 'USD', 'EUR', rates)).toBe(9_000)
    expect(convertCents(9_000, 'EUR', 'USD', rates)).toBe(10_000)
    expect(convertCents(10_000, 'EUR', 'JPY', rates)).toBe(1_666_667)
    expect(convertCents(10_000, 'CAD', 'EUR', rates)).toBe(6_667)
  })

  it('rounds to a whole cent, half away from zero', () => {
    const half = withDefaultRate('USD', { EUR: 0.5 })
    expect(convertCents(1, 'USD', 'EUR', half)).toBe(1)
    expect(convertCents(-1, 'USD', 'EUR', half)).toBe(-1)
  })

  it('a missing rate gives 0', () => {
    expect(convertCents(10_000, 'USD', 'GBP', rates)).toBe(0)
    expect(convertCents(10_000, 'GBP', 'USD', rates)).toBe(0)
    expect(convertCents(10_000, 'USD', 'EUR', { EUR: 0.9 })).toBe(0)
    expect(convertCents(10_000, 'USD', 'EUR', { USD: 1, EUR: 0 })).toBe(0)
    expect(convertCents(10_000, 'USD', 'EUR', { USD: 1, EUR: -2 })).toBe(0)
    expect(canConvert('USD', 'GBP', rates)).toBe(false)
    expect(canConvert('GBP', 'GBP', {})).toBe(true)
    expect(conversionRate('GBP', rates)).toBeNull()
  })

  it('the same currency is never converted, even without rates', () => {
    expect(convertCents(12_345, 'GBP', 'GBP', {})).toBe(12_345)
  })
})

describe('"The default currency always maps to 1 and is first in the list"', () => {
  it('withDefaultRate maps the default currency to 1', () => {
    expect(withDefaultRate('EUR', { EUR: 3, USD: 1.1 })).toEqual({ EUR: 1, USD: 1.1 })
  })

  it('conversionList puts the default first at 1, then the catalogue order', () => {
    expect(conversionList('EUR', { JPY: 160, USD: 1.1, EUR: 7, CAD: 1.5 })).toEqual([
      { code: 'EUR', rate: 1 },
      { code: 'USD', rate: 1.1 },
      { code: 'CAD', rate: 1.5 },
      { code: 'JPY', rate: 160 },
    ])
    expect(conversionList('USD', {})).toEqual([{ code: 'USD', rate: 1 }])
  })

  it('defaultCurrencyFirst moves the default to the front and keeps the others in order', () => {
    const list = [
      { code: 'JPY', rate: 150 },
      { code: 'USD', rate: 2 },
      { code: 'EUR', rate: 0.9 },
    ]
    expect(defaultCurrencyFirst('USD', list)).toEqual([
      { code: 'USD', rate: 1 },
      { code: 'JPY', rate: 150 },
      { code: 'EUR', rate: 0.9 },
    ])
  })
})

describe('conversion symmetry (property)', () => {
  /*
   * A→B rounds once (at most half a cent of B off), B→A rounds again (half a cent of A) and scales
   * the first error by rateA ÷ rateB, so |A→B→A − amount| ≤ 0.5 + 0.5 × rateA/rateB cents of A.
   * 0.01 more covers float error on amounts up to 10^11 cents. In words: within one cent of the
   * intermediate currency, expressed in A, plus half a cent.
   */
  it('A→B→A returns within 0.5 + 0.5 × rateA/rateB cents', () => {
    const rate = fc.double({ min: 0.001, max: 10_000, noNaN: true })
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), rate, rate, (amount, rateA, rateB) => {
        const table = { USD: 1, EUR: rateA, JPY: rateB }
        const back = convertCents(convertCents(amount, 'EUR', 'JPY', table), 'JPY', 'EUR', table)
        expect(Math.abs(back - amount)).toBeLessThanOrEqual(0.5 + (0.5 * rateA) / rateB + 0.01)
      }),
    )
  })

  it('through a currency worth less (more units per default) the trip is exact to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (amount) => {
        const back = convertCents(convertCents(amount, 'USD', 'JPY', rates), 'JPY', 'USD', rates)
        expect(back).toBe(amount)
      }),
    )
  })
})
