import type {
  CellEditRequestEvent,
  CellKeyDownEvent,
  FullWidthCellKeyDownEvent,
  ColDef,
  GridApi,
  GridReadyEvent,
  IDatasource,
  CellFocusedEvent,
  SortChangedEvent,
} from 'ag-grid-community'
import { AgGridReact } from 'ag-grid-react'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react'
import type { RewardChanges, TableQuery, TableRow } from '../../../src-shared/contract'
import { isTableColumnId } from '../../../src-shared/domain/table-columns'
import { isTyping } from '../../components/keyboard'
import { changesFromEdit, clearedChanges } from './cell-edit'
import { CellNoticePopup } from './CellNoticePopup'
import type { CellSwitches } from './cell-refusal'
import { copyText, toTsv } from './clipboard'
import { columnOf } from './column-config'
import type { DisplayCurrency } from './display-money'
import { gridTheme } from './grid-setup'
import { DEFAULT_COLUMN, shownTableColumns } from './grid-columns'
import { isJumpKey, isStepKey } from './grid-keys'
import { KeyHold } from './key-hold'
import { jump, replayKey, stepAcrossPage } from './page-jump'
import { pasteRequest, type PasteRequest } from './use-block-paste'
import { querySort } from './sort-cycle'
import { useGridBlock } from './use-grid-block'
import { PAGE_SIZE } from './table-query'

interface Props {
  columnDefs: ColDef<TableRow>[]
  datasource: IDatasource
  display: DisplayCurrency
  /** The pay cycle's switches: why a bonus or lump sum cell refuses typing. */
  switches: CellSwitches
  onReady: (api: GridApi<TableRow>) => void
  onPagination: () => void
  onSort: (sort: TableQuery['sort']) => void
  onEdit: (row: TableRow, changes: RewardChanges, label: string) => void
  /** Ctrl+V on a cell: the block and where it goes (`use-block-paste.ts` plans it). */
  onPaste: (request: PasteRequest) => void
}

const NO_ROWS = '<span class="grid-empty">No employees match.</span>'
const SELECTION = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
} as const
const SELECTION_COLUMN = {
  pinned: 'left',
  width: 44,
  minWidth: 44,
  resizable: false,
  headerName: 'Select rows',
  headerClass: 'header--unlabelled',
  headerTooltip: 'Select rows',
} as const

const rowId = (params: { data: TableRow }) => String(params.data.id)

/**
 * The grid: AG Grid's Infinite Row Model paging 25 rows at a time (its own pager hidden: the page
 * draws the spec's), read-only edits handed to `onEdit`, Ctrl+C of the selected block, the ticked rows
 * or the focused cell as tab-separated text, Ctrl+V of a spreadsheet block from the focused cell or into
 * the selected block (rows past the page), Ctrl+D fill down (use-grid-block.ts).
 */
