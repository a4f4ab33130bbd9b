import type { GridPosition } from './grid-keys'

/**
 * Block selection on the Compensation Table (AG Grid community has no range selection): a block is
 * the rectangle between the cell it started on (`anchor`) and the cell the keyboard is on (`focus`).
 * A click or a plain arrow starts a new one-cell block; Shift+click and Shift+arrows move `focus`.
 */
export interface CellBlock {
  anchor: GridPosition
  focus: GridPosition
}

/** The rectangle as row indices and positions in `columns` (the data columns in the order shown). */
export interface BlockBounds {
  top: number
  bottom: number
  left: number
  right: number
}

export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight'

export function isArrowKey(key: string): key is ArrowKey {
  return key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight'
}

export function singleCell(at: GridPosition): CellBlock {
  return { anchor: at, focus: at }
}

/** Shift+click: the block from the anchor to the cell clicked. */
export function extendTo(block: CellBlock, to: GridPosition): CellBlock {
  return { anchor: block.anchor, focus: to }
}

/** Null when a corner's column is not among the columns shown (hidden since). */
export function blockBounds(block: CellBlock, columns: readonly string[]): BlockBounds | null {
  const a = columns.indexOf(block.anchor.column)
  const f = columns.indexOf(block.focus.column)
  if (a < 0 || f < 0) return null
  return {
    top: Math.min(block.anchor.rowIndex, block.focus.rowIndex),
    bottom: Math.max(block.anchor.rowIndex, block.focus.rowIndex),
    left: Math.min(a, f),
    right: Math.max(a, f),
  }
}

export function blockSize(bounds: BlockBounds): { rows: number; columns: number } {
  return { rows: bounds.bottom - bounds.top + 1, columns: bounds.right - bounds.left + 1 }
}

export function isMultiCell(block: CellBlock | null, columns: readonly string[]): boolean {
  const bounds = block && blockBounds(block, columns)
  if (!bounds) return false
  const size = blockSize(bounds)
  return size.rows * size.columns > 1
}

export function inBlock(
  block: CellBlock | null,
  columns: readonly string[],
  rowIndex: number,
  column: string,
): boolean {
  const bounds = block && blockBounds(block, columns)
  if (!bounds) return false
  const at = columns.indexOf(column)
  return at >= bounds.left && at <= bounds.right && rowIndex >= bounds.top && rowIndex <= bounds.bottom
}

/**
 * Shift+arrow: the focus corner moves one cell, staying within the rows `firstRow`..`lastRow` (the
 * page shown) and the columns shown; the anchor stays.
 */
export function stepBlock(
  block: CellBlock,
  key: ArrowKey,
  columns: readonly string[],
  rows: { firstRow: number; lastRow: number },
): CellBlock {
  const { rowIndex, column } = block.focus
  const at = columns.indexOf(column)
  if (at < 0) return block
  switch (key) {
    case 'ArrowUp':
      return extendTo(block, { rowIndex: Math.max(rows.firstRow, rowIndex - 1), column })
    case 'ArrowDown':
      return extendTo(block, { rowIndex: Math.min(rows.lastRow, rowIndex + 1), column })
    case 'ArrowLeft':
      return extendTo(block, { rowIndex, column: columns[Math.max(0, at - 1)] })
    case 'ArrowRight':
      return extendTo(block, { rowIndex, column: columns[Math.min(columns.length - 1, at + 1)] })
  }
}

/** The block's cells row by row: `cell(rowIndex, column)` gives each one's text. */
export function blockTexts(
  bounds: BlockBounds,
  columns: readonly string[],
  cell: (rowIndex: number, column: string) => string,
): string[][] {
  const out: string[][] = []
  for (let r = bounds.top; r <= bounds.bottom; r += 1)
    out.push(columns.slice(bounds.left, bounds.right + 1).map((column) => cell(r, column)))
  return out
}

/**
 * A pasted block fitted to a selected block, as spreadsheets do: a block that divides the selection
 * evenly (one cell, one row, one column…) repeats to fill it; any other block pastes as it is.
 */
export function tileCells(
  cells: readonly (readonly string[])[],
  fill: { rows: number; columns: number } | undefined,
): string[][] {
  const height = cells.length
  const width = Math.max(0, ...cells.map((line) => line.length))
  const copy = cells.map((line) => [...line])
  if (!fill || height === 0 || width === 0) return copy
  if (fill.rows % height !== 0 || fill.columns % width !== 0) return copy
  if (fill.rows === height && fill.columns === width) return copy
  const out: string[][] = []
  for (let r = 0; r < fill.rows; r += 1) {
    const line = cells[r % height]
    out.push(Array.from({ length: fill.columns }, (_, c) => line[c % width] ?? ''))
  }
  return out
}

/**
 * Ctrl+D (fill down): the block's top row goes into every row below it in the block; a one-row block
 * takes the row above it (as spreadsheets do). Null when there is nothing to fill from (the table's
 * first row alone). `source` is the row copied, `top` the first row written, `rows` how many.
 */
export function fillDownPlan(bounds: BlockBounds): { source: number; top: number; rows: number } | null {
  if (bounds.bottom > bounds.top) {
    return { source: bounds.top, top: bounds.top + 1, rows: bounds.bottom - bounds.top }
  }
  if (bounds.top === 0) return null
  return { source: bounds.top - 1, top: bounds.top, rows: 1 }
}
