import { useCallback, useState } from 'react'
import type { ChannelInput, Result, WorkbookSummary } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useAppDispatch } from '../../app/hooks'
import { refreshSession } from '../../app/session-thunks'
import { useToast } from '../../components/toast'

export type WorkbookAction = 'create' | 'open' | 'demo' | 'pick'

export interface WorkbookActions {
  /** The action under way, if any (the welcome buttons are disabled meanwhile). */
  busy: WorkbookAction | null
  /** The last failure's message, shown inline (and as an error toast). */
  error: string | null
  create(input: ChannelInput<'workbook.create'>): Promise<boolean>
  open(path: string): Promise<boolean>
  openDemo(): Promise<boolean>
  /** Electron: the native open dialog, then open the chosen file. */
  pickAndOpen(): Promise<boolean>
  /** Electron: the native save dialog for a new workbook's path; null when cancelled. */
  pickCreatePath(): Promise<string | null>
}

/**
 * The welcome screen's calls. Each failure shows the envelope's message inline and as an error
 * toast; each success refreshes `app.info`, after which the welcome screen moves on.
 */
export function useWorkbookActions(): WorkbookActions {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const [busy, setBusy] = useState<WorkbookAction | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = useCallback(
    (message: string) => {
      setError(message)
      toast.error(message)
    },
    [toast],
  )

  const run = useCallback(
    async (action: WorkbookAction, start: () => Promise<Result<WorkbookSummary>>): Promise<boolean> => {
      setBusy(action)
      setError(null)
      try {
        const result = await start()
        if (!result.ok) {
          fail(result.error.message)
          return false
        }
        await dispatch(refreshSession())
        return true
      } finally {
        setBusy(null)
      }
    },
    [dispatch, fail],
  )

  const open = useCallback((path: string) => run('open', () => invoke('workbook.open', { path })), [run])

  const pickFile = useCallback(
    async (purpose: 'open' | 'create'): Promise<string | null> => {
      setBusy('pick')
      setError(null)
      try {
        const picked = await invoke('workbook.pickFile', { purpose })
        if (!picked.ok) {
          fail(picked.error.message)
          return null
        }
        return picked.value.path
      } finally {
        setBusy(null)
      }
    },
    [fail],
  )

  return {
    busy,
    error,
    create: (input) => run('create', () => invoke('workbook.create', input)),
    open,
    openDemo: () => run('demo', () => invoke('workbook.openDemo', {})),
    async pickAndOpen() {
      const path = await pickFile('open')
      return path === null ? false : open(path)
    },
    pickCreatePath: () => pickFile('create'),
  }
}
