import {
  ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE,
  allowPIROverOneHidden,
  BETWEEN_ORDER,
  currentPayCycle,
  describeConfigErrors,
  editorActions,
  EFFECTIVE_DATE_BEFORE_TODAY,
  FIELD_REQUIRED,
  MIN_ABOVE_MAX,
  minPerformanceMaxPirValue,
  percentToggleValue,
  RATING_ORDER,
  ratingValue,
  rebaseRates,
  savedConfigurationMessage,
  severityDisabled,
  todayIso,
  validatePayCycleConfig,
  withSeverity,
} from '../../../src-shared/domain/pay-cycles'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import { payCycleConfig } from '../../support/pay-cycle'

const cycle = (id: number, active: boolean, closedAt: string | null) => ({ id, active, closedAt })

describe('which pay cycle is current', () => {
  it('the active one, whatever closed before', () => {
    expect(currentPayCycle([cycle(1, false, '2026-01-01T00:00:00Z'), cycle(2, true, null)])?.id).toBe(2)
  })
  it('with none active, the one closed last (not the newest id)', () => {
    const cycles = [cycle(1, false, '2026-03-01T00:00:00Z'), cycle(2, false, '2026-02-01T00:00:00Z')]
    expect(currentPayCycle(cycles)?.id).toBe(1)
  })
  it('with nothing closed, the newest; none for an empty list', () => {
    expect(currentPayCycle([cycle(1, false, null), cycle(3, false, null)])?.id).toBe(3)
    expect(currentPayCycle([])).toBeNull()
  })
})

describe('the editor actions (spec §4)', () => {
  it('Save for the active configuration; Save And Activate too for an inactive one; Create for a new one', () => {
    expect(editorActions(cycle(1, true, null))).toEqual(['Save'])
    expect(editorActions(cycle(1, false, '2026-01-01T00:00:00Z'))).toEqual(['Save', 'Save And Activate'])
    expect(editorActions(null)).toEqual(['Create'])
  })
  it("the save toast is 'Successfully saved ' followed by the name", () => {
    expect(savedConfigurationMessage('FY2027 Merit')).toBe('Successfully saved FY2027 Merit')
  })
})

describe('the minPerformanceMaxPIR slider (0 to 1, step 0.05)', () => {
  it('snaps to 50 % from 46 % to 54 %, both included', () => {
    expect(minPerformanceMaxPirValue(0.46)).toBe(0.5)
    expect(minPerformanceMaxPirValue(0.47)).toBe(0.5)
    expect(minPerformanceMaxPirValue(0.54)).toBe(0.5)
  })
  it('outside the band moves to the nearest 0.05 step, within 0..1', () => {
    expect(minPerformanceMaxPirValue(0.45)).toBe(0.45)
    expect(minPerformanceMaxPirValue(0.56)).toBe(0.55)
    expect(minPerformanceMaxPirValue(0.33)).toBe(0.35)
    expect(minPerformanceMaxPirValue(1.4)).toBe(1)
    expect(minPerformanceMaxPirValue(-0.2)).toBe(0)
    expect(minPerformanceMaxPirValue(Number.NaN)).toBe(0)
  })
})

describe('percent toggle and rating inputs', () => {
  it('percent toggle inputs: minimum 0, step 0.05; null for no number', () => {
    expect(percentToggleValue(2.53)).toBe(2.55)
    expect(percentToggleValue(-3)).toBe(0)
    expect(percentToggleValue(10)).toBe(10)
    expect(percentToggleValue(null)).toBeNull()
  })
  it('rating inputs: step 0.1, never below 0', () => {
    expect(ratingValue(3.46)).toBe(3.5)
    expect(ratingValue(-1)).toBe(0)
  })
})

describe('planner-violation severities and allowPIROverOne (spec §5)', () => {
  const settings = { ...DEFAULT_SETTINGS, plannerViolations: {} }
  it('the error severity for above-max is disabled when allowPIROverOne is on', () => {
    expect(severityDisabled('newSalaryIsAboveMaximumOfPayRange', 'error', { allowPIROverOne: true })).toBe(
      true,
    )
    expect(severityDisabled('newSalaryIsAboveMaximumOfPayRange', 'warning', { allowPIROverOne: true })).toBe(
      false,
    )
    expect(severityDisabled('newSalaryIsAboveMaximumOfPayRange', 'error', { allowPIROverOne: false })).toBe(
      false,
    )
    expect(severityDisabled('aboveBudgetExceeded', 'error', { allowPIROverOne: true })).toBe(false)
  })
  it('the allowPIROverOne option is hidden if above-max severity is error', () => {
    const error = withSeverity(settings, 'newSalaryIsAboveMaximumOfPayRange', 'error')
    expect(allowPIROverOneHidden(error)).toBe(true)
    expect(allowPIROverOneHidden(withSeverity(error, 'newSalaryIsAboveMaximumOfPayRange', 'warning'))).toBe(
      false,
    )
    expect(withSeverity(error, 'newSalaryIsAboveMaximumOfPayRange', 'unset').plannerViolations).toEqual({})
  })
})

