import { describe, expect, it } from 'vitest'
import type { ImportError, ImportSummary } from '../../../src-shared/contract'
import {
  batchLabel,
  canCommit,
  cellErrors,
  commitLabel,
  conflictLead,
  conflictKeyText,
  consistencyFixes,
  errorReportFileName,
  errorText,
  errorsText,
  fieldLabel,
  firstErrorField,
  importedMessage,
  markConflictsLabel,
  matchRowLabel,
  outcomeCounts,
  outcomeMessage,
  planAmountsText,
  progressPercent,
  progressText,
  remainingErrorsMessage,
  renameLabel,
  rowsRangeText,
  summaryCounts,
  type ImportGridRow,
} from '../../../src-renderer/features/import/import-view'

function error(over: Partial<ImportError>): ImportError {
  return {
    row: 2,
    header: 'Email',
    id: 'E2',
    code: 'InvalidEmail',
    message: 'Invalid email format',
    consistencyKey: null,
    ...over,
  }
}

const reviewed: ImportSummary = {
  importId: 'imp',
  phase: 'review',
  batches: [],
  rows: 1200,
  rowsWithErrors: 0,
  errorCount: 0,
  warnings: [],
  warningCount: 0,
  headers: [],
  abortReason: null,
  imported: 0,
  undoLabel: null,
  redoLabel: null,
  outcome: null,
  pendingEdit: null,
}

