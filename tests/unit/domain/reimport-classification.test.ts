import { importRow, REIMPORT_RULES } from '../../support/import-row'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import type { Validation } from '../../../src-shared/domain/import-validation'
import type { PlanMode } from '../../../src-shared/domain/reimport'
import {
  classifyRows,
  outcomeOf,
  planWrites,
  type StoredImportEmployee,
} from '../../../src-shared/domain/reimport-classification'

// docs/decisions.md "Re-import over planned work": the review counts new, updated and unchanged
// employees over the rows without errors; a plan is affected when the file changes the employee's
// current pay or pay basis, pay currency, pay range, eligibility or name; each affected plan gets a
// reward-history entry with the amounts that change and why (current salary, pay currency, pay
// range, name) and the choice.

const NO_PLAN = { newSalary: null, lumpSum: null, newDollarBonus: null, newPercentBonus: null }

function storedEmployee(
  id: number,
  values: Partial<ImportRow>,
  plan: Partial<StoredImportEmployee['plan']> = {},
): StoredImportEmployee {
  return {
    id,
    values: importRow(values),
    fte: 1,
    plan: { ...NO_PLAN, performancePlan: false, previousIncrease: null, ...plan },
  }
}

function validation(values: (ImportRow | null)[], errorRows: number[] = []): Validation {
  const byRow = new Map(
    errorRows.map((r) => [r, [{ row: r, header: 'Name', code: 'x', message: 'Missing-employeeName' }]]),
  ) as unknown as Validation['byRow']
  return { values, cellErrors: [], errors: [...byRow.values()].flat(), byRow, warnings: [] }
}

// E1 has a planned salary; E2 has a lump sum; E3 has no plan.
const STORED = new Map<string, StoredImportEmployee>([
  ['E1', storedEmployee(11, { employeeId: 'E1' }, { newSalary: 10_400_000 })],
  ['E2', storedEmployee(12, { employeeId: 'E2', employeeName: 'Bo Lee' }, { lumpSum: 100_000 })],
  ['E3', storedEmployee(13, { employeeId: 'E3', employeeName: 'Cy Diaz' })],
])

describe('a re-import classified against the workbook', () => {
  const rows = [
    importRow({ employeeId: 'E1', currentBasePay: 11_000_000 }), // 0: updated, pay changes a plan
    null, // 1: a row that did not parse
    importRow({ employeeId: 'E9', employeeName: 'New Person' }), // 2: created
    importRow({ employeeId: 'E2', employeeName: 'Bo Lee' }), // 3: unchanged
    importRow({ employeeId: 'E3', employeeName: 'Cy Diaz', email: 'cy@x.co' }), // 4: updated, no plan
    importRow({ employeeId: 'E2', employeeName: 'Bo Lee', jobTitle: 'Lead' }), // 5: row 6 has an error
  ]

  it('counts new, updated and unchanged employees over the rows without errors', () => {
    const result = classifyRows(validation(rows, [6]), STORED, REIMPORT_RULES)
    expect(result).toEqual({
      created: 1,
      unchanged: 1,
      updated: [0, 4],
      affected: [{ index: 0, reasons: ['pay'] }],
      pending: 2,
    })
  })

  it('errors are counted by 1-based row: the row after an index is not pending', () => {
    // Row 2 is index 1 (already null); an error on row 1 holds back index 0 only.
    const result = classifyRows(validation(rows, [1]), STORED, REIMPORT_RULES)
    expect(result.pending).toBe(2)
    expect(result.updated).toEqual([4, 5])
    expect(result.affected).toEqual([])
    expect(result.created).toBe(1)
  })

  it('an updated employee with a plan lists every reason, in order', () => {
    const changed = importRow({
      employeeId: 'E2',
      employeeName: 'Someone Else',
      currentBasePay: 5_000_000,
      payCurrency: 'EUR',
      payRangeName: 'R2',
    })
    const result = classifyRows(validation([changed]), STORED, REIMPORT_RULES)
    expect(result.affected).toEqual([{ index: 0, reasons: ['pay', 'currency', 'payRange', 'name'] }])
  })

  it('the outcome carries the counts and the plan choice', () => {
    const result = classifyRows(validation(rows, [6]), STORED, REIMPORT_RULES)
    expect(outcomeOf(result, 'keep-salary')).toEqual({
      created: 1,
      updated: 2,
      unchanged: 1,
      plansAffected: 1,
      planMode: 'keep-salary',
    })
  })
})

describe('the plans a commit writes', () => {
  it("rebases each affected plan under its own choice, with the history entry's reasons", () => {
    const values = [
      importRow({ employeeId: 'E1', currentBasePay: 11_000_000 }),
      importRow({
        employeeId: 'E2',
        employeeName: 'Someone Else',
        currentBasePay: 5_000_000,
        payCurrency: 'EUR',
        payRangeName: 'R2',
        minPay: 4_000_000,
      }),
      importRow({ employeeId: 'E3', employeeName: 'Cy Diaz', currentBasePay: 1 }), // no plan: not written
    ]
    const classification = classifyRows(validation(values), STORED, REIMPORT_RULES)
    const choices: Record<string, PlanMode> = { E1: 'keep-percent', E2: 'keep-salary' }
    const asked: string[] = []
    const writes = planWrites(classification, values, STORED, REIMPORT_RULES, (id) => {
      asked.push(id)
      return choices[id]
    })
    expect(asked).toEqual(['E1', 'E2'])
    expect(writes).toEqual([
      {
        id: 11,
        // keep the increase percent: $104,000 × $110,000 ÷ $100,000 = $114,400
        amounts: { newSalary: 11_440_000, lumpSum: null, newDollarBonus: null, newPercentBonus: null },
        changes: {
          newSalary: { old: 10_400_000, new: 11_440_000 },
          currentSalary: { old: 10_000_000, new: 11_000_000 },
          plan: { old: null, new: 'Keep the planned increase percent' },
        },
      },
      {
        id: 12,
        // the lump sum is kept, converted at the pay cycle's rates: $1,000 = €500
        amounts: { newSalary: null, lumpSum: 50_000, newDollarBonus: null, newPercentBonus: null },
        changes: {
          lumpSum: { old: 100_000, new: 50_000 },
          currentSalary: { old: 10_000_000, new: 5_000_000 },
          payCurrency: { old: 'USD', new: 'EUR' },
          payRange: { old: 'R', new: 'R2' },
          name: { old: 'Bo Lee', new: 'Someone Else' },
          plan: { old: null, new: 'Keep the planned new salary' },
        },
      },
    ])
  })

  it('a cleared plan writes no amounts; only the reasons that apply are recorded', () => {
    const values = [importRow({ employeeId: 'E1', maxPay: 13_000_000 })]
    const classification = classifyRows(validation(values), STORED, REIMPORT_RULES)
    expect(classification.affected).toEqual([{ index: 0, reasons: ['payRange'] }])
    const [write] = planWrites(classification, values, STORED, REIMPORT_RULES, () => 'clear')
    expect(write).toEqual({
      id: 11,
      amounts: NO_PLAN,
      changes: {
        newSalary: { old: 10_400_000, new: null },
        // the pay range kept its name; its bounds changed
        payRange: { old: 'R', new: 'R' },
        plan: { old: null, new: 'Clear the plan' },
      },
    })
  })
})
