import type { ImportSummary } from '../../../src-shared/contract'
import { formatCount } from './import-view'

/**
 * The review screen's warnings (issue 36): rows the import lets through but a person should look at
 * (a salaried pay far below its range), each with its row, Employee Id and message; a row's button
 * shows it in the grid. The summary lists the first 1,000; the count says how many there are.
 */
export function ImportWarningsPanel({
  summary,
  onGoToRow,
}: {
  summary: ImportSummary
  onGoToRow: (row: number) => void
}) {
  if (summary.warningCount === 0) return null
  const listed = summary.warnings.length
  return (
    <section className="import-warnings" aria-label="Warnings" data-testid="import-warnings">
      <h2 className="import-warnings__title">
        {summary.warningCount === 1 ? '1 warning' : `${formatCount(summary.warningCount)} warnings`}
        <span className="muted"> · imported as they are unless you fix them</span>
      </h2>
      <ul className="import-warnings__list">
        {summary.warnings.map((w) => (
          <li key={`${w.row}-${w.header}-${w.code}`} data-testid="import-warning">
            <button type="button" className="link-button" onClick={() => onGoToRow(w.row)}>
              Row {w.row}
            </button>{' '}
            <span className="import-warnings__id">{w.id}</span> <span>{w.message}</span>
          </li>
        ))}
      </ul>
      {listed < summary.warningCount && (
        <p className="muted">
          Showing the first {formatCount(listed)} of {formatCount(summary.warningCount)}.
        </p>
      )}
    </section>
  )
}
