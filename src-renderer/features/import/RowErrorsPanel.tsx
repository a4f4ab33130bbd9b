import { useId, useState } from 'react'
import type { ImportEditConflict } from '../../../src-shared/contract'
import {
  conflictKeyText,
  conflictLead,
  consistencyFixes,
  errorColumn,
  errorField,
  firstErrorField,
  formatCount,
  markConflictsLabel,
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

export type ResolveHandler = (
  resolution: 'mark' | 'matchRow' | 'rename' | 'cancel',
  key?: ConsistencyField,
  newValue?: string,
) => Promise<void>

interface Props {
  /** The selected row's number, and its data when it is on the current page. */
  selectedRow: number | null
  row: ImportGridRow | null
  busy: boolean
  onFix: FixHandler
  /** An edit that would make other rows disagree on a key, not applied until answered. */
  pendingEdit: ImportEditConflict | null
  onResolve: ResolveHandler
  /** Scrolls the grid to a cell of the row (sideways too) and focuses it. */
  onGoToCell: (row: number, field: string) => void
  /** "This column is day-first" for an AmbiguousDate error (issue 36). */
  onDayFirst: (field: 'hireDate' | 'dateOfLastIncrease') => Promise<void>
}

/**
 * The errors of the selected row, with the consistency-key fixes (spec §4 "Import results"), and
 * an edit waiting because it would put other rows at odds.
 */
export function RowErrorsPanel({
  selectedRow,
  row,
  busy,
  onFix,
  pendingEdit,
  onResolve,
  onGoToCell,
  onDayFirst,
}: Props) {
  const titleId = useId()
  const first = row ? firstErrorField(row.errors) : null
  return (
    <aside className="panel import-row-errors" aria-labelledby={titleId} data-testid="import-row-errors">
      <h2 id={titleId}>{row ? `Row ${formatCount(row.row)}` : 'Row errors'}</h2>
      {pendingEdit && <PendingEdit pending={pendingEdit} busy={busy} onResolve={onResolve} />}
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
          {first && (
            <button
              type="button"
              className="button button--wide"
              data-testid="import-goto-first-error"
              onClick={() => onGoToCell(row.row, first)}
            >
              Go to the first error of this row
            </button>
          )}
          <ul className="import-row-errors__list">
            {row.errors.map((error, index) => {
              const field = errorField(error)
              return (
                <li key={`${error.code}-${error.header}-${index}`} data-code={error.code}>
                  {error.header &&
                    (field ? (
                      <button
                        type="button"
                        className="link-button"
                        title={`Go to ${error.header} in row ${formatCount(row.row)}`}
                        onClick={() => onGoToCell(row.row, field)}
                      >
                        {errorColumn(error)}
                      </button>
                    ) : (
                      <strong>{errorColumn(error)}</strong>
                    ))}
                  {error.header && ': '}
                  {error.message}
                  {error.code === 'AmbiguousDate' &&
                    (field === 'hireDate' || field === 'dateOfLastIncrease') && (
                      <button
                        type="button"
                        className="button"
                        data-testid="import-fix-day-first"
                        disabled={busy}
                        onClick={() => void onDayFirst(field)}
                      >
                        This column is day-first
                      </button>
                    )}
                </li>
              )
            })}
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

/** Says what an edit would do to other rows, and offers the spec's fixes before anything is marked. */
function PendingEdit({
  pending,
  busy,
  onResolve,
}: {
  pending: ImportEditConflict
  busy: boolean
  onResolve: ResolveHandler
}) {
  return (
    <div className="import-conflict" role="alert" data-testid="import-conflict">
      <p className="import-conflict__lead">
        <strong>Not applied yet.</strong> {conflictLead(pending)} would make{' '}
        {pending.keys.map((key, index) => (
          <span key={`${key.field}-${key.value}`}>
            {index > 0 && ' and '}
            {conflictKeyText(key)}
          </span>
        ))}{' '}
        disagree with row {formatCount(pending.row)}.
      </p>
      {pending.keys.map((key) => (
        <FixControls
          key={`${pending.label}-${key.field}-${key.value}`}
          row={pending.row}
          fix={{ field: key.field, value: key.value, label: key.header }}
          busy={busy}
          onFix={(_row, field, mode, newValue) => onResolve(mode, field, newValue)}
          testPrefix="import-conflict"
        />
      ))}
      <div className="import-conflict__other">
        <button
          type="button"
          className="button button--wide"
          disabled={busy}
          data-testid="import-conflict-mark"
          onClick={() => void onResolve('mark')}
        >
          {markConflictsLabel(pending)}
        </button>
        <button
          type="button"
          className="button button--wide"
          disabled={busy}
          data-testid="import-conflict-cancel"
          onClick={() => void onResolve('cancel')}
        >
          Cancel the change
        </button>
      </div>
    </div>
  )
}

function FixControls({
  row,
  fix,
  busy,
  onFix,
  testPrefix = 'import',
}: {
  row: number
  fix: ConsistencyFix
  busy: boolean
  onFix: FixHandler
  /** 'import-fix-match' in the errors' fixes, 'import-conflict-match' in a pending edit's. */
  testPrefix?: string
}) {
  const [newValue, setNewValue] = useState('')
  const inputId = useId()
  const trimmed = newValue.trim()
  const pending = testPrefix !== 'import'
  return (
    <div className="import-fix" role="group" aria-label={`${fix.label} "${fix.value}"`}>
      {!pending && (
        <p className="import-fix__title">
          Rows with {fix.label} “{fix.value}” disagree.
        </p>
      )}
      <button
        type="button"
        className="button button--wide"
        disabled={busy}
        data-testid={pending ? `${testPrefix}-match` : 'import-fix-match'}
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
          data-testid={pending ? `${testPrefix}-rename-input` : 'import-rename-input'}
          onChange={(event) => setNewValue(event.target.value)}
        />
        <button
          type="submit"
          className="button button--wide"
          disabled={busy || !trimmed}
          data-testid={pending ? `${testPrefix}-rename` : 'import-fix-rename'}
        >
          {renameLabel(row)}
        </button>
      </form>
    </div>
  )
}
