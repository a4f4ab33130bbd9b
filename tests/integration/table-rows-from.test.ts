import path from 'node:path'
import type { TableQuery, TableRow } from '../../src-shared/contract'
import { ANCHOR_GONE } from '../../src-main/services/table/rows-from'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'rows-from.paycycle')
const { dispatcher } = testBackend(dir)

async function query(patch: Partial<TableQuery>): Promise<TableRow[]> {
  const result = await dispatcher.dispatch('table.query', tableQuery(patch))
  if (!result.ok) throw new Error(result.error.message)
  return result.value.rows
}

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '120', '--seed', '5')).code).toBe(0)
  expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})

describe('table.rowsFrom: the rows a paste covers', () => {
  const view = {
    sort: { column: 'currentSalary', direction: 'desc' },
    filters: { currentSalary: { type: 'number', op: 'greaterThan', value: 50_000 } },
    search: '',
    viewAsEmployeeId: null,
  } as const

  it('answers the anchor and the rows after it in the view’s sort and filter, past the page', async () => {
    const ordered = await query(view)
    expect(ordered.length).toBeGreaterThan(40)
    // The anchor is the 24th row of page 1; the block runs 10 rows into page 2.
    const anchor = ordered[23]
    const result = await dispatcher.dispatch('table.rowsFrom', {
      query: view,
      anchorId: anchor.id,
      count: 12,
    })
    expect(result.ok && result.value.map((r) => r.id)).toEqual(ordered.slice(23, 35).map((r) => r.id))
    expect(result.ok && result.value[0]).toEqual(anchor)
  })

  it('stops where the view ends', async () => {
    const ordered = await query(view)
    const last = ordered[ordered.length - 2]
    const result = await dispatcher.dispatch('table.rowsFrom', { query: view, anchorId: last.id, count: 5 })
    expect(result.ok && result.value.map((r) => r.id)).toEqual(ordered.slice(-2).map((r) => r.id))
  })

  it('refuses an anchor the view no longer shows', async () => {
    const hidden = (await query({})).find((r) => r.currentSalary <= 50_000_00 && r.currency === 'USD')
    expect(hidden).toBeDefined()
    const result = await dispatcher.dispatch('table.rowsFrom', {
      query: view,
      anchorId: hidden?.id ?? 0,
      count: 3,
    })
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: ANCHOR_GONE } })
  })

  it('a paste onto the first row of the view starts there', async () => {
    const ordered = await query(view)
    const result = await dispatcher.dispatch('table.rowsFrom', {
      query: view,
      anchorId: ordered[0].id,
      count: 3,
    })
    expect(result.ok && result.value.map((r) => r.id)).toEqual(ordered.slice(0, 3).map((r) => r.id))
  })

  it('refuses an anchor that is no employee (removed since the paste began)', async () => {
    const result = await dispatcher.dispatch('table.rowsFrom', { query: view, anchorId: 999_999, count: 3 })
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: ANCHOR_GONE } })
  })
})
