import { Link } from 'react-router'
import type { ImportSummary } from '../../../src-shared/contract'
import type { ImportProgress } from './import-state'
import { importedMessage, outcomeMessage, progressPercent, progressText } from './import-view'

interface ProgressProps {
  progress: ImportProgress | null
  committing: boolean
  /** Null while committing: a commit cannot be cancelled. */
  onCancel: (() => void) | null
  cancelling: boolean
}

/** The file being read (or the employees being written): a bar, main's message and Cancel. */
export function ImportProgressPanel({ progress, committing, onCancel, cancelling }: ProgressProps) {
  const percent = progressPercent(progress)
  const text = progressText(progress, committing)
  const label = committing ? 'Importing the employees' : 'Reading the file'
  return (
    <section className="panel import-progress" aria-label={label}>
      <div
        className="import-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={progress?.total != null ? 0 : undefined}
        aria-valuenow={progress?.total != null ? progress.done : undefined}
        aria-valuemax={progress?.total != null ? progress.total : undefined}
        aria-valuetext={text}
        data-testid="import-progress"
      >
        <div
          className={`import-progress__bar${percent === null ? ' import-progress__bar--indeterminate' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <div className="import-progress__footer">
        <span aria-live="polite">
          {text}
          {percent === null ? '' : ` · ${percent}%`}
        </span>
        {onCancel && (
          <button
            type="button"
            className="button"
            disabled={cancelling}
            data-testid="import-cancel"
            onClick={onCancel}
          >
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
    </section>
  )
}

/** Why a file was refused: the whole import (aborted) or only the last file (the rest stays in review). */
export function ImportAbortReason({ summary }: { summary: ImportSummary }) {
  if (!summary.abortReason) return null
  const lead = summary.phase === 'aborted' ? 'The file was not imported.' : 'The last file was not added.'
  return (
    <div className="inline-error import-abort" role="alert" data-testid="import-abort-reason">
      <strong>{lead}</strong> {summary.abortReason.message}
    </div>
  )
}

export function ImportDone({ summary }: { summary: ImportSummary }) {
  return (
    <div className="notice import-done" role="status" data-testid="import-done">
      {importedMessage(summary.imported)} {summary.outcome ? `${outcomeMessage(summary.outcome)} ` : ''}
      <Link to="/employeetable">Open the Compensation Table</Link>
    </div>
  )
}
