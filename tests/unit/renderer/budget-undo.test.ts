import {
  BUDGET_UNDO_LIMIT,
  EMPTY_BUDGET_UNDO,
  moveBudgetStep,
  recordBudgetStep,
  type BudgetStep,
} from '../../../src-renderer/features/hyperbalance/budget-undo'

const step = (teamId: number | null, before: number | null, after: number | null): BudgetStep => ({
  label: teamId === null ? 'Company' : `Team ${teamId}`,
  before: { teamId, budget: before, currency: 'USD' },
  after: { teamId, budget: after, currency: 'USD' },
})

describe('budget undo', () => {
  it('undoes to the value before a save and redoes to the value after, newest first', () => {
    let state = recordBudgetStep(EMPTY_BUDGET_UNDO, step(1, null, 100))
    state = recordBudgetStep(state, step(null, 500, 700))
    const undo = moveBudgetStep(state, 'undo')
    expect(undo?.value).toEqual({ teamId: null, budget: 500, currency: 'USD' })
    const undoAgain = moveBudgetStep(undo!.next, 'undo')
    expect(undoAgain?.value).toEqual({ teamId: 1, budget: null, currency: 'USD' })
    expect(moveBudgetStep(undoAgain!.next, 'undo')).toBeNull()
    const redo = moveBudgetStep(undoAgain!.next, 'redo')
    expect(redo?.value).toEqual({ teamId: 1, budget: 100, currency: 'USD' })
  })

  it('a new save clears what could be redone; a save that changes nothing is not a step', () => {
    let state = recordBudgetStep(EMPTY_BUDGET_UNDO, step(1, null, 100))
    state = moveBudgetStep(state, 'undo')!.next
    state = recordBudgetStep(state, step(2, 5, 6))
    expect(state.future).toEqual([])
    expect(recordBudgetStep(state, step(3, 7, 7))).toBe(state)
  })

  it(`keeps the last ${BUDGET_UNDO_LIMIT} steps`, () => {
    let state = EMPTY_BUDGET_UNDO
    for (let i = 0; i < BUDGET_UNDO_LIMIT + 5; i++) state = recordBudgetStep(state, step(i, i, i + 1))
    expect(state.past).toHaveLength(BUDGET_UNDO_LIMIT)
    expect(state.past[0].before.teamId).toBe(5)
  })
})
