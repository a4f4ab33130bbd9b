import { useEffect, useMemo, useRef, useState } from 'react'
import { selectEmployees } from '../../app/data-slice'
import { useAppSelector } from '../../app/hooks'
import { matchChoices, viewAsChoices } from './view-as'

interface Props {
  viewAsEmployeeId: number | null
  onChange: (employeeId: number | null) => void
}

/**
 * Spec §2 screen 6: 'View as' picks an employee who has a user (searchable) and the table shows what
 * they would see; 'View as Self' goes back. Shown to SUPER_USER, ADMIN and OWNER only.
 */
export function ViewAsControl({ viewAsEmployeeId, onChange }: Props) {
  const employees = useAppSelector(selectEmployees)
  const users = useAppSelector((state) => state.data.users)
  const choices = useMemo(() => viewAsChoices(employees, users), [employees, users])
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const root = useRef<HTMLDivElement>(null)
  const matches = matchChoices(choices, text)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const choose = (employeeId: number | null) => {
    setOpen(false)
    setText('')
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
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <ul className="view-as__list" role="listbox" aria-label="People">
            {matches.map((choice) => (
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
            {matches.length === 0 && <li className="muted view-as__empty">No one matches.</li>}
          </ul>
        </div>
      )}
    </div>
  )
}
