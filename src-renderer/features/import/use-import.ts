import { useCallback, useReducer, useRef, type Dispatch } from 'react'
import type { ImportSummary, PickedFile, Result } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { uploadFile } from '../../app/http-bridge'
import { selectNativeDialogs, selectSessionKey } from '../../app/session-slice'
import { useStartDataLoad } from '../../app/use-initial-data-load'
import { downloadText } from '../../components/download'
import { useToast } from '../../components/toast'
import { forgetImport, rememberDone } from './import-resume'
import {
  importReducer,
  initialImportState,
  type ImportAction,
  type ImportBusy,
  type ImportState,
} from './import-state'
import {
  errorReportFileName,
  importedMessage,
  remainingErrorsMessage,
  type ConsistencyField,
} from './import-view'
import { useImportSync } from './use-import-sync'
import { countOf } from '../../../src-shared/domain/words'

export type FileMode = 'start' | 'append'

export interface ImportController {
  state: ImportState
  dispatch: Dispatch<ImportAction>
  /** Electron: choose with the native dialog. Browser mode: the page's hidden file input. */
  nativeDialogs: boolean
  pickAndLoad(mode: FileMode): Promise<void>
  uploadAndLoad(file: File, mode: FileMode): Promise<void>
  cancel(): Promise<void>
  editCell(row: number, field: string, value: string): Promise<void>
  /** The answer to an edit waiting in summary.pendingEdit. */
  resolveEdit(
    resolution: 'mark' | 'matchRow' | 'rename' | 'cancel',
    key?: ConsistencyField,
    newValue?: string,
  ): Promise<void>
  fixConsistency(
    row: number,
    field: ConsistencyField,
    mode: 'matchRow' | 'rename',
    newValue?: string,
  ): Promise<void>
  /** "This column is day-first": its d/m/yyyy dates rewritten as yyyy-mm-dd (issue 36). */
  readDayFirst(field: 'hireDate' | 'dateOfLastIncrease'): Promise<void>
  /** Takes back the last edit or consistency fix (Ctrl+Z); redo makes it again (Ctrl+Shift+Z). */
  undo(): void
  redo(): void
  revalidate(): Promise<void>
  /** Saves every error as a CSV report ('<file>-errors.csv'). */
  downloadErrors(): Promise<void>
  commit(): Promise<void>
  discard(): Promise<void>
}

/**
 * The Manage Data screen's state (local and serializable: one screen uses it) and its calls. Every
 * failure shows the envelope's message as an error toast; an import main no longer knows (NOT_FOUND)
 * is dropped from the screen.
 */
