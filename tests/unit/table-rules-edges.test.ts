import type { PayCycleDto } from '../../src-shared/contract'
import { proration } from '../../src-shared/domain/proration'
import { DEFAULT_SETTINGS, type ProrationRule } from '../../src-shared/domain/settings'
import { RowRules } from '../../src-main/services/table/rules'
import type { TableEmployee } from '../../src-main/workbook/queries/table'

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
const cycle: PayCycleDto = {
  id: 1,
  name: 'Test',
  active: true,
  effectiveDate: null,
  companyMeritBudget: null,
  defaultCurrency: 'USD',
  currencyConversions: { USD: 1 },
  settings,
  updatedAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  ratesAsOf: null,
}

function hiredOn(hireDate: string): TableEmployee {
  return {
    id: 1,
    companyEmployeeId: 'E1',
    name: 'Person 1',
    jobTitle: null,
    jobProfileId: null,
    fte: 1,
    salaried: true,
    hireDate,
    currentSalary: 50_000_00,
    defaultPayCurrency: 'USD',
    currentDollarBonus: 0,
    currentPercentBonus: 0,
    previousIncreaseDate: null,
    teamId: null,
    managerId: null,
    plannerId: null,
    newSalary: null,
    newDollarBonus: null,
    newPercentBonus: null,
    newJobProfileId: null,
    lumpSum: null,
    comments: null,
    performanceRating: null,
    performancePlan: false,
    promotion: false,
    previousIncrease: null,
    hyperbalanceAnnualAllocatedBudget: null,
    payCycleId: null,
    gender: null,
    race: null,
    age: null,
    recommendedIncreasePer: null,
  }
}

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
