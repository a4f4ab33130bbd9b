import type { GridApi } from 'ag-grid-community'
import type { TableRow } from '../../../src-shared/contract'
import { isTableColumnId } from '../../../src-shared/domain/table-columns'
import { isTyping } from '../../components/keyboard'
import { shownTableColumns } from './grid-columns'
import { jumpTarget, pageEdgeStep, type GridPosition, type JumpKey, type StepKey } from './grid-keys'
import type { HeldKey, KeyHold } from './key-hold'
import { PAGE_SIZE } from './table-query'

const EDITOR_WAIT_MS = 1_000

/**
 * Moves the focus for Home / End / PageUp / PageDown (grid-keys.ts), changing page when the target is
 * on another. It starts from the grid's focused cell, not from the cell the key landed on: the browser's
 * focus follows a move a frame or two later, and a quick second PageDown must go on from the first.
 * Keys typed while the page turns are held and replayed on the cell reached (key-hold.ts).
 */
export function jump(api: GridApi<TableRow>, host: HTMLElement, hold: KeyHold, key: JumpKey, ctrl: boolean) {
  const from = api.getFocusedCell()
  if (!from) return
  const column = from.column.getColId()
  const columns = shownTableColumns(api)
  const shape = { columns, rowCount: api.paginationGetRowCount(), pageSize: PAGE_SIZE }
  const target = jumpTarget(
    key,
    ctrl,
    { rowIndex: from.rowIndex, column: isTableColumnId(column) ? column : columns[0] },
    shape,
  )
  if (target) moveTo(api, host, hold, target)
}

/** Focuses `target`, turning the page if it is on another; keys typed meanwhile are held (key-hold.ts). */
export function moveTo(api: GridApi<TableRow>, host: HTMLElement, hold: KeyHold, target: GridPosition) {
  const page = Math.floor(target.rowIndex / PAGE_SIZE)
  const turnsPage = page !== api.paginationGetCurrentPage()
  if (turnsPage) api.paginationGoToPage(page)
  api.ensureIndexVisible(target.rowIndex)
  api.ensureColumnVisible(target.column)
  api.setFocusedCell(target.rowIndex, target.column)
  if (turnsPage || hold.holding) hold.hold(() => cellReady(api, host, target.rowIndex, target.column))
}

/**
 * ↓ / ↑, or Enter in a cell's own editor, at the edge of a page (grid-keys.ts): commits what was typed
 * and goes on to the next or previous page. False when the step stays on the page, for the grid to take.
 */
export function stepAcrossPage(
  api: GridApi<TableRow>,
  host: HTMLElement,
  hold: KeyHold,
  key: StepKey,
  shift: boolean,
): boolean {
  const from = api.getFocusedCell()
  if (!from) return false
  const shape = { rowCount: api.paginationGetRowCount(), pageSize: PAGE_SIZE }
  const target = pageEdgeStep(key, shift, { rowIndex: from.rowIndex, column: from.column.getColId() }, shape)
  if (!target) return false
  api.stopEditing()
  moveTo(api, host, hold, target)
  return true
}

/** The cell reached is drawn with its row's data and has the browser's focus (given here if not). */
function cellReady(api: GridApi<TableRow>, host: HTMLElement, rowIndex: number, column: string): boolean {
  const focused = api.getFocusedCell()
  // The user has moved on (a click, a key the hold let through): nothing to wait for.
  if (focused?.rowIndex !== rowIndex || focused.column.getColId() !== column) return true
  const cell = host.querySelector(
    `.ag-row[row-index="${rowIndex}"]:not(.ag-opacity-zero) .ag-cell[col-id="${column}"]`,
  )
  if (!cell || api.getDisplayedRowAtIndex(rowIndex)?.data === undefined) return false
  if (document.activeElement !== cell) api.setFocusedCell(rowIndex, column)
  return document.activeElement === cell
}

/**
 * Replays a held key where the keyboard now is: a character into the open editor, or opening the
 * focused cell's editor with it (as typing on a selected cell does); any other key as a keydown.
 */
export async function replayKey(api: GridApi<TableRow>, hold: KeyHold, key: HeldKey): Promise<void> {
  const active = document.activeElement
  const character = key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey
  // A replayed keydown is not trusted, so the browser would not edit the text with it: do it here.
  const deletion = key.key === 'Backspace' ? 'delete' : key.key === 'Delete' ? 'forwardDelete' : null
  if ((character || deletion) && isTyping(active)) {
    document.execCommand(deletion ?? 'insertText', false, character ? key.key : undefined)
    return
  }
  if (character) {
    const cell = api.getFocusedCell()
    if (!cell) return
    api.startEditingCell({ rowIndex: cell.rowIndex, colKey: cell.column, key: key.key })
    if (api.getEditingCells().length > 0) await until(() => isTyping(document.activeElement))
    return
  }
  if (active) hold.dispatch(active, key)
  await nextFrame()
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()))
}

async function until(done: () => boolean): Promise<void> {
  const end = performance.now() + EDITOR_WAIT_MS
  while (!done() && performance.now() < end) await nextFrame()
}
