import type { GridApi } from 'ag-grid-community'
import { useCallback, useRef } from 'react'
import type { RewardChanges, TableRow } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useToast } from '../../components/toast'
import { changesNothing, inverseChanges, type RewardUpdate } from './cell-edit'
import type { PastePlan } from './paste'
import { getTableSession, updateTableSession } from './session-store'
import { nextStep, recordStep, stepApplied, type Direction } from './undo-stack'

interface Options {
  sessionKey: string | null
  getApi: () => GridApi<TableRow> | null
  /** After rows changed in main: refresh what spans the whole table (badge, count, panels). */
  onChanged: () => void
}

/**
 * Planner edits: each goes to main as `rewards.update`; the rows it answers replace the old ones in
 * the grid. A failure shows the envelope's message and leaves the old value (the grid is read-only:
 * nothing changed locally). Every edit, and every paste as a whole, is one undo step for the session.
 */
export function useRewardEdits({ sessionKey, getApi, onChanged }: Options) {
  const toast = useToast()

  const send = useCallback(
    async (updates: RewardUpdate[]): Promise<boolean> => {
      const result = await invoke('rewards.update', { updates })
      const api = getApi()
      if (!result.ok) {
        toast.error(result.error.message)
        // put back what the cells showed before typing (editors may have left text behind)
        api?.refreshCells({ force: true })
        return false
      }
      for (const row of result.value) api?.getRowNode(String(row.id))?.setData(row)
      onChanged()
      return true
    },
    [getApi, onChanged, toast],
  )

  const edit = useCallback(
    async (row: TableRow, changes: RewardChanges, label: string) => {
      // The row as it is now: an earlier queued edit of it may have landed since.
      const latest = getApi()?.getRowNode(String(row.id))?.data ?? row
      if (changesNothing(changes, latest)) return
      const after = [{ employeeId: row.id, changes }]
      const before = [{ employeeId: row.id, changes: inverseChanges(changes, latest) }]
      if (await send(after))
        updateTableSession(sessionKey, (s) => ({ undo: recordStep(s.undo, { label, before, after }) }))
    },
    [getApi, send, sessionKey],
  )

  /** A paste: `prepare` plans it once earlier edits have landed (null: nothing to send). */
  const paste = useCallback(
    async (prepare: () => Promise<{ plan: PastePlan; label: string } | null>) => {
      const prepared = await prepare()
      if (!prepared) return
      const { plan, label } = prepared
      if (await send(plan.updates)) {
        updateTableSession(sessionKey, (s) => ({
          undo: recordStep(s.undo, { label, before: plan.inverse, after: plan.updates }),
        }))
        toast.success(
          `${label}: ${plan.updates.length} ${plan.updates.length === 1 ? 'row' : 'rows'} updated.`,
        )
      }
    },
    [send, sessionKey, toast],
  )

  const step = useCallback(
    async (direction: Direction) => {
      const current = getTableSession()
      const next = current.sessionKey === sessionKey ? nextStep(current.undo, direction) : null
      if (!next) {
        toast.info(direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.')
        return
      }
      const ok = await send(next.updates)
      if (ok) {
        updateTableSession(sessionKey, (s) => ({ undo: stepApplied(s.undo, direction) }))
        toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${next.step.label}`)
      }
    },
    [send, sessionKey, toast],
  )

  // One change at a time, in the order made: pressing Ctrl+Z twice undoes two steps.
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(work, work)
    queue.current = run.catch(() => undefined)
    return run
  }, [])

  const undo = useCallback(() => void enqueue(() => step('undo')), [enqueue, step])
  const redo = useCallback(() => void enqueue(() => step('redo')), [enqueue, step])
  const queuedEdit = useCallback(
    (row: TableRow, changes: RewardChanges, label: string) => enqueue(() => edit(row, changes, label)),
    [edit, enqueue],
  )
  const queuedPaste = useCallback(
    (prepare: () => Promise<{ plan: PastePlan; label: string } | null>) => enqueue(() => paste(prepare)),
    [paste, enqueue],
  )
  return { edit: queuedEdit, paste: queuedPaste, undo, redo }
}
