import fc from 'fast-check'
import {
  bonusInputs,
  formatLongDate,
  increaseInputState,
  isoDay,
  isPlanLocked,
  proration,
  prorationAmountMessage,
  prorationRuleReason,
  type ProrationInput,
} from '../../../src-shared/domain/proration'
import { DEFAULT_SETTINGS, type ProrationRule } from '../../../src-shared/domain/settings'
import type { CurrencyContext } from '../../../src-shared/domain/violations'
import { hiredFrom, prorationEmployee } from '../../support/proration'

const usd: CurrencyContext = { defaultCurrency: 'USD', rates: { EUR: 0.5 } }
const employee = prorationEmployee
const after = hiredFrom
const between = (a: string, b: string, amount = 100): ProrationRule => ({
  proration_value: 'previous_increase',
  comparison: 'between',
  date: [a, b],
  prorate_amount: amount,
})
const run = (over: Partial<ProrationInput> & { rules?: ProrationRule[]; prioritizePayMin?: boolean } = {}) =>
  proration({
    employee: employee(),
    reward: { performancePlan: false },
    payRange: {
      minPay: 50_000_00,
      midPay: 75_000_00,
      maxPay: 100_000_00,
      payCurrency: 'USD',
      salaried: true,
    },
    currency: usd,
    ...over,
    settings: {
      ...DEFAULT_SETTINGS,
      prorationRules: over.rules ?? [],
      prioritizePayMin: over.prioritizePayMin ?? true,
    },
  })

