import type { CellEditRequestEvent, CellFocusedEvent, TabToNextCellParams } from 'ag-grid-community'
import { AgGridReact } from 'ag-grid-react'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { ImportRowsPage } from '../../../src-shared/contract'
import { gridTheme } from '../compensation-table/grid-setup'
import { DEFAULT_IMPORT_COLUMN, importColumnDefs, importRowId } from './columns'
import { ImportPager } from './ImportPager'
import type { ImportGridRow } from './import-view'

const NO_ROWS: ImportGridRow[] = []

interface Props {
  headers: readonly string[]
  page: ImportRowsPage | null
  offset: number
  onlyErrors: boolean
  onEdit: (row: number, field: string, value: string) => void
  onSelect: (row: number | null) => void
  onOffset: (offset: number) => void
  /** Every row of the import, for 'Go to row'. */
  rowCount: number
  onGoToRow: (row: number) => void
  /** A 'Go to row' (or cell) to show once its page is here: scrolled to and focused, then onJumped. */
  jump: { row: number; seq: number; field?: string } | null
  onJumped: () => void
}

/**
 * Tab leaves the grid (arrow keys move between cells) so the rest of the screen stays reachable;
 * while editing, Tab moves to the next cell as usual.
 */
function tabToNextCell(params: TabToNextCellParams<ImportGridRow>) {
  if (!params.editing) return false
  return params.nextCellPosition ?? true
}

/**
 * One page of the import's rows, as typed (edits included). Editing is read-only for the grid:
 * a committed edit goes to main (import.editCell), whose answer brings the page back.
 */
export function ImportGrid({
  headers,
  page,
  offset,
  onlyErrors,
  onEdit,
  onSelect,
  onOffset,
  rowCount,
  onGoToRow,
  jump,
  onJumped,
}: Props) {
  const grid = useRef<AgGridReact<ImportGridRow>>(null)
  const headerKey = headers.join('\n')
  const columns = useMemo(() => importColumnDefs(headerKey ? headerKey.split('\n') : []), [headerKey])
  const rows = page?.rows ?? NO_ROWS
  const total = page?.total ?? 0

  useEffect(() => {
    const api = grid.current?.api
    const index = jump ? rows.findIndex((r) => r.row === jump.row) : -1
    if (!api || index < 0) return
    api.ensureIndexVisible(index, 'middle')
    if (jump?.field) {
      // Scrolls sideways too: the cell may be far right of the columns in view.
      api.ensureColumnVisible(jump.field, 'middle')
      api.setFocusedCell(index, jump.field)
    } else api.setFocusedCell(index, 'row')
    onJumped()
  }, [jump, rows, onJumped])

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<ImportGridRow>) => {
      const value = event.newValue == null ? '' : String(event.newValue)
      const before = event.oldValue == null ? '' : String(event.oldValue)
      if (value !== before) onEdit(event.data.row, event.column.getColId(), value)
    },
    [onEdit],
  )

  const onCellFocused = useCallback(
    (event: CellFocusedEvent<ImportGridRow>) => {
      if (event.rowIndex == null || event.rowPinned) return
      const data = event.api.getDisplayedRowAtIndex(event.rowIndex)?.data
      if (data) onSelect(data.row)
    },
    [onSelect],
  )

  return (
    <div className="import-grid">
      <div className="grid-host" data-testid="import-grid">
        <AgGridReact<ImportGridRow>
          ref={grid}
          theme={gridTheme}
          rowData={rows}
          columnDefs={columns}
          defaultColDef={DEFAULT_IMPORT_COLUMN}
          getRowId={importRowId}
          readOnlyEdit
          // A page is at most 100 rows: every column stays in the DOM (find, tooltips, tests).
          suppressColumnVirtualisation
          stopEditingWhenCellsLoseFocus
          onCellEditRequest={onCellEditRequest}
          onCellFocused={onCellFocused}
          tabToNextCell={tabToNextCell}
          tooltipShowDelay={300}
          overlayNoRowsTemplate={
            onlyErrors
              ? '<span class="grid-empty">No rows with errors.</span>'
              : '<span class="grid-empty">No rows.</span>'
          }
        />
      </div>
      <ImportPager
        offset={offset}
        shown={rows.length}
        total={total}
        rowCount={rowCount}
        onOffset={onOffset}
        onGoToRow={onGoToRow}
      />
    </div>
  )
}
