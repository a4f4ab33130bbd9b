import type { TableQuery } from '../../../src-shared/contract'
import { isTableColumnId } from '../../../src-shared/domain/table-columns'

export type SortDirection = 'asc' | 'desc'

/** Spec §2: "Sort cycles per column: ascending, then descending, then removed." */
export const SORT_CYCLE: readonly (SortDirection | null)[] = ['asc', 'desc', null]

/** The direction after one more click on a column's header. */
export function nextSortDirection(current: SortDirection | null | undefined): SortDirection | null {
  const index = SORT_CYCLE.indexOf(current ?? null)
  return SORT_CYCLE[(index + 1) % SORT_CYCLE.length]
}

/** AG Grid's sort model (one column: multi-sort is off) as the query's sort. */
export function querySort(
  model: readonly { colId: string; sort: SortDirection | null }[],
): TableQuery['sort'] {
  const first = model.find((entry) => entry.sort !== null && isTableColumnId(entry.colId))
  if (!first || first.sort === null || !isTableColumnId(first.colId)) return null
  return { column: first.colId, direction: first.sort }
}