describe('import screen wording', () => {
  it('shows progress as a percentage only when the total is known', () => {
    expect(progressPercent(null)).toBeNull()
    expect(progressPercent({ done: 5, total: null, message: '' })).toBeNull()
    expect(progressPercent({ done: 0, total: 0, message: '' })).toBeNull()
    expect(progressPercent({ done: 1, total: 3, message: '' })).toBe(33)
    expect(progressPercent({ done: 9, total: 3, message: '' })).toBe(100)
    expect(progressText({ done: 1, total: 3, message: '12,000 rows · 48,000 rows/s' })).toBe(
      '12,000 rows · 48,000 rows/s',
    )
    expect(progressText(null)).toBe('Reading the file…')
    expect(progressText(null, true)).toBe('Importing the employees…')
  })

  it('describes the page of rows', () => {
    expect(rowsRangeText(0, 100, 1234)).toBe('Rows 1–100 of 1,234')
    expect(rowsRangeText(1200, 34, 1234)).toBe('Rows 1,201–1,234 of 1,234')
    expect(rowsRangeText(0, 0, 0)).toBe('No rows')
  })

  it('counts rows and errors, and labels the files read', () => {
    expect(summaryCounts({ ...reviewed, rowsWithErrors: 1, errorCount: 2 })).toEqual({
      rows: '1,200 rows',
      rowsWithErrors: '1 row with errors',
      errors: '2 errors',
    })
    expect(batchLabel({ fileName: 'more.csv', offset: 100, rows: 50, encoding: 'UTF-8' })).toBe(
      'more.csv: rows 101–150 (50 rows)',
    )
    expect(batchLabel({ fileName: 'one.csv', offset: 0, rows: 1, encoding: 'UTF-8' })).toBe(
      'one.csv: rows 1–1 (1 row)',
    )
  })

  it('says when a file was not UTF-8 and was read as Windows-1252', () => {
    expect(batchLabel({ fileName: 'paie.csv', offset: 0, rows: 3, encoding: 'Windows-1252' })).toBe(
      'paie.csv: rows 1–3 (3 rows) · not UTF-8: read as Windows-1252, check accented names',
    )
  })

  it("names the errors report after the import's first file", () => {
    const batches = [
      {
        fileName: 'people.2026.csv',
        offset: 0,
        rows: 3,
        encoding: 'UTF-8' as const,
      },
      { fileName: 'more.csv', offset: 3, rows: 2, encoding: 'UTF-8' as const },
    ]
    expect(errorReportFileName({ ...reviewed, batches })).toBe('people.2026-errors.csv')
    expect(
      errorReportFileName({
        ...reviewed,
        batches: [{ fileName: 'staff', offset: 0, rows: 1, encoding: 'UTF-8' }],
      }),
    ).toBe('staff-errors.csv')
    expect(errorReportFileName({ ...reviewed, batches: [] })).toBe('import-errors.csv')
  })

  it('says what was imported and what remains', () => {
    expect(importedMessage(12)).toBe('Imported 12 employees.')
    expect(importedMessage(1)).toBe('Imported 1 employee.')
    expect(commitLabel(reviewed)).toBe('Import 1,200 employees')
    expect(remainingErrorsMessage(0)).toBe('No errors found.')
    expect(remainingErrorsMessage(1)).toBe('1 error remains.')
    expect(remainingErrorsMessage(3)).toBe('3 errors remain.')
  })

  it('allows commit only for a reviewed import without errors and nothing under way', () => {
    expect(canCommit(reviewed, null)).toBe(true)
    expect(canCommit({ ...reviewed, errorCount: 1 }, null)).toBe(false)
    expect(canCommit({ ...reviewed, phase: 'parsing' }, null)).toBe(false)
    expect(canCommit({ ...reviewed, rows: 0 }, null)).toBe(false)
    expect(canCommit(reviewed, 'edit')).toBe(false)
    expect(canCommit(null, null)).toBe(false)
  })

  it('finds the errors of a cell by its spec header', () => {
    const row: ImportGridRow = {
      row: 2,
      id: 'E2',
      values: { email: 'nope' },
      errors: [
        error({}),
        error({ header: 'Salaried', code: 'InvalidBoolean', message: 'Invalid boolean value' }),
      ],
    }
    expect(cellErrors(row, 'Email').map((e) => e.code)).toEqual(['InvalidEmail'])
    expect(cellErrors(row, 'email').length).toBe(1)
    expect(cellErrors(row, 'Name')).toEqual([])
    expect(cellErrors(undefined, 'Email')).toEqual([])
  })

  it('offers one fix per consistency key, named by its header', () => {
    const key = { field: 'payRangeName', value: 'ENG-3' }
    const fixes = consistencyFixes([
      error({ header: 'Min Pay', code: 'InconsistentValue', consistencyKey: key }),
      error({ header: 'Max Pay', code: 'InconsistentValue', consistencyKey: key }),
      error({
        header: 'Exemption Status',
        code: 'InconsistentValue',
        consistencyKey: { field: 'jobCode', value: 'J1' },
      }),
      error({ consistencyKey: { field: 'somethingElse', value: 'x' } }),
      error({}),
    ])
    expect(fixes).toEqual([
      { field: 'payRangeName', value: 'ENG-3', label: 'Pay Range Name' },
      { field: 'jobCode', value: 'J1', label: 'Job Code' },
    ])
    expect(matchRowLabel(fixes[0], 4)).toBe('Make all rows with this Pay Range Name match row 4')
    expect(matchRowLabel(fixes[1], 4)).toBe('Make all rows with this Job Code match row 4')
    expect(renameLabel(4)).toBe('Rename the key on rows matching row 4')
    expect(fieldLabel('currentBasePay')).toBe('Current Base Pay (Country Currency)')
    expect(fieldLabel('unknown')).toBe('unknown')
  })

  it("names an error's column by its header and the spec's field key", () => {
    const missing = error({
      row: 3,
      header: 'Hire Date',
      code: 'Missing-hireDate',
      message: 'Required field "hireDate" is missing in row 3',
    })
    expect(errorText(missing)).toBe('Hire Date: Required field "hireDate" is missing in row 3')
    expect(errorText(error({ header: '', message: 'No rows.' }))).toBe('No rows.')
    expect(errorsText([error({}), missing])).toBe(
      'Email: Invalid email format; Hire Date: Required field "hireDate" is missing in row 3',
    )
    expect(firstErrorField([error({ header: '' }), missing, error({})])).toBe('hireDate')
    expect(firstErrorField([])).toBeNull()
  })

  it('says what a pending edit would do to other rows', () => {
    const pending = {
      row: 2,
      field: 'minPay',
      header: 'Min Pay',
      before: '90000',
      value: '95000',
      label: 'Min Pay in row 2',
      keys: [{ field: 'payRangeName' as const, header: 'Pay Range Name', value: 'ENG-2', rows: 199 }],
    }
    expect(conflictLead(pending)).toBe('Changing Min Pay in row 2 from “90000” to “95000”')
    expect(conflictKeyText(pending.keys[0])).toBe('199 other rows with Pay Range Name “ENG-2”')
    expect(markConflictsLabel(pending)).toBe('Change only this cell and mark the 199 conflicts')
    const renamed = { ...pending, label: 'Min Pay in row 2; Pay Range Name "ENG-2" renamed to "ENG-2B"' }
    expect(conflictLead(renamed)).toBe(
      'Changing Min Pay in row 2 from “90000” to “95000”, then Pay Range Name "ENG-2" renamed to "ENG-2B",',
    )
    expect(conflictKeyText({ ...pending.keys[0], rows: 1 })).toBe('1 other row with Pay Range Name “ENG-2”')
  })

  it('says what a re-import will do and did to plans', () => {
    const outcome = {
      created: 1,
      updated: 4,
      unchanged: 1_200,
      plansAffected: 1,
      planMode: 'keep-salary' as const,
    }
    expect(outcomeCounts(outcome)).toEqual(['1 new', '4 updated', '1,200 unchanged', '1 plan affected'])
    expect(outcomeMessage(outcome)).toBe(
      '1 new, 4 updated, 1,200 unchanged. 1 affected plan: keep the planned new salary (unless chosen per employee).',
    )
    expect(outcomeMessage({ ...outcome, plansAffected: 0 })).toBe('1 new, 4 updated, 1,200 unchanged.')
    const plan = {
      newSalary: 11_440_000,
      increasePercent: 4,
      lumpSum: 100_000,
      newDollarBonus: null,
      newPercentBonus: null,
    }
    expect(planAmountsText(plan, 'USD')).toBe('$114,400.00 (+4.00%) · lump sum $1,000.00')
    expect(planAmountsText({ ...plan, increasePercent: -5.4545, lumpSum: null }, 'EUR')).toBe(
      '€114,400.00 (−5.45%)',
    )
    expect(planAmountsText({ ...plan, newSalary: null, increasePercent: null, lumpSum: null }, 'USD')).toBe(
      'No plan',
    )
  })
})
