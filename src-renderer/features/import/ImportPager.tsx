import { useState, type FormEvent } from 'react'
import { IMPORT_PAGE_SIZE, lastPageOffset } from './import-state'
import { rowsRangeText } from './import-view'

interface Props {
  offset: number
  /** Rows on this page. */
  shown: number
  /** Rows in the list paged (all rows, or those with errors). */
  total: number
  /** Every row of the import: 'Go to row' reaches any of them. */
  rowCount: number
  onOffset: (offset: number) => void
  onGoToRow: (row: number) => void
}

/** First / Previous / Next / Last over pages of 100 rows, and 'Go to row' for the row an error names. */
export function ImportPager({ offset, shown, total, rowCount, onOffset, onGoToRow }: Props) {
  const [goTo, setGoTo] = useState('')
  const last = lastPageOffset(total)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const row = Number(goTo)
    // The input's min, max and step already refuse anything else.
    if (Number.isInteger(row) && row >= 1 && row <= rowCount) onGoToRow(row)
  }

  return (
    <nav className="import-pager" aria-label="Rows" data-testid="import-pager">
      <span className="muted" aria-live="polite">
        {rowsRangeText(offset, shown, total)}
      </span>
      {rowCount > IMPORT_PAGE_SIZE && (
        <form className="import-pager__goto" onSubmit={submit}>
          <label>
            Go to row{' '}
            <input
              type="number"
              className="input"
              required
              min={1}
              max={rowCount}
              step={1}
              value={goTo}
              onChange={(event) => setGoTo(event.target.value)}
              data-testid="import-goto-row"
            />
          </label>
          <button type="submit" className="button">
            Go
          </button>
        </form>
      )}
      <button type="button" className="button" disabled={offset <= 0} onClick={() => onOffset(0)}>
        First
      </button>
      <button
        type="button"
        className="button"
        disabled={offset <= 0}
        onClick={() => onOffset(Math.max(0, offset - IMPORT_PAGE_SIZE))}
      >
        Previous
      </button>
      <button
        type="button"
        className="button"
        disabled={offset >= last}
        onClick={() => onOffset(offset + IMPORT_PAGE_SIZE)}
      >
        Next
      </button>
      <button type="button" className="button" disabled={offset >= last} onClick={() => onOffset(last)}>
        Last
      </button>
    </nav>
  )
}
