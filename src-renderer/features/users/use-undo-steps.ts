import { useCallback, useRef, useState } from 'react'
import { useUndoKeys } from '../../components/keyboard'
import { useToast } from '../../components/toast'
import { moveStep, NO_STEPS, pushStep, type UndoStep, type UndoSteps } from './undo-steps'

/** Undo and redo of a records screen: buttons, Ctrl+Z / Ctrl+Shift+Z, one move at a time. */
export function useUndoSteps(afterMove: () => void) {
  const toast = useToast()
  const [steps, setSteps] = useState<UndoSteps>(NO_STEPS)
  const current = useRef(steps)
  const busy = useRef(false)

  const record = useCallback((step: UndoStep) => {
    current.current = pushStep(current.current, step)
    setSteps(current.current)
  }, [])

  const move = useCallback(
    async (direction: 'undo' | 'redo') => {
      if (busy.current) return
      busy.current = true
      try {
        const moved = await moveStep(current.current, direction)
        if (!moved) return
        current.current = moved.next
        setSteps(moved.next)
        toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${moved.step.label}`)
      } catch (error) {
        toast.error(`Error: ${error instanceof Error ? error.message : 'Unknown Error'}`)
      } finally {
        busy.current = false
        afterMove()
      }
    },
    [toast, afterMove],
  )
  const undo = useCallback(() => void move('undo'), [move])
  const redo = useCallback(() => void move('redo'), [move])
  useUndoKeys(undo, redo)

  return {
    record,
    undo,
    redo,
    undoLabel: steps.past[steps.past.length - 1]?.label ?? null,
    redoLabel: steps.future[steps.future.length - 1]?.label ?? null,
  }
}
