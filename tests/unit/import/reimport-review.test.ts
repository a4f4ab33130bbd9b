import { affectedPlan, employeeUpdate } from '../../../src-main/services/import/reimport'
import type { PlanEffectReason, StoredPlan } from '../../../src-shared/domain/reimport'
import type { StoredImportEmployee } from '../../../src-shared/domain/reimport-classification'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import { importRow, REIMPORT_RULES } from '../../support/import-row'

/** Manage Data's review of a re-import: each affected plan's reasons in words, and its amounts. */

const PLAN: StoredPlan = {
  newSalary: 10_400_000,
  lumpSum: null,
  newDollarBonus: null,
  newPercentBonus: null,
  performancePlan: false,
  previousIncrease: null,
}

function stored(values: Partial<ImportRow> = {}, plan: Partial<StoredPlan> = {}): StoredImportEmployee {
  return { id: 7, values: importRow(values), fte: 1, plan: { ...PLAN, ...plan } }
}

function reasonsOf(
  reasons: PlanEffectReason[],
  before: Partial<ImportRow>,
  after: Partial<ImportRow>,
  rules = REIMPORT_RULES,
): string[] {
  return affectedPlan({ index: 0, reasons }, importRow(after), stored(before), rules, null).reasons.map(
    (r) => r.text,
  )
}

describe('a re-import review: the reasons a plan is affected, in words', () => {
  it('a pay change shows both amounts, and the pay basis when it changes', () => {
    expect(reasonsOf(['pay'], {}, { currentBasePay: 11_000_000 })).toEqual([
      'Current pay: $100,000.00 → $110,000.00',
    ])
    expect(reasonsOf(['pay'], {}, { currentBasePay: 5_000, salaried: false })).toEqual([
      'Current pay: $100,000.00 → $50.00 (salaried → hourly)',
    ])
    expect(reasonsOf(['pay'], { currentBasePay: 5_000, salaried: false }, {})).toEqual([
      'Current pay: $50.00 → $100,000.00 (hourly → salaried)',
    ])
    // An empty pay shows as 0 in the row's currency; an empty currency as dollars.
    expect(reasonsOf(['pay'], { currentBasePay: null }, { payCurrency: null })).toEqual([
      'Current pay: $0.00 → $100,000.00',
    ])
    expect(reasonsOf(['pay'], { payCurrency: 'EUR' }, {})).toEqual(['Current pay: €100,000.00 → $100,000.00'])
  })

  it("a currency change names both currencies, '(empty)' for none", () => {
    expect(reasonsOf(['currency'], {}, { payCurrency: 'EUR' })).toEqual(['Pay currency: USD → EUR'])
    expect(reasonsOf(['currency'], { payCurrency: null }, {})).toEqual(['Pay currency: (empty) → USD'])
    expect(reasonsOf(['currency'], {}, { payCurrency: null })).toEqual(['Pay currency: USD → (empty)'])
  })

  it("a pay range renamed names both ranges, '(none)' for none; the same range shows its bounds", () => {
    expect(reasonsOf(['payRange'], {}, { payRangeName: 'S' })).toEqual(['Pay range: R → S'])
    expect(reasonsOf(['payRange'], { payRangeName: null }, {})).toEqual(['Pay range: (none) → R'])
    expect(reasonsOf(['payRange'], {}, { payRangeName: null })).toEqual(['Pay range: R → (none)'])
    expect(reasonsOf(['payRange'], {}, { minPay: 9_000_000, maxPay: null })).toEqual([
      'Pay range R: $80,000.00 – $100,000.00 – $120,000.00 → $90,000.00 – $100,000.00 – $0.00',
    ])
    expect(reasonsOf(['payRange'], { payCurrency: 'EUR' }, { payCurrency: null, midPay: 9_900_000 })).toEqual(
      ['Pay range R: €80,000.00 – €100,000.00 – €120,000.00 → $80,000.00 – $99,000.00 – $120,000.00'],
    )
  })

  it('eligibility says which way it changed (fully prorated out, or back in)', () => {
    const prorated = {
      ...REIMPORT_RULES,
      settings: {
        ...DEFAULT_SETTINGS,
        prorationRules: [
          { proration_value: 'hire_date', comparison: '>=', date: '2025-01-01', prorate_amount: 100 },
        ],
      },
    } as typeof REIMPORT_RULES
    expect(reasonsOf(['eligibility'], {}, { hireDate: '2025-06-01' }, prorated)).toEqual([
      'Eligibility: eligible → not eligible for an increase (fully prorated)',
    ])
    expect(reasonsOf(['eligibility'], { hireDate: '2025-06-01' }, {}, prorated)).toEqual([
      'Eligibility: not eligible → eligible for an increase',
    ])
  })

  it('a new name is probably a different person; the reasons keep their order', () => {
    expect(reasonsOf(['name', 'pay'], {}, { employeeName: 'Bob Other', currentBasePay: 11_000_000 })).toEqual(
      ['Name: Ada Park → Bob Other (probably a different person)', 'Current pay: $100,000.00 → $110,000.00'],
    )
    expect(reasonsOf(['name'], { employeeName: null }, { employeeName: null })).toEqual([
      'Name:  →  (probably a different person)',
    ])
  })
})

