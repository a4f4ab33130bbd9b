import type { GridApi } from 'ag-grid-community'
import { useCallback, useState } from 'react'
import type { TableQuery, TableRow } from '../../../src-shared/contract'
import { parseClipboardTable } from '../../../src-shared/domain/pasted-values'
import { isTableColumnId } from '../../../src-shared/domain/table-columns'
import { invoke } from '../../app/client'
import { useToast } from '../../components/toast'
import { tileCells } from './block-selection'
import {
  blockLabel,
  MAX_PASTE_ROWS,
  pasteColumns,
  planBlockPaste,
  type PasteContext,
  type PastePlan,
  type PasteProblem,
} from './paste'

/** Ctrl+V on a cell: the clipboard's text, the focused cell (the block's top left) and the shown columns. */
export interface PasteRequest {
  text: string
  anchorId: number
  anchorName: string
  anchorColumn: string
  /** Column ids in the order shown (pinned first), as the grid draws them. */
  displayed: string[]
  /** The selected block's size when a single value fills it (Ctrl+V of one cell on a block, Ctrl+D). */
  fill?: { rows: number; columns: number }
  /** The undo step's name instead of the block's size ('Fill down'). */
  label?: string
}

/** The request of a paste on the grid's focused cell; null when no table cell has the focus. */
export function pasteRequest(grid: GridApi<TableRow>, text: string): PasteRequest | null {
  const focused = grid.getFocusedCell()
  if (!focused || focused.rowPinned) return null
  const anchorColumn = focused.column.getColId()
  const row = grid.getDisplayedRowAtIndex(focused.rowIndex)?.data
  if (!row || !isTableColumnId(anchorColumn)) return null
  return {
    text,
    anchorId: row.id,
    anchorName: row.employeeName,
    anchorColumn,
    displayed: grid.getAllDisplayedColumns().map((column) => column.getColId()),
  }
}

/** Cells a paste refused: why, each cell that could not take its value, and whether the rest went in. */
export interface PasteRefusal {
  message: string
  problems: PasteProblem[]
  applied: boolean
}

interface Options {
  /** The view as shown (sort, filters, search, 'View as'): the paste's rows follow its order. */
  query: () => Omit<TableQuery, 'offset' | 'limit'>
  context: PasteContext
  /** Runs in the table's edit queue: `prepare` plans against rows as they are after earlier edits. */
  paste: (prepare: () => Promise<{ plan: PastePlan; label: string } | null>) => Promise<void>
}

/**
 * Plans a pasted block: the rows from the anchor on come from the main process in the view's order,
 * across pages; every cell is checked before anything is sent. Cells refused are listed in the refusal
 * dialog (`refusal`) and the others pasted; a refusal of the whole block (its shape) is a toast.
 */
export function useBlockPaste({ query, context, paste }: Options) {
  const toast = useToast()
  const [refusal, setRefusal] = useState<PasteRefusal | null>(null)

  const prepare = useCallback(
    async (request: PasteRequest): Promise<{ plan: PastePlan; label: string } | null> => {
      const cells = tileCells(parseClipboardTable(request.text), request.fill)
      const width = Math.max(...cells.map((line) => line.length))
      const columns = pasteColumns(request.displayed, request.anchorColumn, width)
      if (!columns.ok) {
        toast.error(`Nothing was pasted. ${columns.message}`)
        return null
      }
      if (cells.length > MAX_PASTE_ROWS) {
        toast.error(
          `Nothing was pasted. At most ${MAX_PASTE_ROWS.toLocaleString('en-US')} rows paste at once; the clipboard has ${cells.length.toLocaleString('en-US')}.`,
        )
        return null
      }
      const found = await invoke('table.rowsFrom', {
        query: query(),
        anchorId: request.anchorId,
        count: cells.length,
      })
      if (!found.ok) {
        toast.error(`Nothing was pasted. ${found.error.message}`)
        return null
      }
      const rows = found.value
      if (rows.length < cells.length) {
        toast.error(
          `Nothing was pasted. The clipboard has ${cells.length} rows, but from ${request.anchorName} to the end of the table there ${rows.length === 1 ? 'is only 1' : `are only ${rows.length}`}.`,
        )
        return null
      }
      const result = planBlockPaste(columns.columns, rows, cells, context)
      if (!result.ok) {
        const applied = result.plan.updates.length > 0
        setRefusal({ message: result.message, problems: result.problems, applied })
        if (!applied) return null
      } else if (result.plan.updates.length === 0) {
        toast.info('Nothing to paste: the values are already there.')
        return null
      }
      return { plan: result.plan, label: request.label ?? blockLabel(columns.columns, cells.length) }
    },
    [context, query, toast],
  )

  const pasteBlock = useCallback((request: PasteRequest) => paste(() => prepare(request)), [paste, prepare])
  const dismiss = useCallback(() => setRefusal(null), [])
  return { pasteBlock, refusal, dismiss }
}
