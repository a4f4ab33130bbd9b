import { useEffect, useRef, useState } from 'react'
import type { ColumnFilter } from '../../../src-shared/contract'
import type { TableColumnId } from '../../../src-shared/domain/table-columns'
import { Tooltip } from '../../components/tooltip'
import { FilterPopover, type FilterableColumn } from './FilterPopover'
import { describeFilter } from './filter-model'
import { SEARCH_DEBOUNCE_MS, SEARCH_TOOLTIP_DELAY_MS, type TableFilters } from './table-query'

/** The search box: typing waits 250 ms before the table asks again; its tooltip waits 1000 ms (spec). */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value)
  const timer = useRef<number | null>(null)
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current)
    },
    [],
  )
  return (
    // Above the box: below it sit the violations badge and the filter chips.
    <Tooltip
      content="Search by employee name"
      delay={SEARCH_TOOLTIP_DELAY_MS}
      testId="table-search-tooltip"
      placement="above"
    >
      <input
        type="search"
        className="table-search"
        placeholder="Search by name"
        aria-label="Search by name"
        data-testid="table-search"
        value={text}
        maxLength={200}
        onChange={(event) => {
          const next = event.currentTarget.value
          setText(next)
          if (timer.current !== null) window.clearTimeout(timer.current)
          timer.current = window.setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS)
        }}
      />
    </Tooltip>
  )
}

interface ChipsProps {
  filters: TableFilters
  columns: FilterableColumn[]
  currency: string
  onRemove: (column: TableColumnId) => void
}

/** The filters in force, each with a button that removes it. */
export function FilterChips({ filters, columns, currency, onRemove }: ChipsProps) {
  const entries = Object.entries(filters) as [TableColumnId, ColumnFilter][]
  if (entries.length === 0) return null
  return (
    <ul className="filter-chips" aria-label="Filters">
      {entries.map(([id, filter]) => {
        const entry = columns.find((c) => c.column.id === id)
        const text = entry ? describeFilter(entry.column, filter, entry.options, currency) : id
        return (
          <li key={id} className="filter-chip" data-testid={`filter-chip-${id}`}>
            {text}
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={`Remove filter: ${text}`}
              onClick={() => onRemove(id)}
            >
              ✕
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export { CurrencyPicker } from './CurrencyPicker'
export { FilterPopover }