describe('a re-import review: the affected plan and the updated employee', () => {
  it('shows the plan as it stands and per choice, with the row, names and both currencies', () => {
    const plan = affectedPlan(
      { index: 4, reasons: ['pay'] },
      importRow({ currentBasePay: 11_000_000, employeeName: 'ADA  park' }),
      stored(),
      REIMPORT_RULES,
      'keep-salary',
    )
    expect(plan).toMatchObject({
      row: 5,
      employeeId: 'E1',
      name: 'ADA  park',
      previousName: 'Ada Park',
      probableDifferentPerson: false,
      currency: 'USD',
      previousCurrency: 'USD',
      currentPay: 11_000_000,
      previousCurrentPay: 10_000_000,
      plan: { newSalary: 10_400_000, increasePercent: 4 },
      choice: 'keep-salary',
    })
    expect(plan.outcomes['keep-percent']).toMatchObject({ newSalary: 11_440_000, increasePercent: 4 })
    expect(plan.outcomes['keep-salary'].newSalary).toBe(10_400_000)
    expect(plan.outcomes['keep-salary'].increasePercent).toBeCloseTo(-5.4545, 3)
    expect(plan.outcomes.clear).toMatchObject({ newSalary: null, increasePercent: null })
  })

  it("empty names, pay and currencies read as '', 0 and USD", () => {
    const plan = affectedPlan(
      { index: 0, reasons: [] },
      importRow({ employeeId: null, employeeName: null, currentBasePay: null, payCurrency: null }),
      stored({ employeeName: null, currentBasePay: null, payCurrency: null }),
      REIMPORT_RULES,
      null,
    )
    expect(plan).toMatchObject({
      employeeId: '',
      name: '',
      previousName: '',
      currency: 'USD',
      previousCurrency: 'USD',
      currentPay: 0,
      previousCurrentPay: 0,
      choice: null,
    })
    expect(plan.plan.increasePercent).toBeNull()
  })

  it('an updated employee lists the row (1-based), the Employee Id, the name and each changed field', () => {
    expect(employeeUpdate(2, importRow({ employeeName: 'Ada Parker' }), stored())).toEqual({
      row: 3,
      employeeId: 'E1',
      name: 'Ada Parker',
      changes: [{ field: 'employeeName', header: 'Name', before: 'Ada Park', after: 'Ada Parker' }],
    })
    expect(employeeUpdate(0, importRow({ employeeId: null, employeeName: null }), stored())).toMatchObject({
      employeeId: '',
      name: '',
    })
  })
})
