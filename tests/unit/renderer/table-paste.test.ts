import { describe, expect, it } from 'vitest'
import type { TableRow } from '../../../src-shared/contract'
import { BONUS_NOT_EDITABLE, NO_LUMP_SUM } from '../../../src-shared/domain/locks'
import { parseClipboardTable } from '../../../src-shared/domain/pasted-values'
import { DEFAULT_TABLE_COLUMNS, TABLE_COLUMN_IDS } from '../../../src-shared/domain/table-columns'
import { copyText, toTsv } from '../../../src-renderer/features/compensation-table/clipboard'
import type { DisplayCurrency } from '../../../src-renderer/features/compensation-table/display-money'
import {
  blockLabel,
  JOB_PROFILES_LOADING,
  pasteColumns,
  planBlockPaste,
  problemText,
  type PasteContext,
} from '../../../src-renderer/features/compensation-table/paste'
import { UNSTORABLE_TEXT } from '../../../src-shared/domain/free-text'

function row(id: number, extra: Partial<TableRow> = {}): TableRow {
  return {
    id,
    employeeId: `E${id}`,
    employeeName: `Person ${id}`,
    manager: 'Boss',
    planner: 'Boss',
    team: 'Team',
    jobTitle: 'Engineer',
    performanceRating: 3,
    performanceRatingLabel: 'Meets',
    currency: 'USD',
    salaried: true,
    hireDate: '2020-01-01',
    currentSalary: 100_000_00,
    currentAnnualPay: 100_000_00,
    newSalary: null,
    newAnnualPay: 100_000_00,
    dollarIncrease: null,
    salaryIncrease: null,
    lumpSum: null,
    newDollarBonus: null,
    newPercentBonus: null,
    currentDollarBonus: 0,
    currentPercentBonus: 0,
    comments: null,
    promotion: false,
    newJobProfile: null,
    newJobProfileId: null,
    payRange: null,
    compaRatio: 0.95,
    recommendedIncrease: null,
    positionInRange: 0.4,
    newPositionInRange: null,
    payRangeHints: [],
    severity: 'none',
    violations: [],
    proratedPercent: 0,
    editable: true,
    lockedReason: null,
    bonusInputs: { showDollar: true, showPercent: true, editable: true },
    ...extra,
  }
}

const usd: DisplayCurrency = {
  preferred: 'USD',
  rates: { USD: 1, EUR: 0.9, GBP: 0.8 },
  defaultCurrency: 'USD',
}
const profiles = [
  { id: 7, jobCode: 'ENG-P3-US', jobProfile: 'Engineer III' },
  { id: 8, jobCode: 'ENG-P4-US', jobProfile: null },
]
const ctx: PasteContext = { display: usd, includeBonus: true, includeLumpSum: true, jobProfiles: profiles }
const paste = (columns: string[], rows: TableRow[], text: string, context = ctx) =>
  planBlockPaste(columns as never, rows, parseClipboardTable(text), context)

describe('where a pasted block goes', () => {
  const shown = ['ag-Grid-SelectionColumn', 'actions', 'employeeName', 'lumpSum', 'bonus', 'comments']

  it('from the focused column rightwards, in the order shown', () => {
    expect(pasteColumns(shown, 'lumpSum', 2)).toEqual({ ok: true, columns: ['lumpSum', 'bonus'] })
    expect(pasteColumns(shown, 'employeeName', 4)).toEqual({
      ok: true,
      columns: ['employeeName', 'lumpSum', 'bonus', 'comments'],
    })
    expect(pasteColumns(shown, 'bonus', 3)).toEqual({
      ok: false,
      message: 'The clipboard is 3 columns wide, but from Bonus to the last column there are only 2.',
    })
  })

  it('names the step for undo', () => {
    expect(blockLabel(['lumpSum'], 1)).toBe('Paste into Lump Sum')
    expect(blockLabel(['lumpSum'], 30)).toBe('Paste into Lump Sum (30 rows)')
    expect(blockLabel(['lumpSum', 'bonus'], 30)).toBe('Paste of 2 columns × 30 rows')
  })
})

