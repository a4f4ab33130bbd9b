import fc from 'fast-check'
import { DEFAULT_SETTINGS, type PayCycleSettings, type Severity } from '../../../src-shared/domain/settings'
import {
  aboveBudgetViolation,
  allocatedBudget,
  annualRangeFor,
  overallSeverity,
  plannedSpend,
  rowViolations,
  ruleSeverity,
  severityRank,
  subPlannerViolation,
  teamBudgetViolation,
  type BudgetEmployee,
  type BudgetReward,
  type CurrencyContext,
  type PlanPayRange,
  type RowViolationInput,
} from '../../../src-shared/domain/violations'

const usd: CurrencyContext = { defaultCurrency: 'USD', rates: { EUR: 0.5, CAD: 1.25 } }
const allRules: PayCycleSettings['plannerViolations'] = {
  newSalaryIsBelowMinimumOfPayRange: 'warning',
  newSalaryIsAboveMaximumOfPayRange: 'warning',
  aboveBudgetExceeded: 'error',
  subPlannerNotSubmitted: 'warning',
}
const settings = (over: Partial<PayCycleSettings> = {}): PayCycleSettings => ({
  ...DEFAULT_SETTINGS,
  plannerViolations: allRules,
  ...over,
})

const salaried = (salary: number, over: Partial<BudgetEmployee> = {}): BudgetEmployee => ({
  id: 1,
  currentSalary: salary,
  salaried: true,
  fte: 1,
  defaultPayCurrency: 'USD',
  ...over,
})
const range = (min: number, max: number, over: Partial<PlanPayRange> = {}): PlanPayRange => ({
  minPay: min,
  midPay: Math.round((min + max) / 2),
  maxPay: max,
  payCurrency: 'USD',
  salaried: true,
  ...over,
})
const reward = (over: Partial<BudgetReward> = {}): BudgetReward => ({
  newSalary: null,
  lumpSum: null,
  newDollarBonus: null,
  newPercentBonus: null,
  ...over,
})

function rules(input: Partial<RowViolationInput> & Pick<RowViolationInput, 'employee'>) {
  return rowViolations({ reward: null, payRange: null, settings: settings(), currency: usd, ...input })
}
const messages = (input: Parameters<typeof rules>[0]) => rules(input).map((v) => v.message)

describe('severity', () => {
  it('negativePayChange is always an error; the others come from settings.plannerViolations', () => {
    expect(ruleSeverity('negativePayChange', {})).toBe('error')
    expect(ruleSeverity('aboveBudgetExceeded', {})).toBeNull()
    expect(ruleSeverity('aboveBudgetExceeded', { aboveBudgetExceeded: 'warning' })).toBe('warning')
    expect(ruleSeverity('subPlannerNotSubmitted', { subPlannerNotSubmitted: 'error' })).toBe('error')
  })

  it('overall severity is error over warning over none', () => {
    expect(overallSeverity([])).toBe('none')
    expect(overallSeverity([{ severity: 'warning' }])).toBe('warning')
    expect(overallSeverity([{ severity: 'warning' }, { severity: 'error' }, { severity: 'warning' }])).toBe(
      'error',
    )
  })

  const severities = fc.array(fc.constantFrom<Severity>('warning', 'error').map((severity) => ({ severity })))

  it('property: the overall severity is the worst one', () => {
    fc.assert(
      fc.property(severities, (list) => {
        const worst = Math.max(0, ...list.map((v) => severityRank(v.severity)))
        expect(severityRank(overallSeverity(list))).toBe(worst)
      }),
    )
  })

  it('property: adding a violation never lowers the overall severity', () => {
    fc.assert(
      fc.property(severities, fc.constantFrom<Severity>('warning', 'error'), (list, extra) => {
        const before = severityRank(overallSeverity(list))
        expect(severityRank(overallSeverity([...list, { severity: extra }]))).toBeGreaterThanOrEqual(before)
      }),
    )
  })
})

describe('negativePayChange', () => {
  it("new pay below current pay: 'Pay increase is negative.' as an error, even with no rule set", () => {
    const found = rowViolations({
      employee: salaried(100_000_00),
      reward: reward({ newSalary: 99_999_99 }),
      payRange: null,
      settings: settings({ plannerViolations: {} }),
      currency: usd,
    })
    expect(found).toEqual([
      { rule: 'negativePayChange', severity: 'error', message: 'Pay increase is negative.' },
    ])
  })

  it('no planned salary or the same salary is not negative', () => {
    expect(rules({ employee: salaried(100_000_00) })).toEqual([])
    expect(rules({ employee: salaried(100_000_00), reward: reward({ newSalary: 100_000_00 }) })).toEqual([])
  })
})

