import { describe, expect, it } from 'vitest'
import { tableRow as row } from '../../support/table-row'
import {
  cellEditable,
  changesFor,
  changesFromEdit,
  changesNothing,
  inverseChanges,
  newSalaryForPercent,
} from '../../../src-renderer/features/compensation-table/cell-edit'
import {
  EMPTY_UNDO,
  nextStep,
  recordStep,
  stepApplied,
  UNDO_LIMIT,
  type UndoStep,
} from '../../../src-renderer/features/compensation-table/undo-stack'

describe('cell edits → reward changes (amounts in cents of the row currency)', () => {
  it('new salary by dollars and by percent', () => {
    const r = row(1)
    expect(changesFor('newSalary', r, 105_000.5)).toEqual({ newSalary: 105_000_50 })
    expect(changesFor('salaryIncrease', r, 5)).toEqual({ newSalary: 105_000_00 })
    expect(newSalaryForPercent(row(2, { currentSalary: 33_33 }), 10)).toBe(36_66)
    expect(changesFor('newSalary', r, null)).toEqual({ newSalary: null })
  })

  it('lump sum, bonus amount and percent (four decimals), comments and promotion', () => {
    const r = row(1)
    expect(changesFor('lumpSum', r, 2000)).toEqual({ lumpSum: 2000_00 })
    expect(changesFor('bonusDollar', r, 1234.56)).toEqual({ newDollarBonus: 1234_56 })
    expect(changesFor('bonusPercent', r, 7.123456)).toEqual({ newPercentBonus: 7.1235 })
    expect(changesFor('comments', r, '  ')).toEqual({ comments: null })
    expect(changesFor('promotion', r, true)).toEqual({ promotion: true })
  })

  it('the inverse puts back what the row had; an edit that changes nothing is dropped', () => {
    const r = row(1, { newSalary: 101_000_00, lumpSum: 500_00 })
    expect(inverseChanges({ newSalary: 110_000_00, lumpSum: null }, r)).toEqual({
      newSalary: 101_000_00,
      lumpSum: 500_00,
    })
    expect(changesNothing({ newSalary: 101_000_00 }, r)).toBe(true)
    expect(changesFromEdit('newSalary', r, { target: 'newSalary', value: 101_000 })).toBeNull()
    expect(changesFromEdit('newSalary', r, { target: 'newSalary', value: 102_000 })).toEqual({
      newSalary: 102_000_00,
    })
    expect(changesFromEdit('bonus', r, { target: 'bonus', dollar: 100, percent: 2 })).toEqual({
      newDollarBonus: 100_00,
      newPercentBonus: 2,
    })
    expect(changesFromEdit('comments', r, 'Great year')).toEqual({ comments: 'Great year' })
    expect(changesFromEdit('newSalary', r, 'not an edit result')).toBeNull()
  })

  it('locked rows and bonus cells without an input are not editable', () => {
    expect(cellEditable(row(1, { editable: false }), 'newSalary')).toBe(false)
    expect(cellEditable(row(1), 'employeeName')).toBe(false)
    expect(
      cellEditable(
        row(1, { bonusInputs: { showDollar: true, showPercent: false, editable: false } }),
        'bonus',
      ),
    ).toBe(false)
    expect(cellEditable(row(1), 'bonus')).toBe(true)
  })
})

describe('new job profiles', () => {
  const rows = [row(1), row(2)]

  it('picking one sets newJobProfileId, none clears it', () => {
    expect(changesFor('newJobProfile', rows[0], 7)).toEqual({ newJobProfileId: 7 })
    expect(changesFor('newJobProfile', rows[0], null)).toEqual({ newJobProfileId: null })
    expect(
      changesFromEdit('newJobProfile', row(3, { newJobProfileId: 7 }), { target: 'newJobProfile', value: 7 }),
    ).toBeNull()
    expect(cellEditable(row(4, { editable: false }), 'newJobProfile')).toBe(false)
  })
})

describe('the undo stack', () => {
  const step = (n: number): UndoStep => ({
    label: `edit ${n}`,
    before: [{ employeeId: n, changes: { lumpSum: null } }],
    after: [{ employeeId: n, changes: { lumpSum: n * 100 } }],
  })

  it('undoes with the before changes and redoes with the after changes, one step at a time', () => {
    let state = recordStep(recordStep(EMPTY_UNDO, step(1)), step(2))
    expect(nextStep(state, 'undo')).toEqual({ step: step(2), updates: step(2).before })
    expect(nextStep(state, 'redo')).toBeNull()
    state = stepApplied(state, 'undo')
    expect(nextStep(state, 'undo')?.step).toEqual(step(1))
    expect(nextStep(state, 'redo')).toEqual({ step: step(2), updates: step(2).after })
    state = stepApplied(state, 'redo')
    expect(state).toEqual({ past: [step(1), step(2)], future: [] })
  })

  it('a new edit clears what could be redone; empty steps are not recorded', () => {
    let state = stepApplied(recordStep(EMPTY_UNDO, step(1)), 'undo')
    expect(state.future).toHaveLength(1)
    state = recordStep(state, step(3))
    expect(state).toEqual({ past: [step(3)], future: [] })
    expect(recordStep(state, { label: 'nothing', before: [], after: [] })).toBe(state)
  })

  it('a paste is one step however many rows it changes', () => {
    const paste: UndoStep = {
      label: 'Paste into Lump Sum',
      before: [1, 2, 3].map((id) => ({ employeeId: id, changes: { lumpSum: null } })),
      after: [1, 2, 3].map((id) => ({ employeeId: id, changes: { lumpSum: 100 } })),
    }
    const state = recordStep(EMPTY_UNDO, paste)
    expect(nextStep(state, 'undo')?.updates).toHaveLength(3)
    expect(stepApplied(state, 'undo')).toEqual({ past: [], future: [paste] })
  })

  it('keeps the last 100 steps; nothing to undo or redo on an empty stack', () => {
    let state = EMPTY_UNDO
    for (let n = 1; n <= UNDO_LIMIT + 5; n += 1) state = recordStep(state, step(n))
    expect(state.past).toHaveLength(UNDO_LIMIT)
    expect(state.past[0]).toEqual(step(6))
    expect(nextStep(EMPTY_UNDO, 'undo')).toBeNull()
    expect(stepApplied(EMPTY_UNDO, 'redo')).toBe(EMPTY_UNDO)
  })
})
