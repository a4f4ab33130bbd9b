/** A cell of the table: its absolute row index (across pages) and its column id. */
export interface GridPosition {
  rowIndex: number
  column: string
}

/** What the keys move over: the data columns in display order, the rows of the current sort and filter. */
export interface GridShape {
  columns: readonly string[]
  rowCount: number
  pageSize: number
}

export type JumpKey = 'Home' | 'End' | 'PageUp' | 'PageDown'

export function isJumpKey(key: string): key is JumpKey {
  return key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown'
}

/**
 * Spreadsheet keys on a paged table: Home / End go to the row's first / last cell, Ctrl+Home /
 * Ctrl+End to the table's first / last cell (on its first / last page). PageDown goes to the page's
 * last row, and from there to the same place on the next page (PageUp mirrors it), so repeated
 * presses walk the pages. Null when there is nowhere to go.
 */
export function jumpTarget(
  key: JumpKey,
  ctrl: boolean,
  at: GridPosition,
  shape: GridShape,
): GridPosition | null {
  const { columns, rowCount, pageSize } = shape
  if (rowCount < 1 || columns.length === 0) return null
  const first = columns[0]
  const last = columns[columns.length - 1]
  const lastRow = rowCount - 1
  switch (key) {
    case 'Home':
      return ctrl ? { rowIndex: 0, column: first } : { rowIndex: at.rowIndex, column: first }
    case 'End':
      return ctrl ? { rowIndex: lastRow, column: last } : { rowIndex: at.rowIndex, column: last }
    case 'PageDown': {
      const pageLast = Math.min(lastRow, (Math.floor(at.rowIndex / pageSize) + 1) * pageSize - 1)
      const rowIndex = at.rowIndex < pageLast ? pageLast : Math.min(lastRow, at.rowIndex + pageSize)
      return { rowIndex, column: at.column }
    }
    case 'PageUp': {
      const pageFirst = Math.floor(at.rowIndex / pageSize) * pageSize
      const rowIndex = at.rowIndex > pageFirst ? pageFirst : Math.max(0, at.rowIndex - pageSize)
      return { rowIndex, column: at.column }
    }
  }
}

export type StepKey = 'ArrowDown' | 'ArrowUp' | 'Enter'

export function isStepKey(key: string): key is StepKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter'
}

/**
 * ↓ on a page's last row, or Enter after typing there, goes on to the next page's first row (↑ and
 * Shift+Enter on a page's first row to the page before), as a spreadsheet's rows simply go on. Null when
 * the step stays on the page (the grid moves it) or the table ends there.
 */
export function pageEdgeStep(
  key: StepKey,
  shift: boolean,
  at: GridPosition,
  shape: Pick<GridShape, 'rowCount' | 'pageSize'>,
): GridPosition | null {
  const up = key === 'ArrowUp' || (key === 'Enter' && shift)
  const pageFirst = Math.floor(at.rowIndex / shape.pageSize) * shape.pageSize
  const pageLast = pageFirst + shape.pageSize - 1
  if (up) return at.rowIndex === pageFirst && at.rowIndex > 0 ? { ...at, rowIndex: at.rowIndex - 1 } : null
  return at.rowIndex === pageLast && at.rowIndex < shape.rowCount - 1
    ? { ...at, rowIndex: at.rowIndex + 1 }
    : null
}