describe('proration', () => {
  it("a performance plan prorates fully: 'On a Performance Improvement Plan'", () => {
    expect(run({ reward: { performancePlan: true } })).toEqual({
      percent: 100,
      fullyProrated: true,
      reasons: ['On a Performance Improvement Plan'],
      skippedForPayMin: false,
    })
  })

  it("'>=' (After): a hire date on or after the rule's date matches, with a long-date reason", () => {
    const rules = [after('2024-01-01')]
    expect(run({ employee: employee({ hireDate: '2024-03-01' }), rules }).reasons).toEqual([
      'Hire date March 1, 2024 is after January 1, 2024',
    ])
    expect(run({ employee: employee({ hireDate: '2024-01-01' }), rules }).fullyProrated).toBe(true)
    expect(run({ employee: employee({ hireDate: '2023-12-31' }), rules })).toMatchObject({
      percent: 0,
      fullyProrated: false,
      reasons: [],
    })
  })

  it("'between': both ends inclusive, reason names the date of last increase", () => {
    const rules = [between('2024-01-01', '2024-06-30', 50)]
    const onEnd = run({ employee: employee({ previousIncreaseDate: '2024-06-30' }), rules })
    expect(onEnd).toMatchObject({
      percent: 50,
      fullyProrated: false,
      reasons: ['Date of last increase June 30, 2024 is between January 1, 2024 and June 30, 2024'],
    })
    expect(run({ employee: employee({ previousIncreaseDate: '2024-01-01' }), rules }).percent).toBe(50)
    expect(run({ employee: employee({ previousIncreaseDate: '2024-07-01' }), rules }).percent).toBe(0)
    expect(run({ employee: employee({ previousIncreaseDate: '2023-12-31' }), rules }).percent).toBe(0)
  })

  it('a reversed pair is read in order; a date-time counts by its day', () => {
    const rules = [between('2024-06-30', '2024-01-01')]
    expect(
      run({ employee: employee({ previousIncreaseDate: '2024-03-15T10:00:00Z' }), rules }).reasons,
    ).toEqual(['Date of last increase March 15, 2024 is between January 1, 2024 and June 30, 2024'])
  })

  it("the reward's previous increase stands before the employee's", () => {
    const rules = [between('2024-01-01', '2024-06-30')]
    const reward = { performancePlan: false, previousIncrease: '2024-02-01' }
    expect(
      run({ employee: employee({ previousIncreaseDate: '2020-01-01' }), reward, rules }).reasons,
    ).toEqual(['Date of last increase February 1, 2024 is between January 1, 2024 and June 30, 2024'])
    const noRewardDate = { performancePlan: false, previousIncrease: null }
    expect(
      run({ employee: employee({ previousIncreaseDate: '2024-03-01' }), reward: noRewardDate, rules })
        .percent,
    ).toBe(100)
  })

  it('no date on the employee matches no rule', () => {
    expect(run({ employee: employee({ hireDate: null }), rules: [after('2000-01-01')] }).percent).toBe(0)
  })

  it('several matching rules: the largest amount wins, every reason is listed', () => {
    const result = run({
      employee: employee({ hireDate: '2024-03-01', previousIncreaseDate: '2024-02-01' }),
      rules: [after('2024-01-01', 30), between('2024-01-01', '2024-12-31', 50)],
    })
    expect(result.percent).toBe(50)
    expect(result.reasons).toHaveLength(2)
  })

  it('amounts are capped to 0..100; a 0 amount gives no reason', () => {
    const hired = employee({ hireDate: '2024-03-01' })
    expect(run({ employee: hired, rules: [after('2024-01-01', 150)] }).percent).toBe(100)
    expect(run({ employee: hired, rules: [after('2024-01-01', -20)] })).toMatchObject({
      percent: 0,
      reasons: [],
    })
  })

  it('skipped when prioritizePayMin is on and current pay is below the converted minimum', () => {
    const low = employee({ currentSalary: 40_000_00 })
    expect(run({ employee: low, reward: { performancePlan: true } })).toEqual({
      percent: 0,
      fullyProrated: false,
      reasons: [],
      skippedForPayMin: true,
    })
    expect(run({ employee: low, reward: { performancePlan: true }, prioritizePayMin: false }).percent).toBe(
      100,
    )
    // exactly at the minimum is not below it
    expect(
      run({ employee: employee({ currentSalary: 50_000_00 }), reward: { performancePlan: true } }).percent,
    ).toBe(100)
  })

  it('the pay-min skip compares annual pay: hourly at fte 0.5 against the range scaled by fte', () => {
    // $24/h × 2080 × 0.5 = $24,960, below the half-time minimum of $25,000
    const hourly = employee({ currentSalary: 24_00, salaried: false, fte: 0.5 })
    expect(run({ employee: hourly, reward: { performancePlan: true } }).skippedForPayMin).toBe(true)
    const paid = employee({ currentSalary: 24_04, salaried: false, fte: 0.5 }) // $25,001.60
    expect(run({ employee: paid, reward: { performancePlan: true } }).fullyProrated).toBe(true)
  })

  it('a missing conversion rate leaves the minimum unknown, so proration applies', () => {
    const gbp = { minPay: 900_000_00, midPay: 950_000_00, maxPay: 990_000_00, payCurrency: 'GBP' }
    expect(run({ payRange: gbp, reward: { performancePlan: true } }).fullyProrated).toBe(true)
  })

  const day = fc
    .date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10))
  const rule = fc.oneof(
    fc.record({
      proration_value: fc.constantFrom('hire_date' as const, 'previous_increase' as const),
      comparison: fc.constant('>=' as const),
      date: day,
      prorate_amount: fc.double({ min: -1000, max: 1000 }),
    }),
    fc.record({
      proration_value: fc.constantFrom('hire_date' as const, 'previous_increase' as const),
      comparison: fc.constant('between' as const),
      date: fc.tuple(day, day),
      prorate_amount: fc.double({ min: -1000, max: 1000 }),
    }),
  )

  it('property: the prorated percent is never above 100 nor below 0', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        fc.option(day),
        fc.option(day),
        fc.boolean(),
        (rules, hire, last, pip) => {
          const result = run({
            employee: employee({ hireDate: hire, previousIncreaseDate: last }),
            reward: { performancePlan: pip },
            rules,
          })
          expect(result.percent).toBeGreaterThanOrEqual(0)
          expect(result.percent).toBeLessThanOrEqual(100)
          expect(result.fullyProrated).toBe(result.percent === 100)
        },
      ),
    )
  })
})

