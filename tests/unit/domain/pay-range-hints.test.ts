import { withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import {
  LEFT_TO_REACH_MAX,
  NEAR_MAX_THRESHOLD,
  REQUIRED_TO_REACH_MIN,
  employeePayRangeHints,
  payRangeHints,
} from '../../../src-shared/domain/pay-range-hints'

const bounds = { min: 8_000_000, max: 10_000_000 }

describe('pay range hints (spec §5)', () => {
  it('constant: "Near-max threshold 95%"', () => {
    expect(NEAR_MAX_THRESHOLD).toBe(0.95)
  })

  it("'Required to reach min' when current salary is below the minimum, with the amount", () => {
    expect(payRangeHints(7_500_000, bounds)).toEqual([
      { kind: 'belowMin', label: 'Required to reach min', amount: 500_000 },
    ])
    expect(payRangeHints(8_000_000, bounds)).toEqual([])
  })

  it("'Left to reach max' at exactly 95% of max", () => {
    expect(payRangeHints(9_500_000, bounds)).toEqual([
      { kind: 'nearMax', label: 'Left to reach max', amount: 500_000 },
    ])
    expect(payRangeHints(9_499_999, bounds)).toEqual([])
    // 95% of 100,001 cents is 95,000.95: 95,000 is below it, 95,001 reaches it
    expect(payRangeHints(95_000, { min: 0, max: 100_001 })).toEqual([])
    expect(payRangeHints(95_001, { min: 0, max: 100_001 })[0].label).toBe(LEFT_TO_REACH_MAX)
  })

  it("no 'Left to reach max' at or above max", () => {
    expect(payRangeHints(9_999_999, bounds)[0].amount).toBe(1)
    expect(payRangeHints(10_000_000, bounds)).toEqual([])
    expect(payRangeHints(11_000_000, bounds)).toEqual([])
  })

  it('a narrow range can show both hints', () => {
    const labels = payRangeHints(9_600_000, { min: 9_800_000, max: 10_000_000 }).map((h) => h.label)
    expect(labels).toEqual([REQUIRED_TO_REACH_MIN, LEFT_TO_REACH_MAX])
  })

  it("compares with the converted minimum ('Required to reach min' in the pay currency)", () => {
    const rates = withDefaultRate('USD', { EUR: 0.8 })
    const eurRange = { minPay: 6_400_000, midPay: 7_200_000, maxPay: 8_000_000, payCurrency: 'EUR' }
    const employee = { defaultPayCurrency: 'USD' }
    expect(employeePayRangeHints(7_900_000, eurRange, employee, rates)).toEqual([
      { kind: 'belowMin', label: REQUIRED_TO_REACH_MIN, amount: 100_000 },
    ])
    expect(employeePayRangeHints(9_500_000, eurRange, employee, rates)[0].label).toBe(LEFT_TO_REACH_MAX)
    expect(employeePayRangeHints(1, { ...eurRange, payCurrency: 'GBP' }, employee, rates)).toEqual([])
    expect(employeePayRangeHints(1, null, employee, rates)).toEqual([])
  })

  it('compares an hourly range on the annual basis', () => {
    const hourly = { minPay: 2_000, midPay: 2_500, maxPay: 3_000, payCurrency: 'USD', salaried: false }
    const hints = employeePayRangeHints(3_900_000, hourly, { defaultPayCurrency: 'USD' }, {})
    expect(hints).toEqual([{ kind: 'belowMin', label: REQUIRED_TO_REACH_MIN, amount: 260_000 }])
  })
})