export function useImport(): ImportController {
  const [state, dispatch] = useReducer(importReducer, undefined, initialImportState)
  const toast = useToast()
  const startDataLoad = useStartDataLoad()
  const sessionKey = useAppSelector(selectSessionKey)
  const nativeDialogs = useAppSelector(selectNativeDialogs)
  const tickets = useRef(0)
  const nextTicket = useCallback(() => ++tickets.current, [])
  const { importId, summary, busy } = state

  useImportSync(state, dispatch, nextTicket, sessionKey)

  const call = useCallback(
    async <T>(busy: ImportBusy, request: () => Promise<Result<T>>): Promise<T | null> => {
      dispatch({ type: 'busy', busy })
      try {
        const result = await request()
        if (result.ok) return result.value
        toast.error(result.error.message)
        if (result.error.code === 'NOT_FOUND' && busy !== 'start') {
          forgetImport(sessionKey)
          dispatch({ type: 'reset' })
        }
        return null
      } finally {
        dispatch({ type: 'busy', busy: null })
      }
    },
    [toast, sessionKey],
  )

  const callSummary = useCallback(
    async (
      busy: ImportBusy,
      request: () => Promise<Result<ImportSummary>>,
    ): Promise<ImportSummary | null> => {
      const ticket = nextTicket()
      const answer = await call(busy, request)
      if (answer) dispatch({ type: 'summary', summary: answer, ticket, source: 'answer' })
      return answer
    },
    [call, nextTicket],
  )

  const load = useCallback(
    async (mode: FileMode, request: () => Promise<Result<PickedFile>>) => {
      const previous = summary && summary.phase !== 'imported' ? importId : null
      if (mode === 'append' && importId) {
        const id = importId
        await callSummary('append', async () => {
          const file = await request()
          return file.ok ? invoke('import.append', { importId: id, path: file.value.handle }) : file
        })
        return
      }
      const started = await callSummary('start', async () => {
        const file = await request()
        return file.ok ? invoke('import.start', { path: file.value.handle }) : file
      })
      // The import this one replaces stays in main's memory until discarded.
      if (started && previous && previous !== started.importId)
        void invoke('import.discard', { importId: previous })
    },
    [callSummary, importId, summary],
  )

  const pickAndLoad = useCallback(
    async (mode: FileMode) => {
      const picked = await call(mode, () => invoke('workbook.pickFile', { purpose: 'importCsv' }))
      if (picked) await load(mode, async () => ({ ok: true, value: picked }))
    },
    [call, load],
  )

  const uploadAndLoad = useCallback(
    (file: File, mode: FileMode) => load(mode, () => uploadFile(file)),
    [load],
  )

  const withImport = useCallback(
    async (busy: ImportBusy, request: (id: string) => Promise<Result<ImportSummary>>) => {
      if (!importId) return null
      return callSummary(busy, () => request(importId))
    },
    [callSummary, importId],
  )

  const commit = useCallback(async () => {
    const done = await withImport('commit', (id) => invoke('import.commit', { importId: id }))
    if (done?.phase !== 'imported') return
    toast.success(importedMessage(done.imported))
    const ended = done.outcome?.rewardsEnded ?? 0
    if (ended > 0) toast.info(`Ended the rewards of ${countOf(ended, 'employee')} missing from the file.`)
    for (const refusal of done.outcome?.rewardsNotEnded ?? []) toast.error(refusal)
    forgetImport(sessionKey)
    rememberDone(sessionKey, done)
    // The rows are written; main need not hold them any longer.
    void invoke('import.discard', { importId: done.importId })
    startDataLoad()
  }, [withImport, toast, sessionKey, startDataLoad])

  const step = useCallback(
    async (direction: 'undo' | 'redo') => {
      const label = direction === 'undo' ? summary?.undoLabel : summary?.redoLabel
      if (summary?.phase !== 'review' || busy !== null) return
      if (!label) {
        toast.info(direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.')
        return
      }
      const done = await withImport(direction, (id) => invoke(`import.${direction}`, { importId: id }))
      if (done) toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${label}`)
    },
    [summary, busy, withImport, toast],
  )
  const undo = useCallback(() => void step('undo'), [step])
  const redo = useCallback(() => void step('redo'), [step])

  const discard = useCallback(async () => {
    if (!importId) return
    dispatch({ type: 'busy', busy: 'discard' })
    try {
      const answer = await invoke('import.discard', { importId })
      // Already gone is as good as discarded.
      if (!answer.ok && answer.error.code !== 'NOT_FOUND') {
        toast.error(answer.error.message)
        return
      }
      forgetImport(sessionKey)
      dispatch({ type: 'reset' })
    } finally {
      dispatch({ type: 'busy', busy: null })
    }
  }, [importId, sessionKey, toast])

  return {
    state,
    dispatch,
    nativeDialogs,
    pickAndLoad,
    uploadAndLoad,
    async cancel() {
      await withImport('cancel', (id) => invoke('import.cancel', { importId: id }))
    },
    async editCell(row, field, value) {
      const edited = await withImport('edit', (id) =>
        invoke('import.editCell', { importId: id, row, field, value, conflicts: 'ask' }),
      )
      if (edited?.pendingEdit) dispatch({ type: 'select', row: edited.pendingEdit.row })
    },
    async resolveEdit(resolution, key, newValue) {
      await withImport('fix', (id) =>
        invoke('import.resolveEdit', {
          importId: id,
          resolution,
          ...(key === undefined ? {} : { key }),
          ...(newValue === undefined ? {} : { newValue }),
        }),
      )
    },
    async fixConsistency(row, field, mode, newValue) {
      await withImport('fix', (id) =>
        invoke('import.fixConsistency', {
          importId: id,
          row,
          field,
          mode,
          ...(newValue === undefined ? {} : { newValue }),
        }),
      )
    },
    async readDayFirst(field) {
      await withImport('fix', (id) => invoke('import.readDayFirst', { importId: id, field }))
    },
    undo,
    redo,
    async downloadErrors() {
      if (!importId || !summary) return
      const report = await call('report', () => invoke('import.errorReport', { importId }))
      if (report) downloadText(report.csv, errorReportFileName(summary))
    },
    async revalidate() {
      const checked = await withImport('revalidate', (id) => invoke('import.revalidate', { importId: id }))
      if (checked) toast.info(remainingErrorsMessage(checked.errorCount))
    },
    commit,
    discard,
  }
}