describe('rates on a new default currency', () => {
  it('rebases every rate on it; its own rate becomes 1', () => {
    expect(rebaseRates({ USD: 1, EUR: 0.8, JPY: 160 }, 'USD', 'EUR')).toEqual({ USD: 1.25, EUR: 1, JPY: 200 })
  })
  it('needs a rate for the new default currency', () => {
    expect(rebaseRates({ USD: 1 }, 'USD', 'EUR')).toBeNull()
  })
})

describe('validating a configuration', () => {
  const today = '2026-11-25'
  const valid = payCycleConfig({
    performanceRatings: [
      { label: 'Low', max_rating: 2 },
      { label: 'Mid', max_rating: 4 },
      { label: 'High', max_rating: 4 },
    ],
    minimumPerformance: 'Mid',
    prorationRules: [
      {
        proration_value: 'hire_date',
        comparison: 'between',
        date: ['2026-07-01', '2026-09-30'],
        prorate_amount: 50,
      },
    ],
  })

  it('a valid configuration has no errors', () => {
    expect(validatePayCycleConfig(valid, { today })).toEqual({})
  })
  it("required fields say 'This field is required.'", () => {
    const errors = validatePayCycleConfig(
      {
        ...valid,
        name: ' ',
        effectiveDate: null,
        settings: {
          ...valid.settings,
          performanceRatings: [{ label: '', max_rating: 1 }, ...valid.settings.performanceRatings],
        },
      },
      { today },
    )
    expect(errors).toMatchObject({
      name: FIELD_REQUIRED,
      effectiveDate: FIELD_REQUIRED,
      'ratings.0.label': FIELD_REQUIRED,
    })
  })
  it('the effective date cannot be before today, unless it is the saved one', () => {
    const past = { ...valid, effectiveDate: '2026-11-24' }
    expect(validatePayCycleConfig(past, { today }).effectiveDate).toBe(EFFECTIVE_DATE_BEFORE_TODAY)
    expect(validatePayCycleConfig(past, { today, savedEffectiveDate: '2026-11-24' })).toEqual({})
    expect(validatePayCycleConfig({ ...valid, effectiveDate: today }, { today })).toEqual({})
  })
  it('rates above 0, the default at 1; min increase not above max; ratings rising; between in order', () => {
    const errors = validatePayCycleConfig(
      {
        ...valid,
        currencyConversions: { USD: 2, EUR: 0 },
        settings: {
          ...valid.settings,
          minPercentIncrease: 5,
          maxPercentIncrease: 3,
          performanceRatings: [
            { label: 'Low', max_rating: 3 },
            { label: 'Mid', max_rating: 2 },
            { label: 'High', max_rating: 2 },
          ],
          prorationRules: [
            {
              proration_value: 'hire_date',
              comparison: 'between',
              date: ['2026-09-30', '2026-07-01'],
              prorate_amount: 50,
            },
          ],
        },
      },
      { today },
    )
    expect(errors).toEqual({
      'rates.USD': 'The default currency (USD) always maps to 1.',
      'rates.EUR': 'A conversion rate must be above 0.',
      minPercentIncrease: MIN_ABOVE_MAX,
      'ratings.1.max_rating': RATING_ORDER,
      'proration.0.date.1': BETWEEN_ORDER,
    })
  })
  it('above-max cannot be an error while allowPIROverOne is on', () => {
    const settings = withSeverity(
      { ...valid.settings, allowPIROverOne: true },
      'newSalaryIsAboveMaximumOfPayRange',
      'error',
    )
    const errors = validatePayCycleConfig({ ...valid, settings }, { today })
    expect(errors).toEqual({
      'violations.newSalaryIsAboveMaximumOfPayRange': ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE,
    })
    expect(describeConfigErrors(errors)).toBe(`Planner violations: ${ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE}`)
  })
  it("today is this machine's calendar day", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })
})
