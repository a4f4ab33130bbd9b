import { useCallback, useSyncExternalStore } from 'react'
import type { OrgSnapshot } from '../../../src-shared/contract'

/**
 * The org chart's undo and redo steps, kept outside the tab so that leaving the org chart (another
 * tab or page) and coming back still offers Undo for every change made there (issue 36). They belong
 * to one workbook and user (the session key); another session starts with none.
 */
export interface OrgStep {
  label: string
  before: OrgSnapshot
  after: OrgSnapshot
}

export interface OrgSteps {
  key: string | null
  past: OrgStep[]
  future: OrgStep[]
}

export const MAX_ORG_STEPS = 50
const EMPTY: OrgSteps = { key: null, past: [], future: [] }

/** A new step: the oldest beyond the limit goes, and what could be redone is dropped. */
export function recordStep(state: OrgSteps, step: OrgStep): OrgSteps {
  return { ...state, past: [...state.past, step].slice(-MAX_ORG_STEPS), future: [] }
}

/** The step undone (or redone) moves to the other list. */
export function moveStep(state: OrgSteps, direction: 'undo' | 'redo'): OrgSteps {
  const from = direction === 'undo' ? state.past : state.future
  const step = from.at(-1)
  if (!step) return state
  return direction === 'undo'
    ? { ...state, past: state.past.slice(0, -1), future: [...state.future, step] }
    : { ...state, past: [...state.past, step], future: state.future.slice(0, -1) }
}

/** The steps of this session: another session's steps are never offered. */
export function stepsFor(state: OrgSteps, key: string | null): OrgSteps {
  return state.key === key ? state : { ...EMPTY, key }
}

let current: OrgSteps = EMPTY
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const read = () => current

function write(state: OrgSteps) {
  current = state
  for (const listener of listeners) listener()
}

/** The steps for `key` (the session key), kept across the org chart's mounts. */
export function useOrgSteps(key: string | null) {
  const state = stepsFor(useSyncExternalStore(subscribe, read), key)
  const update = useCallback(
    (change: (state: OrgSteps) => OrgSteps) => write(change(stepsFor(current, key))),
    [key],
  )
  return { steps: state, update }
}
