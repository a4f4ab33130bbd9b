import fc from 'fast-check'
import { withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import {
  HOURS_PER_YEAR,
  annualPay,
  boundOnPayBasis,
  compaRatio,
  currentAnnualPay,
  dollarIncrease,
  newPayFromPercent,
  positionBetween,
  positionInRange,
  rangeOnPayBasis,
  salaryIncreasePercent,
} from '../../../src-shared/domain/pay'

const rates = withDefaultRate('USD', { EUR: 0.8 })
const usd = { defaultPayCurrency: 'USD' }
const salariedRange = {
  minPay: 8_000_000,
  midPay: 10_000_000,
  maxPay: 12_000_000,
  payCurrency: 'USD',
  salaried: true,
}
const hourlyRange = { minPay: 2_000, midPay: 2_500, maxPay: 3_000, payCurrency: 'USD', salaried: false }

describe('annual pay: "Hourly annual pay = rate x 2080 x fte (fte default 1)"', () => {
  it('uses salaried amounts as is', () => {
    expect(annualPay(9_000_000, true)).toBe(9_000_000)
    expect(annualPay(9_000_000, true, 0.5)).toBe(9_000_000)
  })

  it('annualises an hourly rate with 2080 hours and fte, default 1', () => {
    expect(HOURS_PER_YEAR).toBe(2080)
    expect(annualPay(2_500, false)).toBe(5_200_000)
    expect(annualPay(2_500, false, null)).toBe(5_200_000)
    expect(annualPay(2_500, false, 0.5)).toBe(2_600_000)
    expect(currentAnnualPay({ currentSalary: 2_501, salaried: false, fte: 0.6 })).toBe(3_121_248)
  })
})

describe('compa ratio: "pay divided by converted mid pay (scaled by fte)", "counted only when both mid-pays are above 0"', () => {
  it('divides annual pay by the mid', () => {
    expect(compaRatio(9_000_000, salariedRange, usd, rates)).toBe(0.9)
  })

  it('converts the mid to the pay currency', () => {
    const eurRange = { ...salariedRange, payCurrency: 'EUR' }
    // 100,000 EUR is 125,000 USD
    expect(compaRatio(12_500_000, eurRange, usd, rates)).toBe(1)
  })

  it('scales the mid by fte 0.5', () => {
    expect(compaRatio(5_000_000, salariedRange, { ...usd, fte: 0.5 }, rates)).toBe(1)
    const pay = annualPay(2_500, false, 0.5)
    expect(compaRatio(pay, hourlyRange, { ...usd, fte: 0.5 }, rates)).toBe(1)
  })

  it('compares an hourly range on the annual basis of the pay', () => {
    expect(compaRatio(annualPay(2_000, false), hourlyRange, usd, rates)).toBe(0.8)
  })

  it('is not counted (null) for zero mid pay, a missing rate, fte 0 or no pay', () => {
    expect(compaRatio(9_000_000, { ...salariedRange, midPay: 0 }, usd, rates)).toBeNull()
    expect(compaRatio(9_000_000, { ...salariedRange, midPay: -5 }, usd, rates)).toBeNull()
    expect(compaRatio(9_000_000, { ...salariedRange, payCurrency: 'GBP' }, usd, rates)).toBeNull()
    expect(compaRatio(9_000_000, salariedRange, { ...usd, fte: 0 }, rates)).toBeNull()
    expect(compaRatio(null, salariedRange, usd, rates)).toBeNull()
    expect(compaRatio(9_000_000, null, usd, rates)).toBeNull()
  })
})

describe('position in range: "(pay minus min) divided by (max minus min); equal min and max gives 1"', () => {
  it('places pay between min and max', () => {
    expect(positionBetween(10_000, 8_000, 12_000)).toBe(0.5)
    expect(positionBetween(8_000, 8_000, 12_000)).toBe(0)
    expect(positionBetween(14_000, 8_000, 12_000)).toBe(1.5)
    expect(positionBetween(6_000, 8_000, 12_000)).toBe(-0.5)
  })

  it('equal min and max gives 1', () => {
    expect(positionBetween(5, 10_000, 10_000)).toBe(1)
    expect(positionInRange(0, { ...salariedRange, minPay: 0, maxPay: 0 }, usd, rates)).toBe(1)
  })

  it('is null when max is below min, or without pay, range or rate', () => {
    expect(positionBetween(10_000, 12_000, 8_000)).toBeNull()
    expect(positionInRange(null, salariedRange, usd, rates)).toBeNull()
    expect(positionInRange(9_000_000, undefined, usd, rates)).toBeNull()
    expect(positionInRange(9_000_000, { ...salariedRange, payCurrency: 'GBP' }, usd, rates)).toBeNull()
  })

  it('uses the converted min and max', () => {
    const eurRange = { minPay: 6_400_000, midPay: 8_000_000, maxPay: 9_600_000, payCurrency: 'EUR' }
    expect(rangeOnPayBasis(eurRange, usd, rates)).toEqual({
      min: 8_000_000,
      mid: 10_000_000,
      max: 12_000_000,
    })
    expect(positionInRange(10_000_000, eurRange, usd, rates)).toBe(0.5)
  })

  it('compares hourly ranges on the pay basis (rate × 2080 × fte)', () => {
    const employee = { ...usd, fte: 0.5 }
    expect(boundOnPayBasis(3_000, hourlyRange, employee, rates)).toBe(3_120_000)
    expect(positionInRange(annualPay(2_500, false, 0.5), hourlyRange, employee, rates)).toBe(0.5)
    expect(positionInRange(annualPay(3_000, false), hourlyRange, usd, rates)).toBe(1)
  })

  it('is monotonic in pay (property)', () => {
    const cents = fc.integer({ min: 0, max: 1e10 })
    fc.assert(
      fc.property(cents, cents, cents, cents, (a, b, min, span) => {
        const range = { minPay: min, midPay: min, maxPay: min + span, payCurrency: 'USD' }
        const low = positionInRange(Math.min(a, b), range, usd, rates) as number
        const high = positionInRange(Math.max(a, b), range, usd, rates) as number
        expect(low).toBeLessThanOrEqual(high)
      }),
    )
  })
})

describe('increases', () => {
  it('dollar increase = new − current; null without a new pay', () => {
    expect(dollarIncrease(10_500_000, 10_000_000)).toBe(500_000)
    expect(dollarIncrease(9_500_000, 10_000_000)).toBe(-500_000)
    expect(dollarIncrease(null, 10_000_000)).toBeNull()
  })

  it('salary increase percent = (new − current) ÷ current × 100; null for no current pay', () => {
    expect(salaryIncreasePercent(10_500_000, 10_000_000)).toBe(5)
    expect(salaryIncreasePercent(9_000_000, 10_000_000)).toBe(-10)
    expect(salaryIncreasePercent(10_000, 0)).toBeNull()
    expect(salaryIncreasePercent(undefined, 10_000)).toBeNull()
  })

  it('new pay from a percent rounds to a whole cent', () => {
    expect(newPayFromPercent(10_000_000, 3.5)).toBe(10_350_000)
    expect(newPayFromPercent(333, 50)).toBe(500)
    expect(newPayFromPercent(10_000_000, -100)).toBe(0)
    expect(newPayFromPercent(10_000_000, 0.00005)).toBe(10_000_005)
  })

  it('percent and new pay agree to the cent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), fc.integer({ min: 0, max: 1e10 }), (current, next) => {
        const percent = salaryIncreasePercent(next, current) as number
        expect(Math.abs(newPayFromPercent(current, percent) - next)).toBeLessThanOrEqual(1)
      }),
    )
  })
})
