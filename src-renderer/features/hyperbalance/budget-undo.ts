/** A saved budget: a team's (budget and currency) or, with `teamId` null, the company merit budget. */
export interface BudgetValue {
  teamId: number | null
  budget: number | null
  currency: string | null
}

/** One undoable budget save: `before` undoes it, `after` does it again; `label` names the budget. */
export interface BudgetStep {
  label: string
  before: BudgetValue
  after: BudgetValue
}

export interface BudgetUndo {
  past: BudgetStep[]
  future: BudgetStep[]
}

export const BUDGET_UNDO_LIMIT = 50
export const EMPTY_BUDGET_UNDO: BudgetUndo = { past: [], future: [] }

export function recordBudgetStep(state: BudgetUndo, step: BudgetStep): BudgetUndo {
  const same = step.before.budget === step.after.budget && step.before.currency === step.after.currency
  return same ? state : { past: [...state.past, step].slice(-BUDGET_UNDO_LIMIT), future: [] }
}

/** The value to save for an undo or redo, and the state once it is saved; null when there is none. */
export function moveBudgetStep(
  state: BudgetUndo,
  direction: 'undo' | 'redo',
): { step: BudgetStep; value: BudgetValue; next: BudgetUndo } | null {
  if (direction === 'undo') {
    const step = state.past[state.past.length - 1]
    if (!step) return null
    return {
      step,
      value: step.before,
      next: { past: state.past.slice(0, -1), future: [...state.future, step] },
    }
  }
  const step = state.future[state.future.length - 1]
  if (!step) return null
  return { step, value: step.after, next: { past: [...state.past, step], future: state.future.slice(0, -1) } }
}