describe('newSalaryIsBelowMinimumOfPayRange', () => {
  const employee = salaried(90_000_00)
  const payRange = range(100_000_00, 150_000_00)

  it("'New pay is below the minimum of the pay range.' when prioritizePayMin is on", () => {
    expect(messages({ employee, payRange, reward: reward({ newSalary: 95_000_00 }) })).toEqual([
      'New pay is below the minimum of the pay range.',
    ])
    // no new salary: the current pay is the new pay
    expect(messages({ employee, payRange })).toEqual(['New pay is below the minimum of the pay range.'])
  })

  it('prioritizePayMin off or the rule unset: no violation', () => {
    expect(rules({ employee, payRange, settings: settings({ prioritizePayMin: false }) })).toEqual([])
    expect(rules({ employee, payRange, settings: settings({ plannerViolations: {} }) })).toEqual([])
  })

  it('new pay exactly at the minimum is not below it', () => {
    expect(rules({ employee, payRange, reward: reward({ newSalary: 100_000_00 }) })).toEqual([])
  })

  it('the minimum is converted into the employee currency (EUR 50,000 = USD 100,000 at 0.5)', () => {
    const eurRange = range(50_000_00, 75_000_00, { payCurrency: 'EUR' })
    expect(messages({ employee, payRange: eurRange, reward: reward({ newSalary: 99_999_99 }) })).toEqual([
      'New pay is below the minimum of the pay range.',
    ])
    expect(rules({ employee, payRange: eurRange, reward: reward({ newSalary: 100_000_00 }) })).toEqual([])
  })

  it('a missing conversion rate means an unknown range: no range violation', () => {
    const gbpRange = range(500_000_00, 600_000_00, { payCurrency: 'GBP' })
    expect(rules({ employee, payRange: gbpRange })).toEqual([])
    expect(annualRangeFor(employee, gbpRange, usd)).toBeNull()
  })
})

describe('newSalaryIsAboveMaximumOfPayRange', () => {
  const payRange = range(50_000_00, 100_000_00)

  it("'New pay is above the maximum of the pay range.' when new pay exceeds the maximum and current pay", () => {
    const found = rules({
      employee: salaried(95_000_00),
      payRange,
      reward: reward({ newSalary: 100_000_01 }),
    })
    expect(found).toEqual([
      {
        rule: 'newSalaryIsAboveMaximumOfPayRange',
        severity: 'warning',
        message: 'New pay is above the maximum of the pay range.',
      },
    ])
  })

  it('exactly the maximum, or above the maximum without a raise, is not flagged', () => {
    expect(
      rules({ employee: salaried(95_000_00), payRange, reward: reward({ newSalary: 100_000_00 }) }),
    ).toEqual([])
    expect(rules({ employee: salaried(120_000_00), payRange })).toEqual([])
    expect(
      rules({ employee: salaried(120_000_00), payRange, reward: reward({ newSalary: 119_000_00 }) }),
    ).toEqual([expect.objectContaining({ message: 'Pay increase is negative.' })])
  })

  it('a range maximum of 0 is no maximum', () => {
    expect(
      rules({ employee: salaried(95_000_00), payRange: range(0, 0), reward: reward({ newSalary: 1e9 }) }),
    ).toEqual([])
  })

  it('hourly pay is compared as annual pay: rate × 2080 × fte', () => {
    const hourly = salaried(48_00, { salaried: false }) // $99,840 a year
    expect(rules({ employee: hourly, payRange, reward: reward({ newSalary: 48_07 }) })).toEqual([]) // $99,985.60
    expect(messages({ employee: hourly, payRange, reward: reward({ newSalary: 48_08 }) })).toEqual([
      'New pay is above the maximum of the pay range.', // $100,006.40
    ])
  })

  it('fte 0.5 scales the range: a half-time hourly employee meets half the salaried range', () => {
    const halfTime = salaried(48_00, { salaried: false, fte: 0.5 }) // $49,920 a year
    const bounds = annualRangeFor(halfTime, payRange, usd)
    expect(bounds).toEqual({ min: 25_000_00, mid: 37_500_00, max: 50_000_00 })
    expect(messages({ employee: halfTime, payRange, reward: reward({ newSalary: 48_10 }) })).toEqual([
      'New pay is above the maximum of the pay range.', // $50,024
    ])
  })

  it('an hourly range is annualised too (rate × 2080 × fte)', () => {
    const hourlyRange = range(20_00, 30_00, { salaried: false })
    const halfTime = salaried(19_00, { salaried: false, fte: 0.5 })
    expect(annualRangeFor(halfTime, hourlyRange, usd)).toEqual({
      min: 20_800_00,
      mid: 26_000_00,
      max: 31_200_00,
    })
    expect(messages({ employee: halfTime, payRange: hourlyRange })).toEqual([
      'New pay is below the minimum of the pay range.',
    ])
  })
})

