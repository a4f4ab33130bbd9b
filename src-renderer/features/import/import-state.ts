import type { ImportRowsPage, ImportSummary } from '../../../src-shared/contract'

/** The server pages the rows; the grid shows one page of this many. */
export const IMPORT_PAGE_SIZE = 100

export interface ImportProgress {
  done: number
  /** Null while the total is unknown (an indeterminate bar). */
  total: number | null
  message: string
}

/** The call under way; the buttons that would race it are disabled meanwhile. */
export type ImportBusy =
  | 'start'
  | 'append'
  | 'cancel'
  | 'edit'
  | 'fix'
  | 'undo'
  | 'redo'
  | 'revalidate'
  | 'report'
  | 'commit'
  | 'discard'

export interface ImportState {
  importId: string | null
  summary: ImportSummary | null
  progress: ImportProgress | null
  /** The fetched page of rows (offset and filter below). */
  page: ImportRowsPage | null
  offset: number
  onlyErrors: boolean
  /** The row number (as the results number it) whose errors the side panel lists. */
  selectedRow: number | null
  /**
   * A 'Go to row' (or to a cell: `field`) the grid has yet to scroll to and focus; `seq` tells two
   * jumps to one row apart.
   */
  jump: { row: number; seq: number; field?: string } | null
  busy: ImportBusy | null
  /** Bumped whenever a summary arrives: the rows may have changed, so the page is fetched again. */
  revision: number
  /**
   * Order of the summary shown. Answers take their ticket when the request is sent, events when they
   * arrive; an older summary never replaces a newer one (an `import.changed` that overtook the
   * answer of `import.start` wins over that answer's 'parsing').
   */
  ticket: number
}

export type ImportAction =
  | { type: 'busy'; busy: ImportBusy | null }
  | { type: 'summary'; summary: ImportSummary; ticket: number; source: 'answer' | 'event' }
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'page'; importId: string; offset: number; onlyErrors: boolean; page: ImportRowsPage }
  | { type: 'onlyErrors'; onlyErrors: boolean }
  | { type: 'offset'; offset: number }
  | { type: 'select'; row: number | null }
  /** 'Go to row': the page holding the row (all rows, not only those with errors), the row selected. */
  | { type: 'goToRow'; row: number }
  /** 'Go to the first error of this row': a cell of a row on the page, scrolled to in both directions. */
  | { type: 'goToCell'; row: number; field: string }
  /** The grid has shown the row of the last 'Go to row'. */
  | { type: 'jumped' }
  | { type: 'reset' }

export function initialImportState(): ImportState {
  return {
    importId: null,
    summary: null,
    progress: null,
    page: null,
    offset: 0,
    onlyErrors: false,
    selectedRow: null,
    jump: null,
    busy: null,
    revision: 0,
    ticket: 0,
  }
}

/** The offset of the last page holding `total` rows (0 when there are none). */
/** The offset of the page of all rows that holds row `row` (1-based). */
export function pageOffsetOf(row: number, pageSize = IMPORT_PAGE_SIZE): number {
  return Math.max(0, Math.floor((row - 1) / pageSize) * pageSize)
}

export function lastPageOffset(total: number, pageSize = IMPORT_PAGE_SIZE): number {
  return total <= 0 ? 0 : Math.floor((total - 1) / pageSize) * pageSize
}

function acceptsEvent(state: ImportState, summary: ImportSummary): boolean {
  if (state.importId === summary.importId) return true
  // The event of an import whose start is still being answered (it may replace one in review).
  return state.busy === 'start'
}

function applySummary(state: ImportState, summary: ImportSummary, ticket: number): ImportState {
  const same = state.importId === summary.importId
  const working = summary.phase === 'parsing' || summary.phase === 'committing'
  return {
    ...state,
    importId: summary.importId,
    summary,
    progress: working ? state.progress : null,
    page: same ? state.page : null,
    offset: same ? state.offset : 0,
    onlyErrors: same ? state.onlyErrors : false,
    selectedRow: same ? state.selectedRow : null,
    jump: same ? state.jump : null,
    revision: state.revision + 1,
    ticket,
  }
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'busy': {
      // A new file: the previous file's progress no longer applies.
      const newFile = action.busy === 'start' || action.busy === 'append'
      return { ...state, busy: action.busy, progress: newFile ? null : state.progress }
    }
    case 'summary':
      if (action.ticket <= state.ticket) return state
      if (action.source === 'event' && !acceptsEvent(state, action.summary)) return state
      return applySummary(state, action.summary, action.ticket)
    case 'progress': {
      const phase = state.summary?.phase
      const waiting =
        phase === 'parsing' || state.busy === 'start' || state.busy === 'append' || state.busy === 'commit'
      return waiting ? { ...state, progress: action.progress } : state
    }
    case 'page': {
      if (
        action.importId !== state.importId ||
        action.offset !== state.offset ||
        action.onlyErrors !== state.onlyErrors
      )
        return state
      // Fixes shrank the list below this page: go to the last page that still has rows.
      if (action.page.rows.length === 0 && action.offset > 0 && action.page.total > 0)
        return { ...state, offset: lastPageOffset(action.page.total) }
      return { ...state, page: action.page }
    }
    case 'onlyErrors':
      return action.onlyErrors === state.onlyErrors
        ? state
        : { ...state, onlyErrors: action.onlyErrors, offset: 0, page: null }
    case 'offset':
      return { ...state, offset: Math.max(0, action.offset) }
    case 'select':
      return { ...state, selectedRow: action.row }
    case 'goToRow':
      return {
        ...state,
        onlyErrors: false,
        page: state.onlyErrors ? null : state.page,
        offset: pageOffsetOf(action.row),
        selectedRow: action.row,
        jump: { row: action.row, seq: (state.jump?.seq ?? 0) + 1 },
      }
    case 'goToCell':
      return {
        ...state,
        selectedRow: action.row,
        jump: { row: action.row, seq: (state.jump?.seq ?? 0) + 1, field: action.field },
      }
    case 'jumped':
      return { ...state, jump: null }
    case 'reset':
      return { ...initialImportState(), ticket: state.ticket }
  }
}
