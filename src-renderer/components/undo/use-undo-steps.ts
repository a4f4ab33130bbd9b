import { useCallback, useEffect, useRef, useState } from 'react'
import { useUndoKeys } from '../keyboard'
import { useToast } from '../toast'
import { moveStep, NO_STEPS, pushStep, type UndoStep, type UndoSteps } from './undo-steps'

/** Undo histories that outlive a page's visit, by key (a screen and the open workbook's session). */
const kept = new Map<string, UndoSteps>()
/** The mounted screens' histories, to clear with `forgetRecordUndo`. */
const mounted = new Set<() => void>()

/**
 * A record change the server refused was put back: every records screen's history starts over
 * (kept and mounted), so undo and redo never replay the refused change or a value from before the
 * refusal. The steps are closures over main-process calls, so which ones held it is not known.
 */
export function forgetRecordUndo(): void {
  kept.clear()
  for (const clear of mounted) clear()
}

export interface UndoStepsOptions {
  /** Ctrl+Z / Ctrl+Shift+Z too (false: a panel over a page whose own undo owns the keys). */
  keys?: boolean
  /** Keep the history under this key when the screen closes (e.g. `payRanges:<session>`). */
  keepAs?: string | null
}

/** Undo and redo of a records screen: buttons and keys, one move at a time. */
export function useUndoSteps(afterMove: () => void, { keys = true, keepAs = null }: UndoStepsOptions = {}) {
  const toast = useToast()
  const [steps, setSteps] = useState<UndoSteps>(() => (keepAs && kept.get(keepAs)) || NO_STEPS)
  const current = useRef(steps)
  const busy = useRef(false)

  const update = useCallback(
    (next: UndoSteps) => {
      current.current = next
      if (keepAs) kept.set(keepAs, next)
      setSteps(next)
    },
    [keepAs],
  )

  const record = useCallback((step: UndoStep) => update(pushStep(current.current, step)), [update])
  useEffect(() => {
    const clear = () => update(NO_STEPS)
    mounted.add(clear)
    return () => void mounted.delete(clear)
  }, [update])

  const move = useCallback(
    async (direction: 'undo' | 'redo') => {
      if (busy.current) return
      busy.current = true
      try {
        const moved = await moveStep(current.current, direction)
        if (!moved) return
        update(moved.next)
        toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${moved.step.label}`)
      } catch (error) {
        toast.error(`Error: ${error instanceof Error ? error.message : 'Unknown Error'}`)
      } finally {
        busy.current = false
        afterMove()
      }
    },
    [toast, afterMove, update],
  )
  const undo = useCallback(() => void move('undo'), [move])
  const redo = useCallback(() => void move('redo'), [move])
  const none = useCallback(() => undefined, [])
  useUndoKeys(keys ? undo : none, keys ? redo : none)

  return {
    record,
    undo,
    redo,
    undoLabel: steps.past[steps.past.length - 1]?.label ?? null,
    redoLabel: steps.future[steps.future.length - 1]?.label ?? null,
  }
}
