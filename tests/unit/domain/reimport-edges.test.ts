import { importRow, REIMPORT_RULES } from '../../support/import-row'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import {
  fieldChanges,
  importValueText,
  ineligible,
  probableDifferentPerson,
  type PlanRules,
} from '../../../src-shared/domain/reimport'
import { hiredFrom } from '../../support/proration'

describe('re-import, edges', () => {
  it("the review shows each value as the file would: '(empty)', true/false, money as an amount, text", () => {
    expect(importValueText('gender', null)).toBe('(empty)')
    expect(importValueText('salaried', true)).toBe('true')
    expect(importValueText('salaried', false)).toBe('false')
    expect(importValueText('currentBasePay', 7_272_650)).toBe('72,726.50')
    expect(importValueText('employeeName', 'Ada Park')).toBe('Ada Park')
    expect(fieldChanges(importRow(), importRow({ salaried: false, gender: 'F' }))).toEqual([
      { field: 'salaried', header: 'Salaried', before: 'true', after: 'false' },
      { field: 'gender', header: 'Gender', before: '(empty)', after: 'F' },
    ])
  })

  it('a name that only loses the space between its words is probably another person', () => {
    expect(probableDifferentPerson(importRow(), importRow({ employeeName: 'AdaPark' }))).toBe(true)
    expect(probableDifferentPerson(importRow({ employeeName: null }), importRow({ employeeName: '' }))).toBe(
      false,
    )
  })

  it('eligibility: an employee below the range minimum is not prorated out (prioritizePayMin); without a range they are', () => {
    const rules: PlanRules = {
      ...REIMPORT_RULES,
      settings: {
        ...DEFAULT_SETTINGS,
        prorationRules: [hiredFrom('2025-01-01')],
      },
    }
    const plan = {
      newSalary: 7_500_000,
      lumpSum: null,
      newDollarBonus: null,
      newPercentBonus: null,
      performancePlan: false,
      previousIncrease: null,
    }
    const belowMin = { hireDate: '2025-06-01', currentBasePay: 7_000_000 }
    expect(ineligible(importRow(belowMin), 1, plan, rules)).toBe(false)
    expect(ineligible(importRow({ ...belowMin, payRangeName: null }), 1, plan, rules)).toBe(true)
    expect(ineligible(importRow({ hireDate: '2025-06-01' }), 1, plan, rules)).toBe(true)
  })
})
