import { useEffect, useRef, useState } from 'react'
import type { ViewAsChoice } from '../../../src-shared/contract'
import { call } from '../../app/client'
import { choicePage, matchChoices } from './view-as'

interface Props {
  viewAsEmployeeId: number | null
  onChange: (employeeId: number | null) => void
}

/**
 * 'View as' picks an employee other than oneself who has a user (administration document: 5 per page,
 * searchable) and the table shows what they would see; 'View as Self' goes back. The main process
 * lists the people (a planner's within their teams).
 */
export function ViewAsControl({ viewAsEmployeeId, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const [choices, setChoices] = useState<ViewAsChoice[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [page, setPage] = useState(0)
  const root = useRef<HTMLDivElement>(null)
  const shown = choicePage(matchChoices(choices ?? [], text), page)

  useEffect(() => {
    if (!open) return
    let live = true
    call('table.viewAsChoices', {}).then(
      (found) => live && setChoices(found),
      (failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)),
    )
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      live = false
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const choose = (employeeId: number | null) => {
    setOpen(false)
    setText('')
    setPage(0)
    onChange(employeeId)
  }

  return (
    <div className="view-as" ref={root}>
      <button
        type="button"
        className="button"
        data-testid="view-as"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        View as
      </button>
      {viewAsEmployeeId !== null && (
        <button type="button" className="button" data-testid="view-as-self" onClick={() => choose(null)}>
          View as Self
        </button>
      )}
      {open && (
        <div
          className="view-as__popover"
          role="dialog"
          aria-label="View as"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false)
          }}
        >
          <input
            type="text"
            autoFocus
            placeholder="Search people with a user"
            aria-label="Search people to view as"
            data-testid="view-as-search"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setPage(0)
            }}
          />
          <ul className="view-as__list" role="listbox" aria-label="People">
            {shown.items.map((choice) => (
              <li
                key={choice.employeeId}
                role="option"
                aria-selected={choice.employeeId === viewAsEmployeeId}
              >
                <button
                  type="button"
                  className="view-as__option"
                  data-testid="view-as-option"
                  data-employee-id={choice.employeeId}
                  onClick={() => choose(choice.employeeId)}
                >
                  <span>{choice.name}</span>
                  <span className="muted">{choice.detail}</span>
                </button>
              </li>
            ))}
            {error && <li className="inline-error view-as__empty">{error}</li>}
            {!error && choices === null && <li className="muted view-as__empty">Loading…</li>}
            {choices !== null && shown.items.length === 0 && (
              <li className="muted view-as__empty">No one matches.</li>
            )}
          </ul>
          {shown.pages > 1 && (
            <div className="view-as__pager" data-testid="view-as-pager">
              <button
                type="button"
                className="button"
                disabled={shown.page === 0}
                data-testid="view-as-previous"
                onClick={() => setPage(shown.page - 1)}
              >
                Previous
              </button>
              <span className="muted" data-testid="view-as-page">
                Page {shown.page + 1} of {shown.pages}
              </span>
              <button
                type="button"
                className="button"
                disabled={shown.page >= shown.pages - 1}
                data-testid="view-as-next"
                onClick={() => setPage(shown.page + 1)}
              >
                Next
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
