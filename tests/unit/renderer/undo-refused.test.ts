import { describe, expect, it } from 'vitest'
import {
  EMPTY_UNDO,
  nextStep,
  recordStep,
  stepApplied,
  withoutRefused,
  type UndoStep,
} from '../../../src-renderer/features/compensation-table/undo-stack'
import {
  forgetRefusedEdits,
  getTableSession,
  updateTableSession,
} from '../../../src-renderer/features/compensation-table/session-store'

/**
 * Issue 16: a reward edit the server refused is put back in the workbook ("The server refused your
 * change to <name>: <reason> It was put back."); the table's undo history must not replay it.
 */

const lumpStep = (employeeId: number, from: number, to: number): UndoStep => ({
  label: `Edit Lump Sum ${to}`,
  before: [{ employeeId, changes: { lumpSum: from } }],
  after: [{ employeeId, changes: { lumpSum: to } }],
})

describe('undo after a refused push', () => {
  it('forgets the refused edit, so undo goes to the step before it instead of replaying a stale value', () => {
    let state = recordStep(EMPTY_UNDO, lumpStep(7, 0, 100))
    state = recordStep(state, lumpStep(8, 0, 500))
    state = recordStep(state, lumpStep(7, 100, 999))
    // The server refused employee 7's lump sum: put back to 0 in the workbook.
    const trimmed = withoutRefused(state, [{ employeeId: 7, fields: ['lumpSum'] }])
    expect(trimmed.past.map((s) => s.label)).toEqual(['Edit Lump Sum 500'])
    expect(nextStep(trimmed, 'undo')?.updates).toEqual([{ employeeId: 8, changes: { lumpSum: 0 } }])
  })

  it("keeps the rest of a step: other employees' updates and the refused employee's other fields", () => {
    const paste: UndoStep = {
      label: 'Paste',
      before: [
        { employeeId: 7, changes: { lumpSum: 0, comments: null } },
        { employeeId: 8, changes: { lumpSum: 0 } },
      ],
      after: [
        { employeeId: 7, changes: { lumpSum: 100, comments: 'kept' } },
        { employeeId: 8, changes: { lumpSum: 200 } },
      ],
    }
    const trimmed = withoutRefused(recordStep(EMPTY_UNDO, paste), [{ employeeId: 7, fields: ['lumpSum'] }])
    expect(trimmed.past).toEqual([
      {
        label: 'Paste',
        before: [
          { employeeId: 7, changes: { comments: null } },
          { employeeId: 8, changes: { lumpSum: 0 } },
        ],
        after: [
          { employeeId: 7, changes: { comments: 'kept' } },
          { employeeId: 8, changes: { lumpSum: 200 } },
        ],
      },
    ])
  })

  it('drops a refused edit waiting to be redone too', () => {
    const state = stepApplied(recordStep(EMPTY_UNDO, lumpStep(7, 0, 100)), 'undo')
    expect(state.future).toHaveLength(1)
    const trimmed = withoutRefused(state, [{ employeeId: 7, fields: ['lumpSum'] }])
    expect(trimmed).toEqual({ past: [], future: [] })
    expect(nextStep(trimmed, 'redo')).toBeNull()
  })

  it("the session's history forgets them when the refusal arrives", () => {
    updateTableSession('book:user', () => ({ undo: recordStep(EMPTY_UNDO, lumpStep(7, 0, 100)) }))
    forgetRefusedEdits([{ employeeId: 7, fields: ['lumpSum'] }])
    expect(getTableSession()).toMatchObject({ sessionKey: 'book:user', undo: { past: [], future: [] } })
  })
})
