/**
 * An undoable change on a records screen: `undo` takes it back, `redo` makes it again (each calls
 * the main process, which checks the role rules again). Kept for the page's visit, 50 steps.
 */
export interface UndoStep {
  label: string
  undo(): Promise<void>
  redo(): Promise<void>
}

export interface UndoSteps {
  past: readonly UndoStep[]
  future: readonly UndoStep[]
}

export const UNDO_LIMIT = 50
export const NO_STEPS: UndoSteps = { past: [], future: [] }

export function pushStep(state: UndoSteps, step: UndoStep): UndoSteps {
  return { past: [...state.past, step].slice(-UNDO_LIMIT), future: [] }
}

/** Runs the last step's undo (or the next redo); the state moves only when it succeeds. */
export async function moveStep(
  state: UndoSteps,
  direction: 'undo' | 'redo',
): Promise<{ step: UndoStep; next: UndoSteps } | null> {
  if (direction === 'undo') {
    const step = state.past[state.past.length - 1]
    if (!step) return null
    await step.undo()
    return { step, next: { past: state.past.slice(0, -1), future: [...state.future, step] } }
  }
  const step = state.future[state.future.length - 1]
  if (!step) return null
  await step.redo()
  return { step, next: { past: [...state.past, step], future: state.future.slice(0, -1) } }
}