describe('proration helpers', () => {
  it('dates render as en-US long dates', () => {
    expect(formatLongDate('2024-03-01')).toBe('March 1, 2024')
    expect(formatLongDate('2024-12-31T23:59:59Z')).toBe('December 31, 2024')
    expect(isoDay('2024-02-30')).toBeNull()
    expect(isoDay('not a date')).toBeNull()
  })

  it('a rule with a malformed date matches nothing', () => {
    expect(
      prorationRuleReason(after('soon'), { hireDate: '2024-01-01', previousIncreaseDate: null }),
    ).toBeNull()
    const odd: ProrationRule = { ...between('2024-01-01', '2024-02-01'), date: '2024-01-01' }
    expect(prorationRuleReason(odd, { hireDate: null, previousIncreaseDate: '2024-01-01' })).toBeNull()
  })

  it("the pay cycle editor shows 'These employees are inelligible for increase' for exactly 100%", () => {
    expect(prorationAmountMessage(100)).toBe('These employees are inelligible for increase')
    expect(prorationAmountMessage(99.99)).toBeNull()
    expect(prorationAmountMessage(0)).toBeNull()
  })
})

describe('salary, bonus and lump-sum inputs', () => {
  const none = { fullyProrated: false, reasons: [] }

  it("fully prorated: disabled with 'Employee not eligible for an increase.' followed by the reasons", () => {
    const state = increaseInputState({
      editable: true,
      locked: false,
      proration: { fullyProrated: true, reasons: ['On a Performance Improvement Plan'] },
    })
    expect(state).toEqual({
      disabled: true,
      tooltip: 'Employee not eligible for an increase.\nOn a Performance Improvement Plan',
      tooltipLines: ['Employee not eligible for an increase.', 'On a Performance Improvement Plan'],
    })
  })

  it('disabled when not editable or locked, without the eligibility tooltip', () => {
    expect(increaseInputState({ editable: false, locked: false, proration: none })).toMatchObject({
      disabled: true,
      tooltip: null,
    })
    expect(increaseInputState({ editable: true, locked: true, proration: none })).toMatchObject({
      disabled: true,
      tooltip: null,
    })
    expect(increaseInputState({ editable: true, locked: false, proration: none }).disabled).toBe(false)
  })

  it('a closed pay cycle or a submitted planner locks the inputs', () => {
    expect(isPlanLocked(false)).toBe(true)
    expect(isPlanLocked(true)).toBe(false)
    expect(isPlanLocked(true, true)).toBe(true)
  })

  const bonusSettings = (
    bonusEditableDefault: 'PERCENT' | 'DOLLAR' | 'BOTH',
    bonusAmountEditable = true,
  ) => ({
    bonusEditableDefault,
    bonusAmountEditable,
  })
  const noPlan = { newDollarBonus: null, newPercentBonus: null }

  it('a dollar bonus shows the dollar input; a percent bonus the percent input', () => {
    expect(bonusInputs({ currentDollarBonus: 5_000_00 }, noPlan, bonusSettings('PERCENT'))).toMatchObject({
      showDollar: true,
      showPercent: false,
    })
    expect(bonusInputs({ currentPercentBonus: 10 }, noPlan, bonusSettings('DOLLAR'))).toMatchObject({
      showDollar: false,
      showPercent: true,
    })
    expect(
      bonusInputs({}, { newDollarBonus: 1_00, newPercentBonus: null }, bonusSettings('PERCENT')),
    ).toMatchObject({
      showDollar: true,
      showPercent: false,
    })
  })

  it('no bonus: the default decides (DOLLAR, PERCENT or BOTH)', () => {
    const nothing = { currentDollarBonus: 0, currentPercentBonus: 0 }
    expect(bonusInputs(nothing, null, bonusSettings('DOLLAR'))).toMatchObject({
      showDollar: true,
      showPercent: false,
    })
    expect(bonusInputs(nothing, null, bonusSettings('PERCENT'))).toMatchObject({
      showDollar: false,
      showPercent: true,
    })
    expect(bonusInputs(nothing, null, bonusSettings('BOTH'))).toMatchObject({
      showDollar: true,
      showPercent: true,
    })
  })

  it('bonus amounts are editable only when bonusAmountEditable is on', () => {
    expect(bonusInputs({}, null, bonusSettings('BOTH', false)).editable).toBe(false)
    expect(bonusInputs({}, null, bonusSettings('BOTH', true)).editable).toBe(true)
  })
})
