import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import {
  annualRangeFor,
  rowViolations,
  subPlannerViolation,
  type CurrencyContext,
  type PlanEmployee,
  type PlanPayRange,
} from '../../../src-shared/domain/violations'

// Edges that the main violation tests do not reach (found by mutation testing, docs/testing.md).
const usd: CurrencyContext = { defaultCurrency: 'USD', rates: {} }
const range: PlanPayRange = { minPay: 50_000_00, midPay: 75_000_00, maxPay: 100_000_00, payCurrency: 'USD' }
const settings = {
  ...DEFAULT_SETTINGS,
  plannerViolations: {
    newSalaryIsBelowMinimumOfPayRange: 'warning',
    newSalaryIsAboveMaximumOfPayRange: 'warning',
    aboveBudgetExceeded: 'error',
    subPlannerNotSubmitted: 'warning',
  },
} as const

describe('a range scaled to fte 0 is no range', () => {
  // A salaried employee at fte 0: the range on their pay basis is 0 … 0, which bounds nothing.
  const employee: PlanEmployee = {
    id: 1,
    currentSalary: 80_000_00,
    salaried: true,
    fte: 0,
    defaultPayCurrency: 'USD',
  }

  it('has no bounds', () => {
    expect(annualRangeFor(employee, range, usd)).toEqual({ min: null, mid: null, max: null })
  })

  it("a raise is not 'New pay is above the maximum of the pay range.'", () => {
    const found = rowViolations({
      employee,
      reward: { newSalary: 90_000_00 },
      payRange: range,
      settings,
      currency: usd,
    })
    expect(found.map((v) => v.message)).not.toContain('New pay is above the maximum of the pay range.')
    expect(found).toEqual([])
  })
})

describe("subPlannerNotSubmitted: 'Waiting for a submission from' the planner's name or 'a sub-planner'", () => {
  it('trims the name', () => {
    expect(subPlannerViolation({ id: 7, name: '  Ada Lovelace ' }, 3, settings)?.message).toBe(
      'Waiting for a submission from Ada Lovelace',
    )
  })

  it('a blank name is no name', () => {
    expect(subPlannerViolation({ id: 7, name: '   ' }, 3, settings)?.message).toBe(
      'Waiting for a submission from a sub-planner',
    )
  })
})
