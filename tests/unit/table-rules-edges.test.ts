import { proration } from '../../src-shared/domain/proration'
import { DEFAULT_SETTINGS, type ProrationRule } from '../../src-shared/domain/settings'
import { RowRules } from '../../src-main/services/table/rules'
import { payCycleDto } from '../support/pay-cycle'
import { tableEmployee } from '../support/table-employee'

/**
 * RowRules' memoised proration rules at a range's last day (mutation testing, issue 20): a date
 * written with a time of day on the last day of a 'between' rule still matches, as in the domain,
 * which compares days.
 */
const rule: ProrationRule = {
  proration_value: 'hire_date',
  comparison: 'between',
  date: ['2025-07-01', '2025-09-30'],
  prorate_amount: 50,
}
const settings = { ...DEFAULT_SETTINGS, prorationRules: [rule] }
const cycle = payCycleDto(settings)
const hiredOn = (hireDate: string) => tableEmployee(1, { hireDate })

describe('RowRules proration at the ends of a rule', () => {
  it("a hire date with a time of day on a 'between' rule's first or last day is prorated, as in the domain", () => {
    const rules = new RowRules(cycle, [], [])
    const currency = { defaultCurrency: 'USD', rates: { USD: 1 } }
    for (const hireDate of [
      '2025-09-30T23:59:59.000Z',
      '2025-07-01T00:00:00.000Z',
      '2025-10-01T00:00:00.000Z',
    ]) {
      const e = hiredOn(hireDate)
      const expected = proration({ employee: e, reward: e, payRange: null, settings, currency })
      expect(rules.proration(e, 50_000_00, null)).toEqual(expected)
    }
    expect(rules.proration(hiredOn('2025-09-30T23:59:59.000Z'), 50_000_00, null).percent).toBe(50)
    expect(rules.proration(hiredOn('2025-10-01T00:00:00.000Z'), 50_000_00, null).percent).toBe(0)
  })
})