describe('a pasted block', () => {
  it('plans one update per changed row, merging its columns, with the inverse for undo', () => {
    const rows = [row(1), row(2, { lumpSum: 10_00 }), row(3)]
    const result = paste(['lumpSum', 'bonus', 'comments'], rows, '1,000\t5%\tGood\r\n2k\t$250\t\r\n\t\t\r\n')
    expect(result).toEqual({
      ok: true,
      plan: {
        updates: [
          { employeeId: 1, changes: { lumpSum: 1000_00, newPercentBonus: 5, comments: 'Good' } },
          { employeeId: 2, changes: { lumpSum: 2000_00, newDollarBonus: 250_00 } },
        ],
        inverse: [
          { employeeId: 1, changes: { lumpSum: null, newPercentBonus: null, comments: null } },
          { employeeId: 2, changes: { lumpSum: 10_00, newDollarBonus: null } },
        ],
      },
      problems: [],
      message: '',
    })
  })

  it('takes the forms the table copies and Excel writes', () => {
    const forms = ['176,939.60', '$176,939.60', ' $176,939.60 ', '"  $176,939.60 "', '176939.6']
    for (const text of forms) {
      const result = paste(['newSalary'], [row(1)], `${text}\r\n`)
      expect(result.ok && result.plan.updates, text).toEqual([
        { employeeId: 1, changes: { newSalary: 176_939_60 } },
      ])
    }
    const percent = paste(['salaryIncrease'], [row(1)], '4.0000%')
    expect(percent.ok && percent.plan.updates).toEqual([
      { employeeId: 1, changes: { newSalary: 104_000_00 } },
    ])
    const cut = paste(['salaryIncrease'], [row(1)], '(2.5000%)')
    expect(cut.ok && cut.plan.updates).toEqual([{ employeeId: 1, changes: { newSalary: 97_500_00 } }])
    // An amount in another currency the pay cycle converts: €900 is $1,000 at 0.9.
    const euros = paste(['lumpSum'], [row(1)], '€900.00')
    expect(euros.ok && euros.plan.updates).toEqual([{ employeeId: 1, changes: { lumpSum: 1000_00 } }])
    // The spec's percent basis: 5% in New Salary is 5% of the current salary.
    const basis = paste(['newSalary'], [row(1)], '5%')
    expect(basis.ok && basis.plan.updates).toEqual([{ employeeId: 1, changes: { newSalary: 5_000_00 } }])
    const hourly = paste(['newSalary'], [row(1, { salaried: false, currentSalary: 40_00 })], '$45.00/hr')
    expect(hourly.ok && hourly.plan.updates).toEqual([{ employeeId: 1, changes: { newSalary: 45_00 } }])
  })

  it('what the table copies pastes back and changes nothing, in any shown currency', () => {
    const rows = [
      row(1, {
        newSalary: 104_000_00,
        salaryIncrease: 4,
        dollarIncrease: 4_000_00,
        lumpSum: 1_200_00,
        newDollarBonus: 500_00,
        newPercentBonus: 2.5,
        comments: 'Strong year',
        promotion: true,
        newJobProfile: 'Senior Engineer (ENG-3)',
        newJobProfileId: 7,
      }),
      row(2, {
        currency: 'GBP',
        newSalary: 77_777_77,
        salaryIncrease: -22.2222,
        dollarIncrease: -22_222_23,
        bonusInputs: { showDollar: true, showPercent: false, editable: true },
      }),
      row(3, { editable: false, lockedReason: 'Employee not eligible for an increase.' }),
      row(4, { salaried: false, currentSalary: 40_00, newSalary: 41_23 }),
    ]
    for (const preferred of ['USD', 'EUR', 'GBP'] as const) {
      const display = { ...usd, preferred }
      const copied = toTsv(rows.map((r) => TABLE_COLUMN_IDS.map((c) => copyText(c, r, display))))
      const result = paste([...TABLE_COLUMN_IDS], rows, `${copied}\r\n`, { ...ctx, display })
      expect(result, preferred).toEqual({
        ok: true,
        plan: { updates: [], inverse: [] },
        problems: [],
        message: '',
      })
    }
  })

  it('lists every cell that cannot take its value, and plans the cells that can', () => {
    const rows = [
      row(1),
      row(2, { editable: false, lockedReason: 'Employee not eligible for an increase.' }),
      row(3, { bonusInputs: { showDollar: true, showPercent: false, editable: false } }),
    ]
    const columns = [...DEFAULT_TABLE_COLUMNS.slice(8, 13)] // salaryIncrease … bonus
    expect(columns).toEqual(['salaryIncrease', 'newSalary', 'newFitInRange', 'lumpSum', 'bonus'])
    const result = paste(columns, rows, '3\t\t\tabc\t\r\n\t90,000\t\t(1,200.00)\t\r\n\t\t50%\t100\t$5\r\n')
    expect(result.ok).toBe(false)
    expect(result.message).toBe(
      '5 cells cannot take their pasted values and kept their values; the other cells were pasted (2 rows updated, one undo step).',
    )
    // Row 1's Salary Increase (3%) and row 3's Lump Sum (100) go in; the refused cells keep their values.
    expect(result.plan.updates).toEqual([
      { employeeId: 1, changes: { newSalary: 103_000_00 } },
      { employeeId: 3, changes: { lumpSum: 100_00 } },
    ])
    expect(result.plan.inverse).toEqual([
      { employeeId: 1, changes: { newSalary: null } },
      { employeeId: 3, changes: { lumpSum: null } },
    ])
    expect(result.problems.map(problemText)).toEqual([
      "Row 1 · Person 1 (E1) · Lump Sum: 'abc' is not a number.",
      'Row 2 · Person 2 (E2) · New Salary: Employee not eligible for an increase.',
      'Row 2 · Person 2 (E2) · Lump Sum: Employee not eligible for an increase.',
      'Row 3 · Person 3 (E3) · New Fit in Range: New Fit in Range is calculated from the New Salary; type the raise in New Salary or Salary Increase.',
      `Row 3 · Person 3 (E3) · Bonus: ${BONUS_NOT_EDITABLE}`,
    ])
  })

  it('refuses negative amounts, clashing salary cells, switched-off lump sums and unknown job profiles', () => {
    const reasons = (columns: string[], text: string, context = ctx) => {
      const result = paste(columns, [row(1)], text, context)
      return result.ok ? [] : result.problems.map((p) => p.reason)
    }
    expect(reasons(['lumpSum'], '(1,200.00)')).toEqual([
      "'(1,200.00)' is negative; amounts cannot be negative.",
    ])
    expect(reasons(['salaryIncrease', 'newSalary'], '5%\t$120,000.00')).toEqual([
      'Salary Increase and New Salary give the new salary different values.',
    ])
    expect(reasons(['salaryIncrease', 'newSalary'], '5%\t$105,000.00')).toEqual([])
    expect(reasons(['lumpSum'], '100', { ...ctx, includeLumpSum: false })).toEqual([NO_LUMP_SUM])
    expect(reasons(['newJobProfile'], 'ENG-P9')).toEqual([
      "'ENG-P9' is not a job profile of the company; paste its job code or its name as shown.",
    ])
    expect(reasons(['newJobProfile'], 'ENG-P3-US', { ...ctx, jobProfiles: null })).toEqual([
      JOB_PROFILES_LOADING,
    ])
    expect(reasons(['salaryIncrease'], '$5')).toEqual(["'$5' is an amount; Salary Increase takes a percent."])
    // Issue 37: a comment the workbook and the server cannot store, named in place.
    expect(reasons(['comments'], 'Great\u0000year')).toEqual([`Comments: ${UNSTORABLE_TEXT}`])
    expect(reasons(['comments'], 'Great\uD800year')).toEqual([`Comments: ${UNSTORABLE_TEXT}`])
    expect(reasons(['newSalary'], '$45.00/hr')).toEqual([
      "'$45.00/hr' is an hourly rate; this employee is salaried.",
    ])
    expect(reasons(['lumpSum'], 'CA$100', { ...ctx })).toEqual([
      "'CA$100' is in CAD, which the pay cycle has no rate to convert to USD.",
    ])
    expect(reasons(['promotion'], 'maybe')).toEqual(["'maybe' is not yes or no."])
    expect(reasons(['salaryIncrease'], '-150%')).toEqual(["'-150%' would make the new salary negative."])
  })

  it('a new job profile pastes by its name as shown or its job code, and an empty cell clears it', () => {
    const result = paste(
      ['newJobProfile'],
      [row(1), row(2), row(3, { newJobProfileId: 8, newJobProfile: 'ENG-P4-US' }), row(4)],
      'engineer iii  (eng-p3-us)\nENG-P4-US\n\nENG-P3-US',
    )
    if (!result.ok) throw new Error(result.message)
    expect(result.plan.updates).toEqual([
      { employeeId: 1, changes: { newJobProfileId: 7 } },
      { employeeId: 2, changes: { newJobProfileId: 8 } },
      { employeeId: 3, changes: { newJobProfileId: null } },
      { employeeId: 4, changes: { newJobProfileId: 7 } },
    ])
    expect(result.plan.inverse[2]).toEqual({ employeeId: 3, changes: { newJobProfileId: 8 } })
    const locked = paste(
      ['newJobProfile'],
      [row(1, { editable: false, lockedReason: 'Locked.' })],
      'ENG-P3-US',
    )
    expect(locked.ok ? [] : locked.problems.map((p) => p.reason)).toEqual(['Locked.'])
  })

  it('promotion takes yes/no words; an empty bonus cell clears both inputs', () => {
    const yes = paste(['promotion'], [row(1), row(2)], 'Yes\nno')
    expect(yes.ok && yes.plan.updates).toEqual([{ employeeId: 1, changes: { promotion: true } }])
    const cleared = paste(['bonus'], [row(1, { newDollarBonus: 5_00, newPercentBonus: 1 })], '')
    expect(cleared.ok && cleared.plan.updates).toEqual([
      { employeeId: 1, changes: { newDollarBonus: null, newPercentBonus: null } },
    ])
    const both = paste(['bonus'], [row(1)], '$1,000.00 · 5.0000%')
    expect(both.ok && both.plan.updates).toEqual([
      { employeeId: 1, changes: { newDollarBonus: 1000_00, newPercentBonus: 5 } },
    ])
  })
})
