import { useId } from 'react'
import type { ImportSummary } from '../../../src-shared/contract'
import { batchLabel, summaryCounts } from './import-view'

interface Props {
  summary: ImportSummary
  onlyErrors: boolean
  onOnlyErrors: (value: boolean) => void
  /** Null while the report is being made. */
  onDownloadErrors: (() => void) | null
}

/** The results' counts, the files read so far, the errors report and the "only rows with errors" filter. */
export function ImportSummaryPanel({ summary, onlyErrors, onOnlyErrors, onDownloadErrors }: Props) {
  const counts = summaryCounts(summary)
  const id = useId()
  return (
    <section className="import-summary" aria-label="Import results" data-testid="import-summary">
      <ul className="import-summary__counts">
        <li data-testid="import-count-rows">{counts.rows}</li>
        <li
          data-testid="import-count-rows-with-errors"
          className={summary.rowsWithErrors ? 'import-bad' : ''}
        >
          {counts.rowsWithErrors}
        </li>
        <li data-testid="import-count-errors" className={summary.errorCount ? 'import-bad' : ''}>
          {counts.errors}
        </li>
        {summary.errorCount > 0 && (
          <li>
            <button
              type="button"
              className="button button--ghost"
              disabled={onDownloadErrors === null}
              data-testid="import-download-errors"
              onClick={onDownloadErrors ?? undefined}
            >
              Download the errors (CSV)
            </button>
          </li>
        )}
      </ul>
      {summary.batches.length > 0 && (
        <ul className="import-summary__batches muted" aria-label="Files" data-testid="import-batches">
          {summary.batches.map((batch) => (
            <li key={`${batch.offset}-${batch.fileName}`}>{batchLabel(batch)}</li>
          ))}
        </ul>
      )}
      <label className="import-summary__toggle" htmlFor={`${id}-only-errors`}>
        <input
          id={`${id}-only-errors`}
          type="checkbox"
          checked={onlyErrors}
          data-testid="import-only-errors"
          onChange={(event) => onOnlyErrors(event.target.checked)}
        />
        Show only rows with errors
      </label>
    </section>
  )
}
