import type { PayCycleDto } from '../../../src-shared/contract'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import {
  chooseMonth,
  chooseYear,
  monthCells,
  monthGrid,
  pageTitle,
  parseTypedDate,
  step,
  yearCells,
  zoomOut,
} from '../../../src-renderer/components/date-picker/date-picker-model'
import {
  addCurrency,
  applyLiveRates,
  changeDefaultCurrency,
  configInput,
  currenciesWithoutRate,
  formErrors,
  formFromCycle,
  isDirty,
  missingRatesNotice,
  newForm,
  removeCurrency,
  setRate,
  withComparison,
  withRuleDate,
} from '../../../src-renderer/features/pay-cycle-config/editor-state'

const cycle: PayCycleDto = {
  id: 7,
  name: 'FY2026',
  active: true,
  effectiveDate: '2026-04-01',
  companyMeritBudget: 1_000_00,
  defaultCurrency: 'USD',
  currencyConversions: { EUR: 0.8, USD: 1, JPY: 160 },
  settings: DEFAULT_SETTINGS,
  updatedAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  ratesAsOf: '2026-03-31',
}

describe('the editor form', () => {
  it('lists the default currency first at 1, then the catalogue order', () => {
    expect(formFromCycle(cycle).rates).toEqual([
      { code: 'USD', rate: 1 },
      { code: 'EUR', rate: 0.8 },
      { code: 'JPY', rate: 160 },
    ])
  })

  it("a new configuration is named 'Default Configuration', effective today, with the current rates and settings", () => {
    const form = newForm(cycle, '2026-11-25')
    expect(form).toMatchObject({
      name: 'Default Configuration',
      effectiveDate: '2026-11-25',
      companyMeritBudget: null,
    })
    expect(form.rates).toEqual(formFromCycle(cycle).rates)
    expect(newForm(null, '2026-11-25').rates).toEqual([{ code: 'USD', rate: 1 }])
  })

  it('a rate typed by hand clears the live date; an empty rate is required', () => {
    const form = setRate(formFromCycle(cycle), 'EUR', null)
    expect(form.ratesAsOf).toBeNull()
    expect(formErrors(form, '2026-01-01', cycle.effectiveDate)['rates.EUR']).toBe('This field is required.')
    expect(isDirty(form, formFromCycle(cycle))).toBe(true)
  })

  it('a new default currency rebases the rates and goes first; without its rate it is refused', () => {
    const { form, error } = changeDefaultCurrency(formFromCycle(cycle), 'EUR')
    expect(error).toBeNull()
    expect(form.rates).toEqual([
      { code: 'EUR', rate: 1 },
      { code: 'USD', rate: 1.25 },
      { code: 'JPY', rate: 200 },
    ])
    const refused = changeDefaultCurrency(formFromCycle(cycle), 'GBP')
    expect(refused.error).toBe('Set a conversion rate for GBP before making it the default currency.')
  })

  it('adds and removes currencies, never the default', () => {
    const added = addCurrency(formFromCycle(cycle), 'GBP')
    expect(added.rates.at(-1)).toEqual({ code: 'GBP', rate: null })
    expect(removeCurrency(added, 'USD').rates).toHaveLength(4)
    expect(removeCurrency(added, 'GBP').rates).toHaveLength(3)
  })

  it('live rates fill the currencies they have and record the day; offline changes nothing', () => {
    const form = addCurrency(formFromCycle(cycle), 'CRC')
    const live = applyLiveRates(form, {
      base: 'USD',
      rates: { USD: 1, EUR: 0.921 },
      date: '2026-11-24',
      missing: ['JPY', 'CRC'],
      offline: null,
    })
    expect(live.rates).toEqual([
      { code: 'USD', rate: 1 },
      { code: 'EUR', rate: 0.921 },
      { code: 'JPY', rate: 160 },
      { code: 'CRC', rate: null },
    ])
    expect(live.ratesAsOf).toBe('2026-11-24')
    const offline = { base: 'USD', rates: {}, date: null, missing: [], offline: 'Live rates are offline' }
    expect(applyLiveRates(form, offline)).toBe(form)
  })

  it('the saved configuration has its rates as a map', () => {
    expect(configInput(formFromCycle(cycle)).currencyConversions).toEqual({ USD: 1, EUR: 0.8, JPY: 160 })
  })

  it('proration: After takes one date, between a pair; switching keeps the first date', () => {
    const rule = {
      proration_value: 'hire_date' as const,
      comparison: '>=' as const,
      date: '2026-01-01',
      prorate_amount: 100,
    }
    const between = withComparison(rule, 'between')
    expect(between.date).toEqual(['2026-01-01', ''])
    expect(withRuleDate(between, 1, '2026-02-01').date).toEqual(['2026-01-01', '2026-02-01'])
    expect(withComparison(between, '>=').date).toBe('2026-01-01')
  })
})

