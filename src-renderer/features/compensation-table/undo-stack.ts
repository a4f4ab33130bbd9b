import type { RewardUpdate } from './cell-edit'

/** One undoable step: an edit, or a whole paste. `before` undoes it, `after` does it again. */
export interface UndoStep {
  label: string
  before: RewardUpdate[]
  after: RewardUpdate[]
}

/** Serializable: the session's steps, oldest first. */
export interface UndoState {
  past: UndoStep[]
  future: UndoStep[]
}

/** How many steps are kept; the oldest fall off. */
export const UNDO_LIMIT = 100

export const EMPTY_UNDO: UndoState = { past: [], future: [] }

/** A new edit: it becomes the last step and clears what could be redone. */
export function recordStep(state: UndoState, step: UndoStep, limit = UNDO_LIMIT): UndoState {
  if (step.after.length === 0) return state
  return { past: [...state.past, step].slice(-limit), future: [] }
}

export type Direction = 'undo' | 'redo'

/** The step an undo or redo would apply, and the updates to send; null when there is none. */
export function nextStep(
  state: UndoState,
  direction: Direction,
): { step: UndoStep; updates: RewardUpdate[] } | null {
  if (direction === 'undo') {
    const step = state.past[state.past.length - 1]
    return step ? { step, updates: step.before } : null
  }
  const step = state.future[state.future.length - 1]
  return step ? { step, updates: step.after } : null
}

/** Once `nextStep`'s updates were applied: the step moves to the other side. A failed apply moves nothing. */
export function stepApplied(state: UndoState, direction: Direction): UndoState {
  if (direction === 'undo') {
    const step = state.past[state.past.length - 1]
    return step ? { past: state.past.slice(0, -1), future: [...state.future, step] } : state
  }
  const step = state.future[state.future.length - 1]
  return step ? { past: [...state.past, step], future: state.future.slice(0, -1) } : state
}
