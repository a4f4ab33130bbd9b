import { describe, expect, it } from 'vitest'
import type { ImportRowsPage, ImportSummary } from '../../../src-shared/contract'
import {
  importReducer,
  initialImportState,
  lastPageOffset,
  pageOffsetOf,
  type ImportAction,
  type ImportState,
} from '../../../src-renderer/features/import/import-state'

function summary(over: Partial<ImportSummary> = {}): ImportSummary {
  return {
    importId: 'imp-1',
    phase: 'review',
    batches: [{ fileName: 'people.csv', offset: 0, rows: 3, encoding: 'UTF-8' }],
    rows: 3,
    rowsWithErrors: 1,
    errorCount: 2,
    warnings: [],
    warningCount: 0,
    headers: ['Employee Id', 'Name'],
    abortReason: null,
    imported: 0,
    undoLabel: null,
    redoLabel: null,
    outcome: null,
    pendingEdit: null,
    ...over,
  }
}

function page(total: number, rows: number[]): ImportRowsPage {
  return { total, rows: rows.map((row) => ({ row, id: `E${row}`, values: {}, errors: [] })) }
}

function run(actions: ImportAction[], from: ImportState = initialImportState()): ImportState {
  return actions.reduce(importReducer, from)
}

describe('import screen state', () => {
  it('takes the summary of a started import and bumps the revision (rows are fetched again)', () => {
    const state = run([
      { type: 'busy', busy: 'start' },
      { type: 'summary', summary: summary({ phase: 'parsing' }), ticket: 1, source: 'answer' },
    ])
    expect(state.importId).toBe('imp-1')
    expect(state.summary?.phase).toBe('parsing')
    expect(state.revision).toBe(1)
  })

  it('an import.changed that overtook the answer of import.start wins over that answer', () => {
    const state = run([
      { type: 'busy', busy: 'start' },
      // Ticket 1 was taken when the request was sent; the event arrived after (ticket 2).
      { type: 'summary', summary: summary({ phase: 'review' }), ticket: 2, source: 'event' },
      { type: 'busy', busy: null },
      { type: 'summary', summary: summary({ phase: 'parsing' }), ticket: 1, source: 'answer' },
    ])
    expect(state.summary?.phase).toBe('review')
  })

  it('ignores events of another import unless a start is being answered', () => {
    const reviewing = run([{ type: 'summary', summary: summary(), ticket: 1, source: 'answer' }])
    const other = summary({ importId: 'imp-2', phase: 'aborted' })
    expect(importReducer(reviewing, { type: 'summary', summary: other, ticket: 2, source: 'event' })).toBe(
      reviewing,
    )
    const starting = importReducer(reviewing, { type: 'busy', busy: 'start' })
    const replaced = importReducer(starting, { type: 'summary', summary: other, ticket: 2, source: 'event' })
    expect(replaced.importId).toBe('imp-2')
  })

  it('keeps progress while parsing, drops it when the file is read or a new file starts', () => {
    let state = run([
      { type: 'busy', busy: 'start' },
      { type: 'summary', summary: summary({ phase: 'parsing' }), ticket: 1, source: 'answer' },
      { type: 'busy', busy: null },
      { type: 'progress', progress: { done: 10, total: 100, message: '10,000 rows · 48,000 rows/s' } },
    ])
    expect(state.progress?.message).toBe('10,000 rows · 48,000 rows/s')
    state = importReducer(state, { type: 'summary', summary: summary(), ticket: 2, source: 'event' })
    expect(state.progress).toBeNull()
    // Progress of something else (another task, or nothing under way) is not shown.
    state = importReducer(state, { type: 'progress', progress: { done: 1, total: 2, message: 'x' } })
    expect(state.progress).toBeNull()
  })

  it('accepts only the page it asked for, and steps back when fixes emptied the current page', () => {
    let state = run([
      { type: 'summary', summary: summary(), ticket: 1, source: 'answer' },
      { type: 'offset', offset: 200 },
    ])
    const stale = importReducer(state, {
      type: 'page',
      importId: 'imp-1',
      offset: 0,
      onlyErrors: false,
      page: page(3, [1]),
    })
    expect(stale.page).toBeNull()
    state = importReducer(state, {
      type: 'page',
      importId: 'imp-1',
      offset: 200,
      onlyErrors: false,
      page: page(150, []),
    })
    expect(state.offset).toBe(100)
    state = importReducer(state, {
      type: 'page',
      importId: 'imp-1',
      offset: 100,
      onlyErrors: false,
      page: page(150, [101, 102]),
    })
    expect(state.page?.rows.map((r) => r.row)).toEqual([101, 102])
  })

  it('the error filter starts again at the first page; another import starts afresh', () => {
    let state = run([
      { type: 'summary', summary: summary(), ticket: 1, source: 'answer' },
      { type: 'offset', offset: 100 },
      { type: 'select', row: 7 },
      { type: 'onlyErrors', onlyErrors: true },
    ])
    expect(state.offset).toBe(0)
    expect(state.onlyErrors).toBe(true)
    expect(state.selectedRow).toBe(7)
    state = importReducer(state, {
      type: 'summary',
      summary: summary({ importId: 'imp-2' }),
      ticket: 2,
      source: 'answer',
    })
    expect(state).toMatchObject({ onlyErrors: false, selectedRow: null, page: null, offset: 0 })
  })

  it('reset forgets the import but keeps the ticket order', () => {
    const state = run([
      { type: 'summary', summary: summary(), ticket: 5, source: 'answer' },
      { type: 'reset' },
    ])
    expect(state.importId).toBeNull()
    expect(state.ticket).toBe(5)
  })

  it("'Go to row' shows the page of all rows that holds the row, selected, until the grid has shown it", () => {
    let state = run([
      { type: 'summary', summary: summary({ rows: 250 }), ticket: 1, source: 'answer' },
      { type: 'onlyErrors', onlyErrors: true },
      { type: 'goToRow', row: 230 },
    ])
    expect(state).toMatchObject({ onlyErrors: false, page: null, offset: 200, selectedRow: 230 })
    expect(state.jump).toEqual({ row: 230, seq: 1 })
    state = importReducer(state, { type: 'jumped' })
    expect(state.jump).toBeNull()
    // The same row again is a new jump (the user may have scrolled away).
    state = run(
      [
        { type: 'goToRow', row: 230 },
        { type: 'goToRow', row: 230 },
      ],
      state,
    )
    expect(state.jump).toEqual({ row: 230, seq: 2 })
    state = importReducer(state, {
      type: 'summary',
      summary: summary({ importId: 'imp-2' }),
      ticket: 2,
      source: 'answer',
    })
    expect(state.jump).toBeNull()
  })

  it('computes the page offset of a row and of the last page', () => {
    expect([1, 100, 101, 230, 100_000].map((row) => pageOffsetOf(row))).toEqual([0, 0, 100, 200, 99_900])
    expect(lastPageOffset(0)).toBe(0)
    expect(lastPageOffset(100)).toBe(0)
    expect(lastPageOffset(101)).toBe(100)
    expect(lastPageOffset(250)).toBe(200)
  })
})
