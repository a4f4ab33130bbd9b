import type { ImportSummary } from '../../../src-shared/contract'
import type { ImportBusy } from './import-state'
import { canCommit, commitLabel } from './import-view'

interface Props {
  summary: ImportSummary | null
  busy: ImportBusy | null
  onChoose: () => void
  onAppend: () => void
  onUndo: () => void
  onRedo: () => void
  onRevalidate: () => void
  onDiscard: () => void
  onCommit: () => void
}

/** Choose / append a file on the left; undo, redo, revalidate, discard and import on the right. */
export function ImportToolbar({
  summary,
  busy,
  onChoose,
  onAppend,
  onUndo,
  onRedo,
  onRevalidate,
  onDiscard,
  onCommit,
}: Props) {
  const phase = summary?.phase ?? null
  const reviewing = phase === 'review'
  const working = busy !== null || phase === 'parsing' || phase === 'committing'
  const commitAllowed = canCommit(summary, busy)
  return (
    <div className="import-toolbar" role="toolbar" aria-label="Import">
      <button
        type="button"
        className={`button${reviewing ? '' : ' button--primary'}`}
        disabled={working}
        data-testid="import-choose"
        onClick={onChoose}
      >
        {busy === 'start' ? 'Opening the file…' : 'Choose a CSV file'}
      </button>
      {reviewing && (
        <button
          type="button"
          className="button"
          disabled={working}
          data-testid="import-append"
          onClick={onAppend}
        >
          {busy === 'append' ? 'Adding the file…' : 'Append another file'}
        </button>
      )}
      <span className="import-toolbar__spacer" />
      {reviewing && summary && (
        <>
          <button
            type="button"
            className="button"
            disabled={working || !summary.undoLabel}
            title={summary.undoLabel ? `Undo: ${summary.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
            aria-keyshortcuts="Control+Z"
            data-testid="import-undo"
            onClick={onUndo}
          >
            Undo
          </button>
          <button
            type="button"
            className="button"
            disabled={working || !summary.redoLabel}
            title={summary.redoLabel ? `Redo: ${summary.redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
            aria-keyshortcuts="Control+Shift+Z"
            data-testid="import-redo"
            onClick={onRedo}
          >
            Redo
          </button>
        </>
      )}
      {reviewing && (
        <button
          type="button"
          className="button"
          disabled={working}
          data-testid="import-revalidate"
          onClick={onRevalidate}
        >
          {busy === 'revalidate' ? 'Revalidating…' : 'Revalidate'}
        </button>
      )}
      {summary && (reviewing || phase === 'aborted') && (
        <button
          type="button"
          className="button"
          disabled={working}
          data-testid="import-discard"
          onClick={onDiscard}
        >
          Discard
        </button>
      )}
      {reviewing && (
        <button
          type="button"
          className="button button--primary"
          disabled={!commitAllowed}
          aria-describedby={commitAllowed ? undefined : 'import-commit-hint'}
          data-testid="import-commit"
          onClick={onCommit}
        >
          {busy === 'commit' ? 'Importing…' : commitLabel(summary)}
        </button>
      )}
      {reviewing && !commitAllowed && summary && summary.errorCount > 0 && (
        <span id="import-commit-hint" className="visually-hidden">
          Fix every error before importing.
        </span>
      )}
    </div>
  )
}
