import { useEffect, useRef, useState } from 'react'
import type { ColumnFilter } from '../../../src-shared/contract'
import type { TableColumn, TableColumnId } from '../../../src-shared/domain/table-columns'
import {
  DATE_OPS,
  draftFromFilter,
  filterFromDraft,
  NUMBER_OPS,
  type FilterDraft,
  type SetOption,
} from './filter-model'
import type { TableFilters } from './table-query'

export interface FilterableColumn {
  column: TableColumn
  kind: 'number' | 'date' | 'text' | 'set'
  options: SetOption[]
}

interface Props {
  columns: FilterableColumn[]
  filters: TableFilters
  /** The pay cycle's default currency, which money filters are in. */
  currency: string
  onApply: (column: TableColumnId, filter: ColumnFilter | null) => void
}

/** A column filter in the query's own shapes: number, date, text or set (spec §5 "Filters"). */
export function FilterPopover({ columns, filters, currency, onApply }: Props) {
  const [open, setOpen] = useState(false)
  const [columnId, setColumnId] = useState<TableColumnId | null>(null)
  const [draft, setDraft] = useState<FilterDraft>(draftFromFilter(undefined))
  const [error, setError] = useState<string | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const current = columns.find((entry) => entry.column.id === columnId) ?? columns[0]

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    // Esc closes it wherever the focus is (still on the Filter button after a click), and the focus
    // goes back to the button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setOpen(false)
      root.current?.querySelector<HTMLButtonElement>('[data-testid="table-filter-button"]')?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  const pick = (id: TableColumnId) => {
    setColumnId(id)
    setDraft(draftFromFilter(filters[id]))
    setError(null)
  }
  const apply = () => {
    if (!current) return
    const result = filterFromDraft(current.kind, current.column, draft)
    if (!result.ok) return setError(result.message)
    onApply(current.column.id, result.filter)
    setOpen(false)
  }
  const set = (patch: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const between = draft.op === 'between'

  return (
    <div className="filter-popover" ref={root}>
      <button
        type="button"
        className="button"
        data-testid="table-filter-button"
        aria-expanded={open}
        onClick={() => {
          if (!open && current) pick(current.column.id)
          setOpen((v) => !v)
        }}
      >
        Filter
      </button>
      {open && current && (
        <form
          className="filter-popover__form"
          aria-label="Filter"
          data-testid="filter-form"
          onSubmit={(event) => {
            event.preventDefault()
            apply()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false)
          }}
        >
          <label className="form__field">
            Column
            <select
              data-testid="filter-column"
              value={current.column.id}
              onChange={(e) => pick(e.currentTarget.value as TableColumnId)}
            >
              {columns.map(({ column }) => (
                <option key={column.id} value={column.id}>
                  {column.label}
                </option>
              ))}
            </select>
          </label>
          {(current.kind === 'number' || current.kind === 'date') && (
            <label className="form__field">
              Comparison
              <select
                data-testid="filter-op"
                value={draft.op}
                onChange={(e) => set({ op: e.currentTarget.value })}
              >
                {(current.kind === 'number' ? NUMBER_OPS : DATE_OPS).map((entry) => (
                  <option key={entry.op} value={entry.op}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {current.kind !== 'set' && (
            <div className="form__row">
              <input
                type={current.kind === 'date' ? 'date' : 'text'}
                aria-label={between ? 'From' : 'Value'}
                placeholder={current.column.money ? 'Amount' : 'Value'}
                data-testid="filter-value"
                value={draft.value}
                onChange={(e) => set({ value: e.currentTarget.value })}
              />
              {between && (
                <input
                  type={current.kind === 'date' ? 'date' : 'text'}
                  aria-label="To"
                  placeholder="To"
                  data-testid="filter-value-to"
                  value={draft.valueTo}
                  onChange={(e) => set({ valueTo: e.currentTarget.value })}
                />
              )}
            </div>
          )}
          {current.kind === 'set' && (
            <fieldset className="filter-popover__set">
              <legend className="visually-hidden">Values</legend>
              {current.options.map((option) => (
                <label key={option.value} className="filter-popover__option">
                  <input
                    type="checkbox"
                    data-testid={`filter-option-${option.value}`}
                    checked={draft.values.includes(option.value)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked
                      setDraft((d) => ({
                        ...d,
                        values: checked
                          ? [...d.values, option.value]
                          : d.values.filter((v) => v !== option.value),
                      }))
                    }}
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
          )}
          {current.column.money && (
            <p className="muted filter-popover__note">
              Amounts in {currency}: each employee&apos;s pay is converted into it.
            </p>
          )}
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="form__actions">
            {filters[current.column.id] && (
              <button
                type="button"
                className="button"
                data-testid="filter-remove"
                onClick={() => {
                  onApply(current.column.id, null)
                  setOpen(false)
                }}
              >
                Remove
              </button>
            )}
            <button type="submit" className="button button--primary" data-testid="filter-apply">
              Apply
            </button>
          </div>
        </form>
      )}
    </div>
  )
}
