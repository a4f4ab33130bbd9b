import { useId, useState } from 'react'
import {
  consistencyFixes,
  formatCount,
  matchRowLabel,
  renameLabel,
  type ConsistencyField,
  type ConsistencyFix,
  type ImportGridRow,
} from './import-view'

export type FixHandler = (
  row: number,
  field: ConsistencyField,
  mode: 'matchRow' | 'rename',
  newValue?: string,
) => Promise<void>

interface Props {
  /** The selected row's number, and its data when it is on the current page. */
  selectedRow: number | null
  row: ImportGridRow | null
  busy: boolean
  onFix: FixHandler
}

/** The errors of the selected row, with the consistency-key fixes (spec §4 "Import results"). */
export function RowErrorsPanel({ selectedRow, row, busy, onFix }: Props) {
  const titleId = useId()
  return (
    <aside className="panel import-row-errors" aria-labelledby={titleId} data-testid="import-row-errors">
      <h2 id={titleId}>{row ? `Row ${formatCount(row.row)}` : 'Row errors'}</h2>
      {!row ? (
        <p className="muted">
          {selectedRow === null
            ? 'Select a cell to see the errors of its row.'
            : `Row ${formatCount(selectedRow)} is not on this page.`}
        </p>
      ) : row.errors.length === 0 ? (
        <p className="muted">This row has no errors.</p>
      ) : (
        <>
          <ul className="import-row-errors__list">
            {row.errors.map((error, index) => (
              <li key={`${error.code}-${error.header}-${index}`} data-code={error.code}>
                {error.header && <strong>{error.header}: </strong>}
                {error.message}
              </li>
            ))}
          </ul>
          {consistencyFixes(row.errors).map((fix) => (
            <FixControls
              key={`${row.row}-${fix.field}-${fix.value}`}
              row={row.row}
              fix={fix}
              busy={busy}
              onFix={onFix}
            />
          ))}
        </>
      )}
    </aside>
  )
}

function FixControls({
  row,
  fix,
  busy,
  onFix,
}: {
  row: number
  fix: ConsistencyFix
  busy: boolean
  onFix: FixHandler
}) {
  const [newValue, setNewValue] = useState('')
  const inputId = useId()
  const trimmed = newValue.trim()
  return (
    <div className="import-fix" role="group" aria-label={`${fix.label} "${fix.value}"`}>
      <p className="import-fix__title">
        Rows with {fix.label} “{fix.value}” disagree.
      </p>
      <button
        type="button"
        className="button button--wide"
        disabled={busy}
        data-testid="import-fix-match"
        onClick={() => void onFix(row, fix.field, 'matchRow')}
      >
        {matchRowLabel(fix, row)}
      </button>
      <form
        className="import-fix__rename"
        onSubmit={(event) => {
          event.preventDefault()
          if (trimmed) void onFix(row, fix.field, 'rename', trimmed)
        }}
      >
        <label htmlFor={inputId}>New {fix.label}</label>
        <input
          id={inputId}
          type="text"
          value={newValue}
          maxLength={200}
          data-testid="import-rename-input"
          onChange={(event) => setNewValue(event.target.value)}
        />
        <button
          type="submit"
          className="button button--wide"
          disabled={busy || !trimmed}
          data-testid="import-fix-rename"
        >
          {renameLabel(row)}
        </button>
      </form>
    </div>
  )
}
