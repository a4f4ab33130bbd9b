import type { CellClassParams, CellFocusedEvent, GridApi } from 'ag-grid-community'
import { useCallback, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { TableRow } from '../../../src-shared/contract'
import { isTableColumnId } from '../../../src-shared/domain/table-columns'
import {
  blockBounds,
  blockSize,
  blockTexts,
  fillDownPlan,
  inBlock,
  isArrowKey,
  isMultiCell,
  singleCell,
  stepBlock,
  extendTo,
  type CellBlock,
} from './block-selection'
import { cellEditable } from './cell-edit'
import { cellRefusal, type CellSwitches } from './cell-refusal'
import { copyText, toTsv } from './clipboard'
import type { DisplayCurrency } from './display-money'
import { shownTableColumns } from './grid-columns'
import type { KeyHold } from './key-hold'
import { moveTo } from './page-jump'
import { PAGE_SIZE } from './table-query'
import type { PasteRequest } from './use-block-paste'

/** A message drawn under a cell: why typing there did nothing. */
export interface CellNotice {
  text: string
  rowIndex: number
  column: string
  place: { left: number; top: number }
}

interface Options {
  api: () => GridApi<TableRow> | null
  host: () => HTMLElement | null
  hold: () => KeyHold | null
  display: DisplayCurrency
  switches: CellSwitches
  onPaste: (request: PasteRequest) => void
}

/**
 * The grid's spreadsheet layer over AG Grid community: a block of cells (Shift+click, Shift+arrows),
 * copied as TSV, pasted into or filled down (Ctrl+D); typing on a cell that cannot take it says why in
 * place, and Enter goes on down; Enter after typing skips the rows whose cell cannot take a value, so a
 * column of typed raises lands on the next employees who can have one; Tab after typing moves on
 * without opening the next cell's editor.
 */
export function useGridBlock(options: Options) {
  const { api, host, hold, display, switches, onPaste } = options
  const block = useRef<CellBlock | null>(null)
  const columns = useRef<string[]>([])
  const selfMove = useRef(false)
  const pointerShift = useRef(false)
  const [notice, setNotice] = useState<CellNotice | null>(null)

  const redraw = useCallback(
    (previous: CellBlock | null, next: CellBlock | null) => {
      const grid = api()
      if (!grid) return
      if (!isMultiCell(previous, columns.current) && !isMultiCell(next, columns.current)) return
      grid.refreshCells({ columns: columns.current })
    },
    [api],
  )

  const setBlock = useCallback(
    (next: CellBlock | null) => {
      const grid = api()
      if (grid) columns.current = shownTableColumns(grid)
      const previous = block.current
      block.current = next
      redraw(previous, next)
    },
    [api, redraw],
  )

  /** AG Grid's `cellClassRules` entry: whether a cell is in the block (drawn only for blocks of 2+). */
  const inSelectedBlock = useCallback((params: CellClassParams<TableRow>) => {
    const column = params.colDef.colId ?? ''
    const rowIndex = params.node.rowIndex
    if (rowIndex === null || !isMultiCell(block.current, columns.current)) return false
    return inBlock(block.current, columns.current, rowIndex, column)
  }, [])

  const onCellFocused = useCallback(
    (event: CellFocusedEvent<TableRow>) => {
      setNotice(null)
      const column = typeof event.column === 'string' ? event.column : event.column?.getColId()
      if (event.rowIndex === null || !column || event.rowPinned || !isTableColumnId(column)) return
      const at = { rowIndex: event.rowIndex, column }
      if (selfMove.current) {
        selfMove.current = false
        return
      }
      const extend = pointerShift.current && block.current !== null
      pointerShift.current = false
      setBlock(extend && block.current ? extendTo(block.current, at) : singleCell(at))
    },
    [setBlock],
  )

  const onMouseDownCapture = useCallback((event: { shiftKey: boolean }) => {
    pointerShift.current = event.shiftKey
  }, [])

  /** The block's text as a spreadsheet copies it; null for one cell (the grid's copy applies). */
  const copyBlock = useCallback((): string | null => {
    const grid = api()
    const current = block.current
    if (!grid || !current) return null
    const shown = shownTableColumns(grid)
    const bounds = blockBounds(current, shown)
    if (!bounds || !isMultiCell(current, shown)) return null
    const rows = blockTexts(bounds, shown, (rowIndex, column) => {
      const row = grid.getDisplayedRowAtIndex(rowIndex)?.data
      return row ? copyText(column, row, display) : ''
    })
    return toTsv(rows)
  }, [api, display])

  /** A paste on the grid: into the block's top left, a single value or row filling the block. */
  const pasteInto = useCallback(
    (request: PasteRequest): PasteRequest => {
      const grid = api()
      const current = block.current
      if (!grid || !current) return request
      const shown = shownTableColumns(grid)
      const bounds = blockBounds(current, shown)
      if (!bounds || !isMultiCell(current, shown)) return request
      const top = grid.getDisplayedRowAtIndex(bounds.top)?.data
      if (!top) return request
      return {
        ...request,
        anchorId: top.id,
        anchorName: top.employeeName,
        anchorColumn: shown[bounds.left],
        fill: blockSize(bounds),
      }
    },
    [api],
  )

  const fillDown = useCallback((): boolean => {
    const grid = api()
    const focused = grid?.getFocusedCell()
    if (!grid || !focused) return false
    const shown = shownTableColumns(grid)
    const current =
      block.current ?? singleCell({ rowIndex: focused.rowIndex, column: focused.column.getColId() })
    const bounds = blockBounds(current, shown)
    const plan = bounds && fillDownPlan(bounds)
    if (!bounds || !plan) return true
    const source = grid.getDisplayedRowAtIndex(plan.source)?.data
    const top = grid.getDisplayedRowAtIndex(plan.top)?.data
    if (!source || !top) return true
    const line = shown.slice(bounds.left, bounds.right + 1).map((column) => copyText(column, source, display))
    onPaste({
      text: toTsv(Array.from({ length: plan.rows }, () => line)),
      anchorId: top.id,
      anchorName: top.employeeName,
      anchorColumn: shown[bounds.left],
      displayed: grid.getAllDisplayedColumns().map((column) => column.getColId()),
      label: `Fill down (${plan.rows} ${plan.rows === 1 ? 'row' : 'rows'})`,
    })
    return true
  }, [api, display, onPaste])

  const shiftArrow = useCallback(
    (key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight'): boolean => {
      const grid = api()
      const focused = grid?.getFocusedCell()
      if (!grid || !focused) return false
      const column = focused.column.getColId()
      if (!isTableColumnId(column)) return false
      const shown = shownTableColumns(grid)
      const firstRow = grid.paginationGetCurrentPage() * PAGE_SIZE
      const lastRow = Math.min(grid.paginationGetRowCount() - 1, firstRow + PAGE_SIZE - 1)
      const from = block.current ?? singleCell({ rowIndex: focused.rowIndex, column })
      const next = stepBlock(from, key, shown, { firstRow, lastRow })
      setBlock(next)
      selfMove.current = true
      grid.ensureColumnVisible(next.focus.column)
      grid.setFocusedCell(next.focus.rowIndex, next.focus.column)
      return true
    },
    [api, setBlock],
  )

  /** The cell under the keyboard, its row and why it refuses a value (null: it takes one). */
  const focusedRefusal = useCallback(() => {
    const grid = api()
    const focused = grid?.getFocusedCell()
    if (!grid || !focused) return null
    const column = focused.column.getColId()
    const row = grid.getDisplayedRowAtIndex(focused.rowIndex)?.data
    if (!row || !isTableColumnId(column)) return null
    return { grid, rowIndex: focused.rowIndex, column, row, reason: cellRefusal(column, row, switches) }
  }, [api, switches])

  const showNotice = useCallback(
    (text: string, rowIndex: number, column: string) => {
      const cell = host()?.querySelector(
        `.ag-row[row-index="${rowIndex}"]:not(.ag-opacity-zero) .ag-cell[col-id="${column}"]`,
      )
      const rect = cell?.getBoundingClientRect()
      if (!rect) return
      setNotice({ text, rowIndex, column, place: { left: rect.left, top: rect.bottom + 2 } })
    },
    [host],
  )

  /** Enter on a cell that opens no editor: down a row (Shift+Enter: up), across a page edge too. */
  const enterDown = useCallback(
    (rowIndex: number, column: string, up: boolean) => {
      const grid = api()
      const where = host()
      const keys = hold()
      if (!grid || !where || !keys) return
      const target = up ? rowIndex - 1 : rowIndex + 1
      if (target < 0 || target >= grid.paginationGetRowCount()) return
      moveTo(grid, where, keys, { rowIndex: target, column })
    },
    [api, host, hold],
  )

  /**
   * Enter after typing: the next row whose cell takes a value, when rows that cannot lie between
   * (null: the next row takes one, or the rows past it are not loaded; the grid's own step applies).
   */
  const nextTaking = useCallback(
    (grid: GridApi<TableRow>, rowIndex: number, column: string): number | null => {
      const count = grid.paginationGetRowCount()
      for (let r = rowIndex + 1; r < count; r += 1) {
        const row = grid.getDisplayedRowAtIndex(r)?.data
        if (!row) return null
        if (cellEditable(row, column)) return r === rowIndex + 1 ? null : r
      }
      return null
    },
    [],
  )

  /** Keys before the grid sees them; true when handled here (the caller stops the event). */
  const onKey = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>, editing: boolean): boolean => {
      const { key } = event
      const ctrl = event.ctrlKey || event.metaKey
      if (key !== 'Shift') pointerShift.current = false
      if (editing) {
        const grid = api()
        const focused = grid?.getFocusedCell()
        if (!grid || !focused) return false
        const column = focused.column.getColId()
        if (key === 'Tab') {
          // Commit and move on, as a spreadsheet does: the next cell's editor would open on the
          // row as it was before this edit landed (an empty New Salary after a typed raise).
          grid.stopEditing()
          if (event.shiftKey) grid.tabToPreviousCell()
          else grid.tabToNextCell()
          return true
        }
        if (key === 'Enter' && !event.shiftKey && !ctrl) {
          const target = nextTaking(grid, focused.rowIndex, column)
          const where = host()
          const keys = hold()
          if (target === null || !where || !keys) return false
          grid.stopEditing()
          moveTo(grid, where, keys, { rowIndex: target, column })
          return true
        }
        return false
      }
      if (event.shiftKey && !ctrl && !event.altKey && isArrowKey(key)) return shiftArrow(key)
      if (ctrl && !event.altKey && key.toLowerCase() === 'd') return fillDown()
      const refused = focusedRefusal()
      if (!refused?.reason) {
        if (key !== 'Shift') setNotice(null)
        return false
      }
      if (key === 'Enter') {
        setNotice(null)
        enterDown(refused.rowIndex, refused.column, event.shiftKey)
        return true
      }
      const character = key.length === 1 && !ctrl && !event.altKey
      if (!character) return false
      showNotice(refused.reason, refused.rowIndex, refused.column)
      return true
    },
    [api, enterDown, fillDown, focusedRefusal, hold, host, nextTaking, shiftArrow, showNotice],
  )

  const dismissNotice = useCallback(() => setNotice(null), [])
  return {
    inSelectedBlock,
    onCellFocused,
    onMouseDownCapture,
    copyBlock,
    pasteInto,
    onKey,
    notice,
    dismissNotice,
  }
}
