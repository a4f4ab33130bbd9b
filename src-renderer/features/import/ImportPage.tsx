import { useCallback, useMemo, useRef, type ChangeEvent } from 'react'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'
import { importWarningsQuestion } from '../../../src-shared/domain/import-warnings'
import { useDialog } from '../../components/dialog'
import { useUndoKeys } from '../../components/keyboard'
import { JobProfileList } from '../records/JobProfileList'
import { PayRangeList } from '../records/PayRangeList'
import { useLeaveGuard } from '../../components/leave-guard'
import { ImportGrid } from './ImportGrid'
import { ImportChangesPanel } from './ImportChangesPanel'
import { ImportAbortReason, ImportDone, ImportProgressPanel } from './ImportStatus'
import { ImportSummaryPanel } from './ImportSummaryPanel'
import { ImportToolbar } from './ImportToolbar'
import { ImportWarningsPanel } from './ImportWarningsPanel'
import { RowErrorsPanel } from './RowErrorsPanel'
import { formatCount } from './import-view'
import { useImport, type FileMode } from './use-import'
import { useImportPreview } from './use-import-preview'
import './import.css'

const REQUIRED = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.header)

/** /import (Manage Data): read an employee CSV, review and fix its errors, then import it. */
export default function ImportPage() {
  const ctl = useImport()
  const dialog = useDialog()
  const fileInput = useRef<HTMLInputElement>(null)
  const fileMode = useRef<FileMode>('start')
  const { state, dispatch } = ctl
  const { summary, busy, page, selectedRow } = state
  const phase = summary?.phase ?? null
  const selected = useMemo(() => page?.rows.find((r) => r.row === selectedRow) ?? null, [page, selectedRow])
  const preview = useImportPreview(state.importId, phase === 'review', state.revision)

  async function choose(mode: FileMode) {
    if (mode === 'start' && phase === 'review' && summary && summary.rows > 0) {
      const replace = await dialog.confirm({
        title: 'Start a new import?',
        message: `The ${formatCount(summary.rows)} rows in review and your fixes will be dropped.`,
        confirmLabel: 'Choose a new file',
        tone: 'danger',
      })
      if (!replace) return
    }
    if (ctl.nativeDialogs) {
      void ctl.pickAndLoad(mode)
      return
    }
    fileMode.current = mode
    fileInput.current?.click()
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    const mode = fileMode.current
    fileMode.current = 'start'
    if (file) void ctl.uploadAndLoad(file, mode)
  }

  async function discard() {
    if (phase === 'review' && summary && summary.rows > 0) {
      const sure = await dialog.confirm({
        title: 'Discard this import?',
        message: 'The rows read and your fixes will be dropped. Nothing has been imported.',
        confirmLabel: 'Discard',
        tone: 'danger',
      })
      if (!sure) return
    }
    await ctl.discard()
  }

  /** With warnings, the commit asks once (issue 36). */
  async function commit() {
    const warnings = summary?.warningCount ?? 0
    if (warnings > 0) {
      const sure = await dialog.confirm({
        title: importWarningsQuestion(warnings),
        message: 'Rows with a warning are imported as they are. Cancel to look at them first.',
        confirmLabel: 'Import anyway',
      })
      if (!sure) return
    }
    await ctl.commit()
  }

  const { editCell, undo, redo } = ctl
  useUndoKeys(undo, redo)
  // Fixes live in main's memory until the import is committed.
  useLeaveGuard(phase === 'review' && Boolean(summary?.undoLabel))
  const onEdit = useCallback(
    (row: number, field: string, value: string) => void editCell(row, field, value),
    [editCell],
  )
  const onSelect = useCallback((row: number | null) => dispatch({ type: 'select', row }), [dispatch])
  const onOffset = useCallback((offset: number) => dispatch({ type: 'offset', offset }), [dispatch])
  const onGoToRow = useCallback((row: number) => dispatch({ type: 'goToRow', row }), [dispatch])
  const onJumped = useCallback(() => dispatch({ type: 'jumped' }), [dispatch])
  const onGoToCell = useCallback(
    (row: number, field: string) => dispatch({ type: 'goToCell', row, field }),
    [dispatch],
  )

  return (
    <section className="page page--fill import-page" aria-labelledby="import-title" data-testid="import-page">
      <header className="page__header">
        <h1 id="import-title" className="page__title">
          Manage Data
        </h1>
        <span className="muted">Import employees from a CSV file</span>
      </header>

      <ImportToolbar
        summary={summary}
        busy={busy}
        onChoose={() => void choose('start')}
        onAppend={() => void choose('append')}
        onUndo={ctl.undo}
        onRedo={ctl.redo}
        onRevalidate={() => void ctl.revalidate()}
        onDiscard={() => void discard()}
        onCommit={() => void commit()}
      />
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file-input"
        onChange={onFileChosen}
      />

      {(phase === 'parsing' || busy === 'commit') && (
        <ImportProgressPanel
          progress={state.progress}
          committing={busy === 'commit'}
          onCancel={phase === 'parsing' ? () => void ctl.cancel() : null}
          cancelling={busy === 'cancel'}
        />
      )}
      {summary && <ImportAbortReason summary={summary} />}
      {phase === 'imported' && summary && <ImportDone summary={summary} />}

      {!summary && (
        <div className="empty-state import-empty">
          <p>Choose a CSV file with one employee per row and a header line.</p>
          <p className="muted">Required headers: {REQUIRED.join(', ')}.</p>
        </div>
      )}
      {!summary && <PayRangeList />}
      {!summary && <JobProfileList />}

      {phase === 'review' && summary && (
        <>
          <ImportSummaryPanel
            summary={summary}
            onlyErrors={state.onlyErrors}
            onOnlyErrors={(onlyErrors) => dispatch({ type: 'onlyErrors', onlyErrors })}
            onDownloadErrors={busy === 'report' ? null : () => void ctl.downloadErrors()}
          />
          <ImportWarningsPanel summary={summary} onGoToRow={onGoToRow} />
          <ImportChangesPanel preview={preview} busy={busy !== null} />
          <div className="import-review">
            <ImportGrid
              headers={summary.headers}
              page={page}
              offset={state.offset}
              onlyErrors={state.onlyErrors}
              onEdit={onEdit}
              onSelect={onSelect}
              onOffset={onOffset}
              rowCount={summary.rows}
              onGoToRow={onGoToRow}
              jump={state.jump}
              onJumped={onJumped}
            />
            <RowErrorsPanel
              selectedRow={selectedRow}
              row={selected}
              busy={busy !== null}
              onFix={ctl.fixConsistency}
              pendingEdit={summary.pendingEdit}
              onResolve={ctl.resolveEdit}
              onGoToCell={onGoToCell}
              onDayFirst={ctl.readDayFirst}
            />
          </div>
        </>
      )}
    </section>
  )
}
