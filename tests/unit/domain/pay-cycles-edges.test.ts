import {
  BETWEEN_ORDER,
  currentPayCycle,
  describeConfigErrors,
  EFFECTIVE_DATE_BEFORE_TODAY,
  errorFieldLabel,
  FIELD_REQUIRED,
  lifecycleStatus,
  noRateForDefault,
  percentToggleValue,
  PRORATION_RANGE,
  RATE_ABOVE_ZERO,
  RATING_ORDER,
  ratingValue,
  rebaseRates,
  severityChoice,
  UNKNOWN_MINIMUM_PERFORMANCE,
  validatePayCycleConfig,
  withSeverity,
  type PayCycleConfig,
} from '../../../src-shared/domain/pay-cycles'
import { DEFAULT_SETTINGS, type PayCycleSettings } from '../../../src-shared/domain/settings'
import { payCycleConfig } from '../../support/pay-cycle'

const today = '2026-11-25'

const config = payCycleConfig

describe('which pay cycle is current: ties and the lifecycle', () => {
  it('among cycles closed at the same moment, the highest id; a later close beats a higher id', () => {
    const at = '2026-03-01T00:00:00Z'
    const cycle = (id: number, closedAt: string | null) => ({ id, active: false, closedAt })
    expect(currentPayCycle([cycle(4, at), cycle(7, at), cycle(5, at)])?.id).toBe(7)
    expect(currentPayCycle([cycle(9, '2026-01-01T00:00:00Z'), cycle(2, at)])?.id).toBe(2)
    expect(currentPayCycle([cycle(2, at), cycle(9, '2026-01-01T00:00:00Z')])?.id).toBe(2)
    expect(currentPayCycle([cycle(3, null)])?.id).toBe(3)
    // A closed cycle comes before one never closed, whatever their order and ids.
    expect(currentPayCycle([cycle(1, at), cycle(5, null)])?.id).toBe(1)
    expect(currentPayCycle([cycle(5, null), cycle(1, at)])?.id).toBe(1)
  })

  it('spec §4: a pay cycle is active or closed', () => {
    expect(lifecycleStatus({ id: 1, active: true, closedAt: null })).toBe('active')
    expect(lifecycleStatus({ id: 1, active: false, closedAt: '2026-01-01T00:00:00Z' })).toBe('closed')
  })
})

describe('"The percent toggle input has a minimum of 0 and step 0.05. Performance rating inputs have step 0.1."', () => {
  it('no number is null for a percent and 0 for a rating', () => {
    expect(percentToggleValue(Number.NaN)).toBeNull()
    expect(percentToggleValue(Number.POSITIVE_INFINITY)).toBeNull()
    expect(percentToggleValue(0.024)).toBe(0)
    expect(percentToggleValue(0.026)).toBe(0.05)
    expect(ratingValue(Number.NaN)).toBe(0)
    expect(ratingValue(2.04)).toBe(2)
    expect(ratingValue(2.06)).toBe(2.1)
  })
})

describe('severities and rates', () => {
  it("an unset violation is 'unset'; a chosen one its severity", () => {
    const settings = withSeverity(DEFAULT_SETTINGS, 'aboveBudgetExceeded', 'warning')
    expect(severityChoice(settings, 'aboveBudgetExceeded')).toBe('warning')
    expect(severityChoice(settings, 'subPlannerNotSubmitted')).toBe('unset')
    expect(DEFAULT_SETTINGS.plannerViolations).toEqual({})
  })

  it('the same default currency keeps the rates (a copy); rates keep 8 significant digits', () => {
    const rates = { USD: 1, EUR: 0.9 }
    const same = rebaseRates(rates, 'USD', 'USD')
    expect(same).toEqual(rates)
    expect(same).not.toBe(rates)
    // Kept as they are, not re-rounded, even for a default currency without a rate of its own.
    expect(rebaseRates({ USD: 1, EUR: 0.123456789 }, 'USD', 'USD')).toEqual({ USD: 1, EUR: 0.123456789 })
    expect(rebaseRates({ USD: 1 }, 'EUR', 'EUR')).toEqual({ USD: 1 })
    expect(rebaseRates({ USD: 1, EUR: 3 }, 'USD', 'EUR')).toEqual({ USD: 0.33333333, EUR: 1 })
    expect(noRateForDefault('EUR')).toBe(
      'Set a conversion rate for EUR before making it the default currency.',
    )
  })
})

