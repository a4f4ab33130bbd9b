import type { StatementTemplateDraft } from '../../../src-shared/domain/statements/templates'

/**
 * The template editor's undo: every change of the draft is a step, except that typing in one field
 * within a pause (COALESCE_MS) stays one step, as text editors do. 100 steps.
 */
export const COALESCE_MS = 800
export const HISTORY_LIMIT = 100

export interface DraftHistory {
  past: StatementTemplateDraft[]
  present: StatementTemplateDraft
  future: StatementTemplateDraft[]
  /** The field last typed in and when, to join keystrokes into one step. */
  typing: { field: string; at: number } | null
}

export function startHistory(draft: StatementTemplateDraft): DraftHistory {
  return { past: [], present: draft, future: [], typing: null }
}

/** A new draft; `typing` names the text field for keystrokes (null: a step of its own). */
export function changeDraft(
  history: DraftHistory,
  next: StatementTemplateDraft,
  typing: { field: string; at: number } | null,
): DraftHistory {
  const joins =
    typing !== null &&
    history.typing !== null &&
    history.typing.field === typing.field &&
    typing.at - history.typing.at < COALESCE_MS
  return {
    past: joins ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    typing,
  }
}

export function undoDraft(history: DraftHistory): DraftHistory {
  const previous = history.past.at(-1)
  if (!previous) return history
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    typing: null,
  }
}

export function redoDraft(history: DraftHistory): DraftHistory {
  const [next, ...rest] = history.future
  if (!next) return history
  return { past: [...history.past, history.present], present: next, future: rest, typing: null }
}

export function sameDraft(a: StatementTemplateDraft, b: StatementTemplateDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
