import { useCallback, useState } from 'react'
import type { ChannelInput, PickedFile, Result, WorkbookSummary } from '../../../src-shared/contract'
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
  /** `path` is the handle of a file chosen for 'create' (pickCreateFile). */
  create(input: ChannelInput<'workbook.create'>): Promise<boolean>
  /** Opens the workbook behind a handle (a recent file, a dialog's choice). */
  open(handle: string): Promise<boolean>
  openDemo(): Promise<boolean>
  /** Electron: the native open dialog, then open the chosen file. */
  pickAndOpen(): Promise<boolean>
  /**
   * Where a new workbook goes: Electron's save dialog, or in browser mode `name` in the files folder,
   * or in `folder` (a handle from Open…'s browser).
   */
  pickCreateFile(name?: string, folder?: string): Promise<PickedFile | null>
  /** After the shell opened a workbook itself (a company joined): show it. */
  refresh(): Promise<void>
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

  const open = useCallback(
    (handle: string) => run('open', () => invoke('workbook.open', { path: handle })),
    [run],
  )

  const pickFile = useCallback(
    async (purpose: 'open' | 'create', name?: string, folder?: string): Promise<PickedFile | null> => {
      setBusy('pick')
      setError(null)
      try {
        const picked = await invoke('workbook.pickFile', {
          purpose,
          ...(name === undefined ? {} : { name }),
          ...(folder === undefined ? {} : { folder }),
        })
        if (!picked.ok) {
          fail(picked.error.message)
          return null
        }
        return picked.value
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
      const picked = await pickFile('open')
      return picked === null ? false : open(picked.handle)
    },
    pickCreateFile: (name, folder) => pickFile('create', name, folder),
    async refresh() {
      await dispatch(refreshSession())
    },
  }
}
