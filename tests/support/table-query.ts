import type { PayCycleDto, TablePage, TableQuery, TableRow } from '../../src-shared/contract'
import type { TestDispatcher } from './demo-backend'

/** A `table.query` over the whole view (no sort, filter, search or view as); `patch` changes any part. */
export function tableQuery(patch: Partial<TableQuery> = {}): TableQuery {
  return { offset: 0, limit: 500, sort: null, filters: {}, search: '', viewAsEmployeeId: null, ...patch }
}

/** `table.query` with `patch` (`tableQuery`'s), its refusal thrown with its code and message. */
export async function queryTable(
  dispatcher: TestDispatcher,
  patch: Partial<TableQuery> = {},
): Promise<TablePage> {
  const result = await dispatcher.dispatch('table.query', tableQuery(patch))
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

/** The rows of `queryTable` (up to 500: every row of the demo workbooks the tests make). */
export async function tableRows(
  dispatcher: TestDispatcher,
  patch: Partial<TableQuery> = {},
): Promise<TableRow[]> {
  return (await queryTable(dispatcher, patch)).rows
}

/** The workbook's active pay cycle. */
export async function activePayCycle(dispatcher: TestDispatcher): Promise<PayCycleDto> {
  const cycles = await dispatcher.dispatch('payCycles.list', {})
  if (!cycles.ok) throw new Error(cycles.error.message)
  const active = cycles.value.find((c) => c.active)
  if (!active) throw new Error('No pay cycle is active.')
  return active
}
