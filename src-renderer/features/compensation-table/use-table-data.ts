import type { IDatasource, SortModelItem } from 'ag-grid-community'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { TablePage, TableQuery } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { querySort } from './sort-cycle'
import { buildTableQuery, type TableView } from './table-query'

/** Across every row the view matches: what the count, the badge and the budget notices show. */
export type TableSummary = Omit<TablePage, 'rows'>

function summaryOf(page: TablePage): TableSummary {
  const { rows: _rows, ...summary } = page
  return summary
}

/**
 * The table's rows come from the main process one page at a time (AG Grid's Infinite Row Model asks
 * for rows [startRow, endRow) of the page shown; the company may have 100,000 employees). A new view
 * (filters, search, 'View as') or reload token gives a new datasource, which starts again at page 1;
 * sorting is AG Grid's own and arrives in each request's sort model.
 */
export function useTableData(view: Omit<TableView, 'sort'>, reloadToken: string) {
  const [summary, setSummary] = useState<TableSummary | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sort, setSort] = useState<TableQuery['sort']>(null)
  const sequence = useRef(0)
  const applied = useRef(0)

  const apply = useCallback((seq: number, page: TablePage) => {
    if (seq < applied.current) return
    applied.current = seq
    setSummary(summaryOf(page))
    setError(null)
  }, [])

  const datasource = useMemo<IDatasource>(() => {
    const base = { filters: view.filters, search: view.search, viewAsEmployeeId: view.viewAsEmployeeId }
    return {
      getRows(params) {
        sequence.current += 1
        const seq = sequence.current
        const query = buildTableQuery(
          { ...base, sort: querySort(params.sortModel as SortModelItem[]) },
          params.startRow,
          params.endRow,
        )
        void invoke('table.query', query).then((result) => {
          if (!result.ok) {
            params.failCallback()
            if (seq >= applied.current) setError(result.error.message)
            return
          }
          params.successCallback(result.value.rows, result.value.total)
          apply(seq, result.value)
        })
      },
    }
    // reloadToken: a reload of the workbook's data asks again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.filters, view.search, view.viewAsEmployeeId, reloadToken, apply])

  /** After an edit: the count, worst severity and budget notices of the whole view, without the rows. */
  const refreshSummary = useCallback(async () => {
    sequence.current += 1
    const seq = sequence.current
    const query = buildTableQuery({ ...view, sort }, 0, 1)
    const result = await invoke('table.query', query)
    if (result.ok) apply(seq, result.value)
  }, [view, sort, apply])

  return { datasource, summary, error, sort, setSort, refreshSummary }
}
