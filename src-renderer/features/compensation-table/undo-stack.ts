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

/**
 * The history without the refused reward edits (the server refused them and they were put back): an
 * employee's refused fields leave every step, before and after alike, and a step left with nothing
 * to do goes. Undo and redo then never send a refused value again, nor put back what the refusal
 * already restored.
 */
export function withoutRefused(
  state: UndoState,
  refused: readonly { employeeId: number; fields: readonly string[] }[],
): UndoState {
  const fieldsOf = new Map<number, Set<string>>()
  for (const { employeeId, fields } of refused)
    fieldsOf.set(employeeId, new Set([...(fieldsOf.get(employeeId) ?? []), ...fields]))
  const trim = (updates: RewardUpdate[]): RewardUpdate[] =>
    updates.flatMap((update) => {
      const gone = fieldsOf.get(update.employeeId)
      if (!gone) return [update]
      const changes = Object.fromEntries(Object.entries(update.changes).filter(([field]) => !gone.has(field)))
      return Object.keys(changes).length > 0 ? [{ ...update, changes }] : []
    })
  const steps = (list: UndoStep[]): UndoStep[] =>
    list.flatMap((step) => {
      const after = trim(step.after)
      return after.length > 0 ? [{ ...step, before: trim(step.before), after }] : []
    })
  return { past: steps(state.past), future: steps(state.future) }
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
