import { importRow, REIMPORT_RULES } from '../../support/import-row'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import {
  changedFields,
  hasPlan,
  planChanges,
  planEffectReasons,
  probableDifferentPerson,
  rebasedPlan,
  type PlanRules,
  type StoredEmployee,
} from '../../../src-shared/domain/reimport'
import { hiredFrom } from '../../support/proration'

function stored(plan: Partial<StoredEmployee['plan']> = {}, values: Partial<ImportRow> = {}): StoredEmployee {
  return {
    values: importRow(values),
    fte: 1,
    plan: {
      newSalary: 10_400_000,
      lumpSum: null,
      newDollarBonus: null,
      newPercentBonus: null,
      performancePlan: false,
      previousIncrease: null,
      ...plan,
    },
  }
}

describe('re-import over planned work', () => {
  it('a plan is any planned amount; a comment or nothing is not', () => {
    const none = { newSalary: null, lumpSum: null, newDollarBonus: null, newPercentBonus: null }
    expect(hasPlan(none)).toBe(false)
    expect(hasPlan({ ...none, lumpSum: 0 })).toBe(true)
    expect(hasPlan({ ...none, newPercentBonus: 5 })).toBe(true)
  })

  it('lists the fields a file changes, in the spec order', () => {
    expect(changedFields(importRow(), importRow())).toEqual([])
    expect(changedFields(importRow(), importRow({ email: 'a@b.co', currentBasePay: 1 }))).toEqual([
      'email',
      'currentBasePay',
    ])
  })

  it('a plan is affected by pay, pay basis, currency, pay range, eligibility or name; not without a plan', () => {
    const reasons = (after: Partial<ImportRow>, plan = {}) =>
      planEffectReasons(stored(plan), importRow(after), REIMPORT_RULES)
    expect(reasons({})).toEqual([])
    expect(reasons({ email: 'new@x.co', jobTitle: 'Lead' })).toEqual([])
    expect(reasons({ currentBasePay: 11_000_000 })).toEqual(['pay'])
    expect(reasons({ salaried: false })).toContain('pay')
    expect(reasons({ payCurrency: 'EUR' })).toEqual(['currency'])
    expect(reasons({ maxPay: 13_000_000 })).toEqual(['payRange'])
    expect(reasons({ payRangeName: 'R2' })).toEqual(['payRange'])
    expect(reasons({ employeeName: 'Bo Lee' })).toEqual(['name'])
    expect(reasons({ currentBasePay: 11_000_000 }, { newSalary: null })).toEqual([])
  })

  it('eligibility: a hire date moving into a 100% proration rule affects the plan', () => {
    const rules: PlanRules = {
      ...REIMPORT_RULES,
      settings: {
        ...DEFAULT_SETTINGS,
        prorationRules: [hiredFrom('2025-01-01')],
      },
    }
    expect(planEffectReasons(stored(), importRow({ hireDate: '2025-06-01' }), rules)).toEqual(['eligibility'])
    // Moving within the eligible years changes nothing a plan depends on.
    expect(planEffectReasons(stored(), importRow({ hireDate: '2019-06-01' }), rules)).toEqual([])
  })

  it('a name changed beyond case and spacing is probably a different person', () => {
    expect(probableDifferentPerson(importRow(), importRow({ employeeName: ' ada  PARK ' }))).toBe(false)
    expect(probableDifferentPerson(importRow(), importRow({ employeeName: 'Adam Parker' }))).toBe(true)
  })

  it('keep-percent rebases the new salary on the new pay; keep-salary keeps it; clear clears every amount', () => {
    const before = stored({ lumpSum: 50_000, newPercentBonus: 10 })
    const after = importRow({ currentBasePay: 11_000_000 })
    expect(rebasedPlan(before, after, 'keep-percent', REIMPORT_RULES)).toEqual({
      newSalary: 11_440_000,
      lumpSum: 50_000,
      newDollarBonus: null,
      newPercentBonus: 10,
    })
    expect(rebasedPlan(before, after, 'keep-salary', REIMPORT_RULES).newSalary).toBe(10_400_000)
    expect(rebasedPlan(before, after, 'clear', REIMPORT_RULES)).toEqual({
      newSalary: null,
      lumpSum: null,
      newDollarBonus: null,
      newPercentBonus: null,
    })
  })

  it('rounds a rebased salary to the cent and keeps it when there was no current pay to compare', () => {
    const odd = stored({ newSalary: 10_333_333 })
    expect(
      rebasedPlan(odd, importRow({ currentBasePay: 3_333_333 }), 'keep-percent', REIMPORT_RULES).newSalary,
    ).toBe(3_444_444)
    const unpaid = stored({ newSalary: 5_000_000 }, { currentBasePay: 0 })
    expect(
      rebasedPlan(unpaid, importRow({ currentBasePay: 4_000_000 }), 'keep-percent', REIMPORT_RULES).newSalary,
    ).toBe(5_000_000)
  })

  it('amounts follow a change of pay currency at the pay cycle rates (percent bonus as it is)', () => {
    const before = stored({ lumpSum: 100_000, newPercentBonus: 5 })
    const euros = importRow({ payCurrency: 'EUR', currentBasePay: 5_000_000 })
    expect(rebasedPlan(before, euros, 'keep-percent', REIMPORT_RULES)).toEqual({
      newSalary: 5_200_000,
      lumpSum: 50_000,
      newDollarBonus: null,
      newPercentBonus: 5,
    })
    expect(rebasedPlan(before, euros, 'keep-salary', REIMPORT_RULES).newSalary).toBe(5_200_000)
    // Without a rate for the new currency the amounts stay as they were.
    const yen = importRow({ payCurrency: 'JPY', currentBasePay: 5_000_000 })
    expect(rebasedPlan(before, yen, 'keep-salary', REIMPORT_RULES)).toMatchObject({
      newSalary: 10_400_000,
      lumpSum: 100_000,
    })
  })

  it('history changes list only the amounts that differ', () => {
    const plan = { newSalary: 1, lumpSum: 2, newDollarBonus: null, newPercentBonus: 3 }
    expect(planChanges(plan, { ...plan, newSalary: 5 })).toEqual({ newSalary: { old: 1, new: 5 } })
    expect(planChanges(plan, plan)).toEqual({})
  })
})
