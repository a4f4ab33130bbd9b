import { useEffect, type Dispatch } from 'react'
import { bridge, invoke } from '../../app/client'
import { useToast } from '../../components/toast'
import { forgetImport, rememberImport, rememberedImport, takeDone } from './import-resume'
import { IMPORT_PAGE_SIZE, type ImportAction, type ImportState } from './import-state'

/** While a file is read, main's summary is also asked for now and then, should an event be missed. */
const PARSING_POLL_MS = 2000

/**
 * Keeps the screen in step with main: `import.changed` and `task.progress` events, a poll while
 * parsing, the page of rows for the current filter and offset, and resuming the import the user
 * left on this workbook.
 */
export function useImportSync(
  state: ImportState,
  dispatch: Dispatch<ImportAction>,
  nextTicket: () => number,
  sessionKey: string | null,
): void {
  const toast = useToast()
  const { importId, onlyErrors, offset, revision } = state
  const phase = state.summary?.phase ?? null

  useEffect(() => {
    const offChanged = bridge.on('import.changed', (summary) => {
      dispatch({ type: 'summary', summary, ticket: nextTicket(), source: 'event' })
    })
    const offProgress = bridge.on('task.progress', (progress) => {
      if (progress.task !== 'import') return
      const { done, total, message } = progress
      dispatch({ type: 'progress', progress: { done, total, message } })
    })
    return () => {
      offChanged()
      offProgress()
    }
  }, [dispatch, nextTicket])

  // Back on the screen: the import just finished, or the one left in review (or being read).
  useEffect(() => {
    const done = takeDone(sessionKey)
    if (done) dispatch({ type: 'summary', summary: done, ticket: nextTicket(), source: 'answer' })
    const remembered = rememberedImport(sessionKey)
    if (!remembered) return
    let live = true
    const ticket = nextTicket()
    void invoke('import.summary', { importId: remembered }).then((answer) => {
      if (!live) return
      if (answer.ok && answer.value.phase !== 'imported')
        dispatch({ type: 'summary', summary: answer.value, ticket, source: 'answer' })
      else forgetImport(sessionKey)
    })
    return () => {
      live = false
    }
  }, [sessionKey, dispatch, nextTicket])

  useEffect(() => {
    if (importId && phase !== 'imported') rememberImport(sessionKey, importId)
  }, [sessionKey, importId, phase])

  useEffect(() => {
    if (!importId || phase !== 'parsing') return
    const timer = setInterval(() => {
      const ticket = nextTicket()
      void invoke('import.summary', { importId }).then((answer) => {
        if (answer.ok) dispatch({ type: 'summary', summary: answer.value, ticket, source: 'answer' })
      })
    }, PARSING_POLL_MS)
    return () => clearInterval(timer)
  }, [importId, phase, dispatch, nextTicket])

  // The page: again whenever a summary arrives (an edit or a fix may change any row).
  useEffect(() => {
    if (!importId || phase !== 'review') return
    let live = true
    void invoke('import.rows', { importId, onlyErrors, offset, limit: IMPORT_PAGE_SIZE }).then((answer) => {
      if (!live) return
      if (answer.ok) dispatch({ type: 'page', importId, offset, onlyErrors, page: answer.value })
      else toast.error(answer.error.message)
    })
    return () => {
      live = false
    }
  }, [importId, phase, onlyErrors, offset, revision, dispatch, toast])
}
