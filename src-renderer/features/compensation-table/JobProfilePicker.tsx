import type { CustomCellEditorProps } from 'ag-grid-react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { TableRow } from '../../../src-shared/contract'
import { jobProfileLabel, matchesJobProfile } from '../../../src-shared/domain/job-profiles'
import type { CellEditResult } from './cell-edit'
import { useJobProfiles } from './use-job-profiles'

interface Choice {
  id: number | null
  label: string
  detail: string | null
}

const NONE: Choice = { id: null, label: 'No new job profile', detail: null }
const PAGE = 8

/**
 * The New Job Profile cell's editor (spec: plan "a promotion or new job profile"): a search box over
 * the company's job profiles (code, level name, family) and the list of matches. Arrow keys,
 * Page Up / Page Down move through the list, Enter or Tab saves the highlighted profile, Escape
 * cancels, a click saves at once. 'No new job profile' clears it.
 */
export function JobProfilePicker(props: CustomCellEditorProps<TableRow, unknown, unknown>) {
  const row = props.data
  const jobProfiles = useJobProfiles()
  const typed = props.eventKey && props.eventKey.length === 1 ? props.eventKey : ''
  const [text, setText] = useState(typed)
  const listId = useId()
  const list = useRef<HTMLUListElement>(null)
  const { onValueChange, stopEditing } = props

  const choices = useMemo<Choice[]>(() => {
    if (jobProfiles.status !== 'loaded') return [NONE]
    const matches = jobProfiles.profiles
      .filter((profile) => matchesJobProfile(profile, text))
      .map((profile) => ({ id: profile.id, label: jobProfileLabel(profile), detail: profile.jobFamily }))
    return text.trim() === '' ? [NONE, ...matches] : matches
  }, [jobProfiles, text])

  const [active, setActive] = useState(0)
  // The row's current choice is highlighted at first; a search highlights its first match.
  useEffect(() => {
    const current = text.trim() === '' ? choices.findIndex((c) => c.id === row.newJobProfileId) : 0
    setActive(Math.max(0, current))
  }, [choices, text, row.newJobProfileId])

  const highlighted = choices[active] ?? null
  // What Enter or Tab saves (AG Grid ends the edit and reads the last value handed to it).
  useEffect(() => {
    const value = highlighted ? highlighted.id : row.newJobProfileId
    onValueChange({ target: 'newJobProfile', value } satisfies CellEditResult)
  }, [highlighted, onValueChange, row.newJobProfileId])

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [active])

  const move = (by: number) => setActive((i) => Math.min(choices.length - 1, Math.max(0, i + by)))
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: PAGE, PageUp: -PAGE }
    if (event.key in steps) {
      event.preventDefault()
      move(steps[event.key])
    }
  }
  const choose = (choice: Choice) => {
    onValueChange({ target: 'newJobProfile', value: choice.id } satisfies CellEditResult)
    stopEditing()
  }

  return (
    <div className="cell-editor cell-editor--picker" data-testid="job-profile-picker">
      <input
        type="text"
        role="combobox"
        aria-label={`New job profile for ${row.employeeName}`}
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={highlighted ? `${listId}-${active}` : undefined}
        placeholder="Search job profiles"
        autoFocus
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <ul className="job-profile-list" role="listbox" id={listId} aria-label="Job profiles" ref={list}>
        {jobProfiles.status === 'loading' && <li className="muted">Loading job profiles…</li>}
        {jobProfiles.status === 'failed' && (
          <li className="form__error" role="alert">
            {jobProfiles.message}
          </li>
        )}
        {jobProfiles.status === 'loaded' && choices.length === 0 && (
          <li className="muted">No job profile matches.</li>
        )}
        {choices.map((choice, index) => (
          <li
            key={choice.id ?? 'none'}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`job-profile-option${index === active ? ' job-profile-option--active' : ''}`}
            data-testid="job-profile-option"
            data-job-profile-id={choice.id ?? ''}
            // Keep the focus in the search box.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(choice)}
          >
            <span>{choice.label}</span>
            {choice.detail && <span className="muted"> · {choice.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