describe('currencies the company pays in without a rate (spec §9: they convert to 0)', () => {
  it('names each currency in use that has no positive rate, never the default', () => {
    const form = formFromCycle(cycle)
    expect(currenciesWithoutRate(form, ['USD', 'EUR', 'JPY', 'USD'])).toEqual([])
    expect(currenciesWithoutRate(form, ['USD', 'DOP', 'CAD', 'EUR', 'DOP'])).toEqual(['CAD', 'DOP'])
    const emptied = setRate(addCurrency(form, 'CAD'), 'CAD', null)
    expect(currenciesWithoutRate(emptied, ['CAD'])).toEqual(['CAD'])
    expect(currenciesWithoutRate(setRate(emptied, 'CAD', 1.37), ['CAD'])).toEqual([])
    expect(currenciesWithoutRate(setRate(emptied, 'CAD', 0), ['CAD'])).toEqual(['CAD'])
  })

  it('says what happens to that pay and what to do', () => {
    expect(missingRatesNotice(['DOP'], 'USD')).toBe(
      "Pay in DOP has no rate per 1 USD here, so it counts as 0 in budgets, team totals and dashboards. Add the rates below, or use 'Reload live rates'.",
    )
    expect(missingRatesNotice(['CAD', 'DOP', 'EUR'], 'USD')).toMatch(
      /^Pay in CAD, DOP and EUR has no rate per 1 USD here/,
    )
  })
})

describe('the date picker (three views, min and max)', () => {
  const page = { view: 'date' as const, year: 2026, month: 10 }
  it('choosing a month returns to the date view; choosing a year goes to the month view', () => {
    expect(chooseMonth({ ...page, view: 'month' }, 3)).toEqual({ view: 'date', year: 2026, month: 3 })
    expect(chooseYear({ ...page, view: 'year' }, 2029)).toEqual({ view: 'month', year: 2029, month: 10 })
    expect(zoomOut(page).view).toBe('month')
    expect(zoomOut(zoomOut(page)).view).toBe('year')
  })
  it('the year view shows 10 years and the month view 12', () => {
    expect(yearCells({ ...page, view: 'year' }, {}).map((y) => y.year)).toEqual([
      2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029,
    ])
    expect(monthCells({ ...page, view: 'month' }, {})).toHaveLength(12)
    expect(pageTitle({ ...page, view: 'year' })).toBe('2020–2029')
  })
  it('dates outside min/max are disabled, and months and years wholly outside them', () => {
    const days = monthGrid(page, { min: '2026-11-25' })
      .flat()
      .filter((c) => c !== null)
    expect(days.filter((c) => c.disabled).map((c) => c.day)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    )
    expect(
      monthCells({ ...page, view: 'month' }, { min: '2026-11-25' }).filter((m) => m.disabled),
    ).toHaveLength(10)
    expect(
      yearCells({ ...page, view: 'year' }, { min: '2026-11-25', max: '2027-01-01' })
        .filter((y) => !y.disabled)
        .map((y) => y.year),
    ).toEqual([2026, 2027])
  })
  it('weeks start on Sunday; November 2026 starts on a Sunday', () => {
    expect(monthGrid(page, {})[0][0]?.iso).toBe('2026-11-01')
    expect(step(page, 1)).toEqual({ view: 'date', year: 2026, month: 11 })
    expect(step({ ...page, month: 11 }, 1)).toEqual({ view: 'date', year: 2027, month: 0 })
  })
  it('typed dates: m/d/yyyy or yyyy-mm-dd, real days only', () => {
    expect(parseTypedDate('4/1/2027')).toBe('2027-04-01')
    expect(parseTypedDate('2027-04-01')).toBe('2027-04-01')
    expect(parseTypedDate('2/30/2027')).toBeNull()
    expect(parseTypedDate('soon')).toBeNull()
  })
})