describe('planned spend for aboveBudgetExceeded', () => {
  const base = { includeLumpSum: true, bonusOnTotalCashBasis: true }

  it('sums the increase, the lump sum when included, and the bonus change on a total cash basis', () => {
    const employee = salaried(100_000_00, { currentDollarBonus: 5_000_00 })
    const planned = reward({ newSalary: 104_000_00, lumpSum: 1_000_00, newDollarBonus: 6_000_00 })
    expect(plannedSpend(employee, planned, base, usd)).toBe(6_000_00)
    expect(plannedSpend(employee, planned, { ...base, includeLumpSum: false }, usd)).toBe(5_000_00)
    expect(
      plannedSpend(employee, planned, { includeLumpSum: false, bonusOnTotalCashBasis: false }, usd),
    ).toBe(4_000_00)
  })

  it('negative parts count as 0', () => {
    const employee = salaried(100_000_00, { currentDollarBonus: 5_000_00 })
    const cuts = reward({ newSalary: 90_000_00, lumpSum: -1_000_00, newDollarBonus: 0 })
    expect(plannedSpend(employee, cuts, base, usd)).toBe(0)
  })

  it('a percent bonus follows the new pay', () => {
    const employee = salaried(100_000_00, { currentPercentBonus: 10 })
    expect(plannedSpend(employee, reward({ newSalary: 110_000_00 }), base, usd)).toBe(11_000_00)
  })

  it('amounts are converted to the default currency; a missing rate converts to 0', () => {
    const eur = salaried(100_000_00, { defaultPayCurrency: 'EUR' })
    expect(plannedSpend(eur, reward({ newSalary: 101_000_00 }), base, usd)).toBe(2_000_00)
    const gbp = salaried(100_000_00, { defaultPayCurrency: 'GBP' })
    expect(plannedSpend(gbp, reward({ newSalary: 101_000_00 }), base, usd)).toBe(0)
  })

  const amount = fc.integer({ min: -20_000_000, max: 20_000_000 })
  const line = fc.record({
    salary: fc.integer({ min: 0, max: 50_000_000 }),
    hourly: fc.boolean(),
    fte: fc.constantFrom(0.5, 1),
    newSalary: fc.option(fc.integer({ min: 0, max: 60_000_000 })),
    lumpSum: fc.option(amount),
    dollar: fc.option(amount),
    percent: fc.option(fc.integer({ min: -50, max: 50 })),
    currency: fc.constantFrom('USD', 'EUR', 'CAD'),
  })
  const flags = fc.record({ includeLumpSum: fc.boolean(), bonusOnTotalCashBasis: fc.boolean() })
  type Line = typeof line extends fc.Arbitrary<infer T> ? T : never
  const build = (l: Line) =>
    [
      salaried(l.hourly ? Math.round(l.salary / 2080) : l.salary, {
        salaried: !l.hourly,
        fte: l.fte,
        defaultPayCurrency: l.currency,
        currentDollarBonus: 1_000_00,
      }),
      reward({
        newSalary: l.newSalary,
        lumpSum: l.lumpSum,
        newDollarBonus: l.dollar,
        newPercentBonus: l.percent,
      }),
    ] as const

  it('property: planned spend is never below 0', () => {
    fc.assert(
      fc.property(line, flags, (l, f) => {
        const [employee, planned] = build(l)
        expect(plannedSpend(employee, planned, f, usd)).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('property: the sum never decreases when an increase, lump sum or bonus grows', () => {
    fc.assert(
      fc.property(
        line,
        flags,
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom('newSalary' as const, 'lumpSum' as const, 'newDollarBonus' as const),
        (l, f, more, field) => {
          const [employee, planned] = build(l)
          // an empty new salary or bonus keeps the current one; an empty lump sum is none
          const unchanged = {
            newSalary: employee.currentSalary,
            lumpSum: 0,
            newDollarBonus: employee.currentDollarBonus ?? 0,
          }
          const grown = { ...planned, [field]: (planned[field] ?? unchanged[field]) + more }
          expect(plannedSpend(employee, grown, f, usd)).toBeGreaterThanOrEqual(
            plannedSpend(employee, planned, f, usd),
          )
        },
      ),
    )
  })
})

describe('aboveBudgetExceeded', () => {
  const team = { budget: 10_000_00, budgetCurrency: 'USD' }
  const lines = (raise: number) => [
    { employee: salaried(100_000_00), reward: reward({ newSalary: 100_000_00 + raise }) },
    { employee: salaried(50_000_00, { id: 2 }), reward: reward({ newSalary: 45_000_00 }) }, // a cut counts 0
  ]

  it("'Total pay exceeds your budget.' when the summed increases exceed the team budget", () => {
    expect(teamBudgetViolation(lines(10_000_01), team, settings(), usd)).toEqual({
      rule: 'aboveBudgetExceeded',
      severity: 'error',
      message: 'Total pay exceeds your budget.',
    })
  })

  it('spending exactly the budget is not exceeding it', () => {
    expect(teamBudgetViolation(lines(10_000_00), team, settings(), usd)).toBeNull()
  })

  it('the team budget is converted from its budget currency (EUR 5,000 = USD 10,000)', () => {
    const eurTeam = { budget: 5_000_00, budgetCurrency: 'EUR' }
    expect(teamBudgetViolation(lines(10_000_00), eurTeam, settings(), usd)).toBeNull()
    expect(teamBudgetViolation(lines(10_000_01), eurTeam, settings(), usd)?.message).toBe(
      'Total pay exceeds your budget.',
    )
  })

  it('with no team budget the sum of allocated budgets is the budget; with neither there is no check', () => {
    const noBudget = { budget: null, budgetCurrency: null }
    const allocated = [
      {
        employee: salaried(100_000_00),
        reward: reward({ newSalary: 106_000_00, hyperbalanceAnnualAllocatedBudget: 3_000_00 }),
      },
      {
        employee: salaried(100_000_00, { id: 2 }),
        reward: reward({ hyperbalanceAnnualAllocatedBudget: 3_000_00 }),
      },
    ]
    expect(allocatedBudget(allocated.map((l) => l.reward))).toBe(6_000_00)
    expect(teamBudgetViolation(allocated, noBudget, settings(), usd)).toBeNull()
    allocated[0].reward.newSalary = 106_000_01
    expect(teamBudgetViolation(allocated, noBudget, settings(), usd)?.message).toBe(
      'Total pay exceeds your budget.',
    )
    expect(teamBudgetViolation(lines(1e9), noBudget, settings(), usd)).toBeNull()
  })

  it('an unset rule is ignored', () => {
    expect(aboveBudgetViolation(2, 1, { plannerViolations: {} })).toBeNull()
    expect(
      aboveBudgetViolation(2, 1, { plannerViolations: { aboveBudgetExceeded: 'warning' } })?.severity,
    ).toBe('warning')
  })
})

describe('subPlannerNotSubmitted', () => {
  it("'Waiting for a submission from ' then the active planner's name", () => {
    expect(subPlannerViolation({ id: 7, name: 'Ada Lovelace' }, 3, settings())).toEqual({
      rule: 'subPlannerNotSubmitted',
      severity: 'warning',
      message: 'Waiting for a submission from Ada Lovelace',
    })
  })

  it("'a sub-planner' when the name is not known", () => {
    expect(subPlannerViolation({ id: 7, name: null }, 3, settings())?.message).toBe(
      'Waiting for a submission from a sub-planner',
    )
    expect(subPlannerViolation({ id: 7 }, 3, settings())?.message).toBe(
      'Waiting for a submission from a sub-planner',
    )
  })

  it('not when the active planner is the logged-in user, nobody is active, or the rule is unset', () => {
    expect(subPlannerViolation({ id: 3, name: 'Me' }, 3, settings())).toBeNull()
    expect(subPlannerViolation(null, 3, settings())).toBeNull()
    expect(subPlannerViolation({ id: 7, name: 'Ada' }, 3, settings({ plannerViolations: {} }))).toBeNull()
  })
})