export function TableGrid(props: Props) {
  const api = useRef<GridApi<TableRow> | null>(null)
  const host = useRef<HTMLDivElement>(null)
  const keyHold = useRef<KeyHold | null>(null)
  const { onReady, onEdit, onPaste, onSort, display, switches } = props
  const block = useGridBlock({
    api: () => api.current,
    host: () => host.current,
    hold: () => keyHold.current,
    display,
    switches,
    onPaste,
  })
  const { inSelectedBlock, onCellFocused: blockFocus } = block
  // Each data column draws whether its cell is in the selected block.
  const columnDefs = useMemo(
    () =>
      props.columnDefs.map((def) =>
        def.colId && isTableColumnId(def.colId)
          ? { ...def, cellClassRules: { ...def.cellClassRules, 'cell--in-block': inSelectedBlock } }
          : def,
      ),
    [props.columnDefs, inSelectedBlock],
  )
  const onCellFocused = useCallback((event: CellFocusedEvent<TableRow>) => blockFocus(event), [blockFocus])

  const onGridReady = useCallback(
    (event: GridReadyEvent<TableRow>) => {
      api.current = event.api
      const hold: KeyHold = new KeyHold((key) => replayKey(event.api, hold, key))
      keyHold.current = hold
      onReady(event.api)
    },
    [onReady],
  )

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<TableRow>) => {
      const column = event.column.getColId()
      const row = event.data
      const changes = changesFromEdit(column, row, event.newValue)
      if (!changes) {
        event.api.refreshCells({ rowNodes: [event.node], force: true })
        return
      }
      const label = isTableColumnId(column)
        ? `${columnOf(column).label} of ${row.employeeName}`
        : row.employeeName
      onEdit(row, changes, label)
    },
    [onEdit],
  )

  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<TableRow> | FullWidthCellKeyDownEvent<TableRow>) => {
      const keyboard = event.event as KeyboardEvent | null
      const key = keyboard?.key
      if (!keyboard || !key || !('column' in event)) return
      if ((key !== 'Delete' && key !== 'Backspace') || !event.data) return
      const column = event.column.getColId()
      const changes = clearedChanges(column, event.data)
      if (!changes) return
      const label = isTableColumnId(column)
        ? `Clear ${columnOf(column).label} of ${event.data.employeeName}`
        : 'Clear'
      onEdit(event.data, changes, label)
    },
    [onEdit],
  )

  const onSortChanged = useCallback(
    (event: SortChangedEvent<TableRow>) => {
      const model = event.api
        .getColumnState()
        .filter((state) => state.sort)
        .map((state) => ({ colId: state.colId, sort: state.sort ?? null }))
      onSort(querySort(model))
    },
    [onSort],
  )

  // Before the grid sees the key, and in the same task: the grid's own key events reach React a task
  // later, when a key typed meanwhile would already have gone to the cell being left.
  const onKeyDownCapture = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const grid = api.current
    const inCell = event.target instanceof HTMLElement && event.target.closest('.ag-cell') !== null
    if (!grid || !host.current || !keyHold.current || !inCell) return
    const { key, shiftKey } = event
    const editing = isTyping(event.target)
    if (block.onKey(event, editing)) {
      event.preventDefault()
      event.stopPropagation()
      return
    }
    // Enter steps out of a cell's editor (on a selected cell it opens one); ↓ / ↑ step when not editing.
    const steps = isStepKey(key) && editing === (key === 'Enter')
    if (isJumpKey(key) && !editing) {
      jump(grid, host.current, keyHold.current, key, event.ctrlKey || event.metaKey)
    } else if (!steps || !stepAcrossPage(grid, host.current, keyHold.current, key, shiftKey)) {
      return
    }
    event.preventDefault()
    event.stopPropagation()
  }

  useEffect(() => () => keyHold.current?.release(), [])

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    const grid = api.current
    if (!grid || isTyping(event.target)) return
    const blockText = block.copyBlock()
    if (blockText !== null) {
      event.clipboardData.setData('text/plain', blockText)
      event.preventDefault()
      return
    }
    const columns = shownTableColumns(grid)
    // Selected rows in the order shown, whatever order they were ticked in.
    const selected = grid
      .getSelectedNodes()
      .filter((node) => node.data)
      .sort((a, b) => (a.rowIndex ?? 0) - (b.rowIndex ?? 0))
      .map((node) => node.data as TableRow)
    let rows: string[][]
    if (selected.length > 0) {
      rows = selected.map((row) => columns.map((id) => copyText(id, row, display)))
    } else {
      const focused = grid.getFocusedCell()
      const row = focused ? grid.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined
      if (!focused || !row) return
      rows = [[copyText(focused.column.getColId(), row, display)]]
    }
    event.clipboardData.setData('text/plain', toTsv(rows))
    event.preventDefault()
  }

  const onPasteEvent = (event: ClipboardEvent<HTMLDivElement>) => {
    const grid = api.current
    if (!grid || isTyping(event.target)) return
    const request = pasteRequest(grid, event.clipboardData.getData('text/plain'))
    if (!request) return
    event.preventDefault()
    onPaste(block.pasteInto(request))
  }

  return (
    <div
      ref={host}
      className="grid-host"
      data-testid="compensation-table"
      onKeyDownCapture={onKeyDownCapture}
      onMouseDownCapture={block.onMouseDownCapture}
      onCopy={onCopy}
      onPaste={onPasteEvent}
    >
      <AgGridReact<TableRow>
        theme={gridTheme}
        rowModelType="infinite"
        datasource={props.datasource}
        cacheBlockSize={PAGE_SIZE}
        maxBlocksInCache={4}
        maxConcurrentDatasourceRequests={2}
        pagination
        paginationPageSize={PAGE_SIZE}
        paginationPageSizeSelector={false}
        suppressPaginationPanel
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COLUMN}
        getRowId={rowId}
        rowSelection={SELECTION}
        selectionColumnDef={SELECTION_COLUMN}
        readOnlyEdit
        stopEditingWhenCellsLoseFocus
        suppressMultiSort
        suppressColumnVirtualisation
        tooltipShowDelay={300}
        overlayNoRowsTemplate={NO_ROWS}
        enterNavigatesVerticallyAfterEdit
        onGridReady={onGridReady}
        onPaginationChanged={props.onPagination}
        onSortChanged={onSortChanged}
        onCellEditRequest={onCellEditRequest}
        onCellKeyDown={onCellKeyDown}
        onCellFocused={onCellFocused}
        onBodyScroll={block.dismissNotice}
      />
      <CellNoticePopup notice={block.notice} />
    </div>
  )
}
