import type { IncreaseTablePage, SessionUser } from '../../../src-shared/contract'
import type { TableModel } from '../table/model'
import { resolveView, scopeRows, textRanks } from '../table/query'
import { orderByNumber } from '../table/sort'
import { increaseRow } from './summary'

export type IncreaseTableSort = 'name' | 'difference'

/**
 * dashboard.increases: the recommended-versus-actual table, a page at a time: every employee in view
 * with a planned salary increase and a recommended_increase_per, by name (else by actual − recommended,
 * largest first), with the averages of the whole table.
 */
export function increaseTable(
  model: TableModel,
  user: SessionUser,
  query: { viewAsEmployeeId: number | null; offset: number; limit: number; sort: IncreaseTableSort },
): IncreaseTablePage {
  const view = resolveView(model, user, query.viewAsEmployeeId)
  const names = textRanks(model, 'employeeName')
  const found: number[] = []
  const keys: number[] = []
  let recommended = 0
  let actual = 0
  for (const index of scopeRows(model, view)) {
    const row = increaseRow(model.rows[index])
    if (!row) continue
    found.push(index)
    recommended += row.recommended
    actual += row.actual
    const rank = names[index]
    keys.push(query.sort === 'name' ? (Number.isNaN(rank) ? model.rows.length : rank) : row.difference)
  }
  const ordered = orderByNumber(found, Float64Array.from(keys), query.sort === 'name' ? 'asc' : 'desc')
  return {
    total: found.length,
    rows: ordered
      .slice(query.offset, query.offset + query.limit)
      .map((index) => increaseRow(model.rows[index]) as NonNullable<ReturnType<typeof increaseRow>>),
    averageRecommended: found.length === 0 ? null : recommended / found.length,
    averageActual: found.length === 0 ? null : actual / found.length,
  }
}
