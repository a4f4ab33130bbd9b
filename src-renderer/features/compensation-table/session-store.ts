import { useSyncExternalStore } from 'react'
import { EMPTY_UNDO, withoutRefused, type UndoState } from './undo-stack'

/**
 * Table state that outlives the page for the rest of the session (the same workbook and user): the
 * undo history and who the table is viewed as. Plain serializable data, dropped when the session key
 * changes. Lives here, not in the Redux store, because the store's reducers belong to the app shell.
 */
export interface TableSessionState {
  sessionKey: string | null
  undo: UndoState
  /** 'View as' (SUPER_USER, ADMIN, OWNER): the employee whose rows the table shows; null = self. */
  viewAsEmployeeId: number | null
}

const INITIAL: TableSessionState = {
  sessionKey: null,
  undo: EMPTY_UNDO,
  viewAsEmployeeId: null,
}

let state: TableSessionState = INITIAL
const listeners = new Set<() => void>()

export function getTableSession(): TableSessionState {
  return state
}

/** Updates the state of this session; another session key starts over from empty. */
export function updateTableSession(
  sessionKey: string | null,
  update: (current: TableSessionState) => Partial<TableSessionState>,
): void {
  const current = state.sessionKey === sessionKey ? state : { ...INITIAL, sessionKey }
  state = { ...current, ...update(current), sessionKey }
  for (const listener of listeners) listener()
}

/** Reward edits the server refused (put back in the workbook) leave the session's undo history. */
export function forgetRefusedEdits(
  refused: readonly { employeeId: number; fields: readonly string[] }[],
): void {
  if (refused.length === 0) return
  updateTableSession(state.sessionKey, (current) => ({ undo: withoutRefused(current.undo, refused) }))
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** This session's table state (empty for any other session key). */
export function useTableSession(sessionKey: string | null): TableSessionState {
  const snapshot = useSyncExternalStore(subscribe, getTableSession, getTableSession)
  return snapshot.sessionKey === sessionKey ? snapshot : INITIAL
}
