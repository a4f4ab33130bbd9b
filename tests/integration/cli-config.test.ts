import path from 'node:path'
import type { PayCycleDto } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { addUser } from '../support/session'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'config.paycycle')

beforeAll(async () => {
  expect((await cli('new', file, '--company', 'Acme', '--owner-email', 'owner@acme.test')).code).toBe(0)
})

async function config(...sets: string[]) {
  const result = await cli('config', file, ...sets.flatMap((s) => ['--set', s]), '--json')
  return { ...result, cycle: result.json[0] as PayCycleDto }
}

describe('cli config', () => {
  it('prints the active pay cycle with the spec defaults', async () => {
    const { code, cycle } = await config()
    expect(code).toBe(0)
    expect(cycle).toMatchObject({ name: 'Default Configuration', active: true, defaultCurrency: 'USD' })
    expect(cycle.currencyConversions).toEqual({ USD: 1 })
    // Spec defaults: bonusEditableDefault BOTH, minPerformanceMaxPIR 0.5, prioritizePayMin true.
    expect(cycle.settings).toMatchObject({
      bonusEditableDefault: 'BOTH',
      minPerformanceMaxPIR: 0.5,
      prioritizePayMin: true,
    })
  })

  it('sets dot paths, JSON values, the company budget and rates in one change', async () => {
    const rules = JSON.stringify([
      { proration_value: 'hire_date', comparison: '>=', date: '2026-06-01', prorate_amount: 100 },
    ])
    const ratings = JSON.stringify([
      { label: 'Low', max_rating: 2 },
      { label: 'High', max_rating: 5 },
    ])
    const { code, cycle } = await config(
      'plannerViolations.aboveBudgetExceeded=warning',
      'plannerViolations.newSalaryIsAboveMaximumOfPayRange=error',
      `prorationRules=${rules}`,
      `performanceRatings=${ratings}`,
      'companyMeritBudget=1,250,000.50',
      'currencyConversions.EUR=0.92',
      'bonusEditableDefault=PERCENT',
      'includeLumpSum=false',
    )
    expect(code).toBe(0)
    expect(cycle.settings.plannerViolations).toEqual({
      aboveBudgetExceeded: 'warning',
      newSalaryIsAboveMaximumOfPayRange: 'error',
    })
    expect(cycle.settings.prorationRules).toEqual(JSON.parse(rules))
    expect(cycle.settings.performanceRatings).toEqual(JSON.parse(ratings))
    expect(cycle.companyMeritBudget).toBe(125_000_050)
    expect(cycle.currencyConversions).toEqual({ USD: 1, EUR: 0.92 })
    expect(cycle.settings.bonusEditableDefault).toBe('PERCENT')
    expect(cycle.settings.includeLumpSum).toBe(false)
    // It was saved: a fresh read shows it, and the change log holds old and new.
    expect((await config()).cycle).toEqual(cycle)
    const workbook = await openWorkbook(file, { readonly: true })
    const log = await workbook.db.selectFrom('change_log').selectAll().execute()
    await workbook.close()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ entity: 'pay_cycle', action: 'update' })
  })

  it('unsets a violation severity, so the rule is ignored', async () => {
    const { cycle } = await config('plannerViolations.aboveBudgetExceeded=unset')
    expect(cycle.settings.plannerViolations).toEqual({ newSalaryIsAboveMaximumOfPayRange: 'error' })
  })

  it('rebases the rates on a new default currency, which always maps to 1', async () => {
    const { cycle } = await config('defaultCurrency=eur')
    expect(cycle.defaultCurrency).toBe('EUR')
    expect(cycle.currencyConversions.EUR).toBe(1)
    expect(cycle.currencyConversions.USD).toBeCloseTo(1 / 0.92, 6)
    const refused = await config('currencyConversions.EUR=2')
    expect(refused.code).toBe(2)
    expect(refused.errors[0]).toBe('The default currency (EUR) always maps to 1.')
    await config('defaultCurrency=USD')
  })

  it.each([
    ['includeBonus=maybe', 'patch.settings.includeBonus'],
    ['plannerViolations.aboveBudgetExceeded=fatal', 'patch.settings.plannerViolations.aboveBudgetExceeded'],
    ['currencyConversions.XYZ=2', 'patch.currencyConversions'],
    ['currencyConversions.EUR=-1', 'A conversion rate must be above 0.'],
    ['defaultCurrency=BTC', 'Supported currencies: USD, CAD, EUR, GBP, JPY, CRC, DOP, AUD, PLN, DKK.'],
    [
      'prorationRules=[{"proration_value":"hire_date","comparison":"between","date":"2026-01-01","prorate_amount":50}]',
      "'between' takes a pair of dates",
    ],
    ['companyMeritBudget=lots', 'companyMeritBudget must be an amount'],
    ['nonsense=1', 'Unknown setting "nonsense".'],
  ])('refuses %s with exit 2, naming what is wrong, and changes nothing', async (assignment, message) => {
    const before = (await config()).cycle
    const result = await config(assignment)
    expect(result.code).toBe(2)
    expect(result.errors[0]).toContain(message)
    expect((await config()).cycle).toEqual(before)
  })

  it('is refused to a role without admin powers', async () => {
    await addUser(file, 'planner@acme.test', 'PLANNER')
    const result = await cli(
      'config',
      file,
      '--set',
      'includeBonus=false',
      '--as',
      'planner@acme.test',
      '--json',
    )
    expect(result.code).toBe(1)
    expect(result.errors[0]).toBe('Your role (PLANNER) may not use payCycle.update.')
  })
})
