import type { GridApi, GridReadyEvent } from 'ag-grid-community'
import { AgGridReact } from 'ag-grid-react'
import { useCallback, useRef, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { COLUMNS, DEFAULT_COLUMN, PAGE_SIZE, rowId } from './columns'
import { gridTheme } from './grid-setup'
import { Pagination } from './Pagination'
import { selectCompensationRows, type CompensationRow } from './selectors'
import './table.css'

const NO_ROWS =
  '<span class="grid-empty">No employees in this workbook yet. Import them from Manage Data.</span>'

interface PageState {
  current: number
  total: number
  rowCount: number
}

/** /employeetable: every employee with their planned pay (read-only for now), 25 rows a page. */
export default function CompensationTablePage() {
  const rows = useAppSelector(selectCompensationRows)
  const api = useRef<GridApi<CompensationRow> | null>(null)
  const [page, setPage] = useState<PageState>({ current: 1, total: 0, rowCount: 0 })

  const syncPage = useCallback(() => {
    const grid = api.current
    if (!grid || grid.isDestroyed()) return
    setPage({
      current: grid.paginationGetCurrentPage() + 1,
      total: grid.paginationGetTotalPages(),
      rowCount: grid.paginationGetRowCount(),
    })
  }, [])

  const onGridReady = useCallback(
    (event: GridReadyEvent<CompensationRow>) => {
      api.current = event.api
      syncPage()
    },
    [syncPage],
  )

  return (
    <section className="page page--fill" aria-labelledby="compensation-table-title">
      <header className="page__header">
        <h1 id="compensation-table-title" className="page__title">
          Compensation Table
        </h1>
        <span className="muted" data-testid="compensation-table-count">
          {rows.length.toLocaleString('en-US')} employees
        </span>
      </header>
      <div className="grid-host" data-testid="compensation-table">
        <AgGridReact<CompensationRow>
          theme={gridTheme}
          rowData={rows}
          columnDefs={COLUMNS}
          defaultColDef={DEFAULT_COLUMN}
          getRowId={rowId}
          pagination
          paginationPageSize={PAGE_SIZE}
          paginationPageSizeSelector={false}
          suppressPaginationPanel
          overlayNoRowsTemplate={NO_ROWS}
          onGridReady={onGridReady}
          onPaginationChanged={syncPage}
        />
      </div>
      <Pagination
        current={page.current}
        total={page.total}
        rowCount={page.rowCount}
        pageSize={PAGE_SIZE}
        onGoTo={(target) => api.current?.paginationGoToPage(target - 1)}
      />
    </section>
  )
}
