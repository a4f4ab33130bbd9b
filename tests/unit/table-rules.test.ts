import {
  annualPay,
  compaRatio,
  positionBetween,
  positionInRange,
  type PayRangeBounds,
} from '../../src-shared/domain/pay'
import { proration } from '../../src-shared/domain/proration'
import type { PayCycleSettings, ProrationRule } from '../../src-shared/domain/settings'
import { rowViolations } from '../../src-shared/domain/violations'
import { RowRules } from '../../src-main/services/table/rules'
import type { TableEmployee } from '../../src-main/workbook/queries/table'
import { payCycleDto } from '../support/pay-cycle'
import { tableEmployee } from '../support/table-employee'
import { seededRandom } from '../support/seeded'

/** The memoised row rules give exactly what the domain functions give, over random employees. */

const RULES: ProrationRule[] = [
  { proration_value: 'hire_date', comparison: '>=', date: '2025-10-01', prorate_amount: 100 },
  {
    proration_value: 'hire_date',
    comparison: 'between',
    date: ['2025-09-30', '2025-07-01'],
    prorate_amount: 50,
  },
  { proration_value: 'previous_increase', comparison: '>=', date: '2025-11-01', prorate_amount: 100 },
  {
    proration_value: 'previous_increase',
    comparison: 'between',
    date: ['2024-01-01', '2024-06-30'],
    prorate_amount: 0,
  },
  // Malformed rules as a stored file might hold them: the domain decides.
  { proration_value: 'hire_date', comparison: 'between', date: '2025-01-01', prorate_amount: 30 },
  { proration_value: 'hire_date', comparison: '>=', date: ['2025-12-01', '2020-01-01'], prorate_amount: 20 },
  { proration_value: 'hire_date', comparison: '>=', date: 'not a date', prorate_amount: 40 },
]

const RATES = { USD: 1, EUR: 0.92, JPY: 151.2, CAD: 1.37 }

const payCycle = (settings: Partial<PayCycleSettings>) =>
  payCycleDto(settings, { currencyConversions: RATES })

const ranges: (PayRangeBounds & { id: number })[] = [
  { id: 1, minPay: 50_000_00, midPay: 70_000_00, maxPay: 90_000_00, payCurrency: 'USD', salaried: true },
  { id: 2, minPay: 20_00, midPay: 30_00, maxPay: 40_00, payCurrency: 'EUR', salaried: false },
  { id: 3, minPay: 8_000_000_00, midPay: 0, maxPay: 12_000_000_00, payCurrency: 'JPY', salaried: true },
  { id: 4, minPay: 60_000_00, midPay: 60_000_00, maxPay: 60_000_00, payCurrency: 'GBP', salaried: true },
]
const profiles = [
  { id: 10, payRangeId: 1 },
  { id: 11, payRangeId: 2 },
  { id: 12, payRangeId: 3 },
  { id: 13, payRangeId: 4 },
  { id: 14, payRangeId: null },
]

function date(next: () => number): string | null {
  const pick = next()
  if (pick < 0.1) return null
  if (pick < 0.13) return '2025-02-30'
  if (pick < 0.16) return 'soon'
  const day = new Date(Date.UTC(2023, 0, 1) + Math.floor(next() * 1100) * 86_400_000).toISOString()
  return pick < 0.3 ? day : day.slice(0, 10)
}

function employee(next: () => number, id: number): TableEmployee {
  const salaried = next() < 0.7
  const currency = ['USD', 'EUR', 'JPY', 'CAD'][Math.floor(next() * 4)]
  const current = salaried ? 30_000_00 + Math.floor(next() * 100_000_00) : 15_00 + Math.floor(next() * 60_00)
  return tableEmployee(id, {
    jobProfileId: profiles[Math.floor(next() * profiles.length)].id,
    fte: [1, 0.5, 0.8][Math.floor(next() * 3)],
    salaried,
    hireDate: date(next),
    currentSalary: current,
    defaultPayCurrency: currency,
    previousIncreaseDate: date(next),
    newSalary: next() < 0.5 ? Math.round(current * (0.9 + next() * 0.4)) : null,
    performancePlan: next() < 0.1,
    previousIncrease: next() < 0.2 ? date(next) : null,
  })
}

describe('RowRules against the domain', () => {
  for (const prioritizePayMin of [true, false]) {
    it(`proration, violations, compa ratio and position in range (prioritizePayMin ${prioritizePayMin})`, () => {
      const cycle = payCycle({
        prioritizePayMin,
        prorationRules: RULES,
        plannerViolations: {
          newSalaryIsBelowMinimumOfPayRange: 'warning',
          newSalaryIsAboveMaximumOfPayRange: 'error',
        },
      })
      const rules = new RowRules(cycle, ranges, profiles)
      const currency = { defaultCurrency: 'USD', rates: RATES }
      const next = seededRandom(prioritizePayMin ? 1 : 2)
      for (let i = 0; i < 3000; i++) {
        const e = employee(next, i)
        const range =
          ranges.find((r) => r.id === profiles.find((p) => p.id === e.jobProfileId)?.payRangeId) ?? null
        const entry = rules.rangeFor(e.jobProfileId, e)
        const pay = annualPay(e.currentSalary, e.salaried, e.fte)
        const planned = annualPay(e.newSalary ?? e.currentSalary, e.salaried, e.fte)
        expect(rules.proration(e, pay, entry)).toEqual(
          proration({ employee: e, reward: e, payRange: range, settings: cycle.settings, currency }),
        )
        expect(rules.violations(pay, planned, entry)).toEqual(
          rowViolations({ employee: e, reward: e, payRange: range, settings: cycle.settings, currency }),
        )
        const bounds = entry?.bounds ?? null
        expect(bounds && entry && entry.range.midPay > 0 && bounds.mid > 0 ? pay / bounds.mid : null).toBe(
          compaRatio(pay, range, e, RATES),
        )
        expect(bounds ? positionBetween(pay, bounds.min, bounds.max) : null).toBe(
          positionInRange(pay, range, e, RATES),
        )
      }
    })
  }
})
