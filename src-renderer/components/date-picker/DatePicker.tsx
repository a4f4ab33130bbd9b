import { useEffect, useId, useRef, useState } from 'react'
import { todayIso } from '../../../src-shared/domain/pay-cycles'
import {
  chooseMonth,
  chooseYear,
  formatDay,
  monthCells,
  monthGrid,
  openingPage,
  pageTitle,
  parseTypedDate,
  step,
  WEEKDAYS,
  withinBounds,
  yearCells,
  zoomOut,
  type PickerPage,
} from './date-picker-model'
import './date-picker.css'

export interface DatePickerProps {
  value: string | null
  onChange: (iso: string | null) => void
  min?: string | null
  max?: string | null
  /** Said when a typed date is before `min` (it is rejected). */
  belowMinMessage?: string
  aboveMaxMessage?: string
  /** Leaving the field (for 'This field is required.' after blur). */
  onBlur?: () => void
  invalid?: boolean
  'aria-label': string
  testId?: string
  disabled?: boolean
}

/**
 * A date typed (11/25/2026 or 2026-11-25) or picked from a calendar with three views (date, month,
 * year); dates outside min/max are rejected: disabled in the calendar, refused when typed.
 */
export function DatePicker({
  value,
  onChange,
  min = null,
  max = null,
  belowMinMessage,
  aboveMaxMessage,
  onBlur,
  invalid,
  'aria-label': ariaLabel,
  testId,
  disabled,
}: DatePickerProps) {
  const bounds = { min, max }
  const [text, setText] = useState(formatDay(value))
  const [error, setError] = useState<string | null>(null)
  const [page, setPage] = useState<PickerPage | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const popupId = useId()

  useEffect(() => setText(formatDay(value)), [value])

  useEffect(() => {
    if (!page) return
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setPage(null)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [page])

  function commit(raw: string) {
    if (raw.trim() === '') {
      setError(null)
      if (value !== null) onChange(null)
      return
    }
    const iso = parseTypedDate(raw)
    if (!iso) return setError('Type a date such as 11/25/2026.')
    // The value it holds stays allowed (a saved date that has since passed).
    if (iso === value) {
      setError(null)
      setText(formatDay(iso))
      return
    }
    if (min && iso < min) return setError(belowMinMessage ?? `Choose a date on or after ${formatDay(min)}.`)
    if (max && iso > max) return setError(aboveMaxMessage ?? `Choose a date on or before ${formatDay(max)}.`)
    setError(null)
    setText(formatDay(iso))
    if (iso !== value) onChange(iso)
  }

  function pick(iso: string) {
    if (!withinBounds(iso, bounds)) return
    setError(null)
    setPage(null)
    onChange(iso)
  }

  return (
    <div className="date-picker" ref={root} data-testid={testId}>
      <div className="date-picker__field">
        <input
          type="text"
          className="text-input date-picker__input"
          value={text}
          placeholder="mm/dd/yyyy"
          aria-label={ariaLabel}
          aria-invalid={invalid || error ? true : undefined}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value)
            if (event.key === 'Escape') setPage(null)
          }}
          onBlur={(event) => {
            commit(event.currentTarget.value)
            onBlur?.()
          }}
          data-testid={testId && `${testId}-input`}
        />
        <button
          type="button"
          className="button date-picker__open"
          aria-label={`Choose ${ariaLabel.toLowerCase()}`}
          aria-expanded={page !== null}
          aria-controls={popupId}
          disabled={disabled}
          onClick={() => setPage(page ? null : openingPage(value, bounds, todayIso()))}
          data-testid={testId && `${testId}-open`}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </button>
      </div>
      {error && (
        <span className="field-error" role="alert" data-testid={testId && `${testId}-error`}>
          {error}
        </span>
      )}
      {page && (
        <div
          className="date-picker__popup"
          id={popupId}
          role="dialog"
          aria-label={ariaLabel}
          data-view={page.view}
          data-testid={testId && `${testId}-calendar`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setPage(null)
          }}
        >
          <div className="date-picker__header">
            <button
              type="button"
              className="button button--ghost"
              aria-label="Previous"
              onClick={() => setPage(step(page, -1))}
            >
              ‹
            </button>
            <button
              type="button"
              className="button button--ghost date-picker__title"
              disabled={page.view === 'year'}
              onClick={() => setPage(zoomOut(page))}
              data-testid={testId && `${testId}-title`}
            >
              {pageTitle(page)}
            </button>
            <button
              type="button"
              className="button button--ghost"
              aria-label="Next"
              onClick={() => setPage(step(page, 1))}
            >
              ›
            </button>
          </div>
          {page.view === 'date' && (
            <table className="date-picker__days">
              <thead>
                <tr>
                  {WEEKDAYS.map((d) => (
                    <th key={d} scope="col">
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthGrid(page, bounds).map((week, w) => (
                  <tr key={w}>
                    {week.map((cell, c) => (
                      <td key={c}>
                        {cell && (
                          <button
                            type="button"
                            className={`date-picker__cell${cell.iso === value ? ' date-picker__cell--selected' : ''}`}
                            disabled={cell.disabled}
                            aria-pressed={cell.iso === value}
                            aria-label={cell.iso}
                            onClick={() => pick(cell.iso)}
                          >
                            {cell.day}
                          </button>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {page.view === 'month' && (
            <div className="date-picker__grid">
              {monthCells(page, bounds).map((m) => (
                <button
                  key={m.month}
                  type="button"
                  className="date-picker__cell"
                  disabled={m.disabled}
                  onClick={() => setPage(chooseMonth(page, m.month))}
                >
                  {m.label}
                </button>
              ))}
            </div>
          )}
          {page.view === 'year' && (
            <div className="date-picker__grid">
              {yearCells(page, bounds).map((y) => (
                <button
                  key={y.year}
                  type="button"
                  className="date-picker__cell"
                  disabled={y.disabled}
                  onClick={() => setPage(chooseYear(page, y.year))}
                >
                  {y.year}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  )
}
