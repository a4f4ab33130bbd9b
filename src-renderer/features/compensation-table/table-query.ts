import type { ColumnFilter, TableQuery } from '../../../src-shared/contract'
import type { TableColumnId } from '../../../src-shared/domain/table-columns'

/** Spec §9: "Table page size 25 rows". */
export const PAGE_SIZE = 25
/** Typing in the search box waits this long before the table asks again. */
export const SEARCH_DEBOUNCE_MS = 250
/** Spec §2: the search box's tooltip shows after 1000 ms. */
export const SEARCH_TOOLTIP_DELAY_MS = 1000
/** The query schema's limit on the search text. */
export const MAX_SEARCH_LENGTH = 200

export type TableFilters = Partial<Record<TableColumnId, ColumnFilter>>

/** What the table is showing, apart from the page: everything a query or an export carries. */
export interface TableView {
  sort: TableQuery['sort']
  filters: TableFilters
  search: string
  viewAsEmployeeId: number | null
}

export const EMPTY_VIEW: TableView = { sort: null, filters: {}, search: '', viewAsEmployeeId: null }

/** The search as sent: trimmed, inner runs of spaces kept as one, at most 200 characters. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH)
}

/** The query for rows [startRow, endRow) of the view (AG Grid asks by rows; the page is 25 of them). */
export function buildTableQuery(view: TableView, startRow: number, endRow: number): TableQuery {
  const offset = Math.max(0, Math.floor(startRow))
  return {
    offset,
    limit: Math.max(1, Math.min(500, Math.floor(endRow) - offset)),
    sort: view.sort,
    filters: { ...view.filters },
    search: normalizeSearch(view.search),
    viewAsEmployeeId: view.viewAsEmployeeId,
  }
}

/** The view without paging: what `table.exportCsv` carries ("the table as shown"). */
export function exportQuery(view: TableView): Omit<TableQuery, 'offset' | 'limit'> {
  const { offset: _offset, limit: _limit, ...rest } = buildTableQuery(view, 0, 1)
  return rest
}

/** The filters with one column's filter set, or removed (null); the others stay. */
export function withFilter(
  filters: TableFilters,
  column: TableColumnId,
  filter: ColumnFilter | null,
): TableFilters {
  const next = { ...filters }
  if (filter) next[column] = filter
  else delete next[column]
  return next
}