describe('validating a configuration: each rule', () => {
  it('"The effective date cannot be before today.": an effective date that is no ISO day is refused', () => {
    expect(validatePayCycleConfig(config({}, { effectiveDate: '2027-02-30' }), { today }).effectiveDate).toBe(
      'Dates are ISO yyyy-mm-dd.',
    )
    expect(validatePayCycleConfig(config({}, { effectiveDate: '2026-11-24' }), { today }).effectiveDate).toBe(
      EFFECTIVE_DATE_BEFORE_TODAY,
    )
    expect(
      validatePayCycleConfig(config({}, { effectiveDate: '2026-11-24' }), {
        today,
        savedEffectiveDate: '2026-11-23',
      }).effectiveDate,
    ).toBe(EFFECTIVE_DATE_BEFORE_TODAY)
  })

  it('a budget cannot be negative; none or 0 is fine', () => {
    expect(validatePayCycleConfig(config({}, { companyMeritBudget: -1 }), { today })).toEqual({
      companyMeritBudget: 'A budget cannot be negative.',
    })
    expect(validatePayCycleConfig(config({}, { companyMeritBudget: Number.NaN }), { today })).toEqual({
      companyMeritBudget: 'A budget cannot be negative.',
    })
    expect(validatePayCycleConfig(config({}, { companyMeritBudget: 0 }), { today })).toEqual({})
    expect(validatePayCycleConfig(config({}, { companyMeritBudget: null }), { today })).toEqual({})
  })

  it("the default currency and each rate are required: 'This field is required.'; a rate is above 0 and finite", () => {
    const errors = validatePayCycleConfig(
      config(
        {},
        {
          defaultCurrency: 'XYZ',
          currencyConversions: {
            USD: 1,
            EUR: null,
            SEK: undefined,
            GBP: Number.NaN,
            JPY: Number.POSITIVE_INFINITY,
            CHF: -2,
          } as unknown as PayCycleConfig['currencyConversions'],
        },
      ),
      { today },
    )
    expect(errors).toEqual({
      defaultCurrency: FIELD_REQUIRED,
      'rates.EUR': FIELD_REQUIRED,
      'rates.SEK': FIELD_REQUIRED,
      'rates.GBP': FIELD_REQUIRED,
      'rates.JPY': RATE_ABOVE_ZERO,
      'rates.CHF': RATE_ABOVE_ZERO,
    })
  })

  it('percents cannot be negative; equal minimum and maximum increases are fine', () => {
    expect(
      validatePayCycleConfig(config({ minPercentIncrease: -1, maxPercentIncrease: -2 }), { today }),
    ).toEqual({
      minPercentIncrease: 'The minimum increase cannot be above the maximum increase.',
      maxPercentIncrease: 'A percent cannot be negative.',
    })
    expect(validatePayCycleConfig(config({ minPercentIncrease: -1 }), { today })).toEqual({
      minPercentIncrease: 'A percent cannot be negative.',
    })
    expect(
      validatePayCycleConfig(config({ minPercentIncrease: 3, maxPercentIncrease: 3 }), { today }),
    ).toEqual({})
    expect(validatePayCycleConfig(config({ maxPercentIncrease: 0 }), { today })).toEqual({})
  })

  it('minPerformanceMaxPIR is from 0 % to 100 %, both included', () => {
    const message = { minPerformanceMaxPIR: 'Choose a value from 0 % to 100 %.' }
    expect(validatePayCycleConfig(config({ minPerformanceMaxPIR: 1.01 }), { today })).toEqual(message)
    expect(validatePayCycleConfig(config({ minPerformanceMaxPIR: -0.01 }), { today })).toEqual(message)
    expect(validatePayCycleConfig(config({ minPerformanceMaxPIR: Number.NaN }), { today })).toEqual(message)
    expect(validatePayCycleConfig(config({ minPerformanceMaxPIR: 0 }), { today })).toEqual({})
    expect(validatePayCycleConfig(config({ minPerformanceMaxPIR: 1 }), { today })).toEqual({})
  })

  it('ratings: a maximum is required and not negative, each above the row before it (the last row may equal it)', () => {
    const ratings = (...max: number[]) => max.map((m, i) => ({ label: `R${i}`, max_rating: m }))
    expect(
      validatePayCycleConfig(config({ performanceRatings: ratings(1, 2, Number.NaN) }), { today }),
    ).toEqual({
      'ratings.2.max_rating': FIELD_REQUIRED,
    })
    expect(validatePayCycleConfig(config({ performanceRatings: ratings(-1, 2, 3) }), { today })).toEqual({
      'ratings.0.max_rating': 'A rating cannot be negative.',
    })
    expect(validatePayCycleConfig(config({ performanceRatings: ratings(1, 2, 2, 3) }), { today })).toEqual({
      'ratings.2.max_rating': RATING_ORDER,
    })
    expect(validatePayCycleConfig(config({ performanceRatings: ratings(1, 2, 2) }), { today })).toEqual({})
    expect(validatePayCycleConfig(config({ performanceRatings: ratings(0, 2, 3) }), { today })).toEqual({})
    expect(validatePayCycleConfig(config({ performanceRatings: ratings(3, 2) }), { today })).toEqual({})
  })

  it("a rating's label of spaces only: 'This field is required.'", () => {
    const performanceRatings = [
      { label: '   ', max_rating: 2 },
      { label: 'High', max_rating: 5 },
    ]
    expect(validatePayCycleConfig(config({ performanceRatings }), { today })).toEqual({
      'ratings.0.label': FIELD_REQUIRED,
    })
  })

  it("minimumPerformance must be one of the ratings' labels", () => {
    expect(validatePayCycleConfig(config({ minimumPerformance: 'Great' }), { today })).toEqual({
      minimumPerformance: UNKNOWN_MINIMUM_PERFORMANCE,
    })
    expect(validatePayCycleConfig(config({ minimumPerformance: 'Mid' }), { today })).toEqual({})
  })

  it('proration rules: dates required and ISO, the pair in order, the amount a percent from 0 to 100', () => {
    const rule = (date: string | [string, string], prorate_amount = 50) => ({
      proration_value: 'hire_date' as const,
      comparison: Array.isArray(date) ? ('between' as const) : ('>=' as const),
      date,
      prorate_amount,
    })
    const errors = validatePayCycleConfig(
      config({
        prorationRules: [
          rule(''),
          rule('2026-13-01', Number.NaN),
          rule(['', '2026-02-30'], 101),
          rule(['2026-05-01', '2026-05-01'], -1),
          rule('2026-05-01', 0),
          rule(['2026-05-01', '2026-06-01'], 100),
        ],
      }),
      { today },
    )
    expect(errors).toEqual({
      'proration.0.date': FIELD_REQUIRED,
      'proration.1.date': 'Dates are ISO yyyy-mm-dd.',
      'proration.1.prorate_amount': FIELD_REQUIRED,
      'proration.2.date.0': FIELD_REQUIRED,
      'proration.2.date.1': 'Dates are ISO yyyy-mm-dd.',
      'proration.2.prorate_amount': PRORATION_RANGE,
      'proration.3.prorate_amount': PRORATION_RANGE,
    })
    expect(
      validatePayCycleConfig(config({ prorationRules: [rule(['2026-06-01', '2026-05-31'])] }), { today }),
    ).toEqual({ 'proration.0.date.1': BETWEEN_ORDER })
  })

  it('an unknown planner violation is refused; above-max as a warning is fine with allowPIROverOne', () => {
    const unknown = {
      ...DEFAULT_SETTINGS.plannerViolations,
      tooMuchFun: 'error',
    } as unknown as PayCycleSettings['plannerViolations']
    expect(validatePayCycleConfig(config({ plannerViolations: unknown }), { today })).toEqual({
      'violations.tooMuchFun': 'Unknown planner violation "tooMuchFun".',
    })
    const warning = withSeverity(
      { ...config().settings, allowPIROverOne: true },
      'newSalaryIsAboveMaximumOfPayRange',
      'warning',
    )
    expect(validatePayCycleConfig(config(warning), { today })).toEqual({})
    const error = withSeverity(config().settings, 'newSalaryIsAboveMaximumOfPayRange', 'error')
    expect(validatePayCycleConfig(config(error), { today })).toEqual({})
  })
})

describe('where an error is on the editor', () => {
  it('names each field', () => {
    expect(
      [
        'name',
        'effectiveDate',
        'companyMeritBudget',
        'defaultCurrency',
        'rates.EUR',
        'ratings.0.label',
        'ratings.2.max_rating',
        'proration.0.date',
        'proration.1.date.0',
        'proration.1.date.1',
        'proration.2.prorate_amount',
        'violations.aboveBudgetExceeded',
        'minPercentIncrease',
      ].map(errorFieldLabel),
    ).toEqual([
      'Name',
      'Effective date',
      'Company merit budget',
      'Default currency',
      'Rate of EUR',
      'Rating 1 label',
      'Rating 3 maximum',
      'Proration rule 1 date',
      'Proration rule 2 date',
      'Proration rule 2 end date',
      'Proration rule 3 amount',
      'Planner violations',
      'minPercentIncrease',
    ])
  })

  it("lists the errors as one text, 'Field: message' separated by a space", () => {
    expect(describeConfigErrors({ name: FIELD_REQUIRED, effectiveDate: EFFECTIVE_DATE_BEFORE_TODAY })).toBe(
      'Name: This field is required. Effective date: The effective date cannot be before today.',
    )
    expect(describeConfigErrors({})).toBe('')
  })
})
