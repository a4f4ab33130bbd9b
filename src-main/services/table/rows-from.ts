import type { SessionUser, TableQuery, TableRow } from '../../../src-shared/contract'
import { Failure } from '../failure'
import type { TableModel } from './model'
import { matchRows, resolveView } from './query'
import { actorOf, toTableRow } from './rows'

export const ANCHOR_GONE =
  'The row you pasted onto is no longer in the table as it is sorted and filtered; paste again.'

/**
 * table.rowsFrom: the anchor row and up to `count - 1` rows after it in the view's current order
 * (sort, filters, search, 'View as'), whatever page they are on, so a pasted block continues past the
 * 25 rows on screen. Fewer rows come back when the view ends first.
 */
export function rowsFrom(
  model: TableModel,
  user: SessionUser,
  input: { query: Omit<TableQuery, 'offset' | 'limit'>; anchorId: number; count: number },
): TableRow[] {
  const view = resolveView(model, user, input.query.viewAsEmployeeId)
  const matched = matchRows(model, view, input.query)
  const anchor = model.row(input.anchorId)
  const start = anchor ? matched.indexOf(anchor.index) : -1
  if (start < 0) throw new Failure('NOT_FOUND', ANCHOR_GONE)
  const actor = actorOf(model, user)
  return Array.from(matched.subarray(start, start + input.count), (index) =>
    toTableRow(model, model.rows[index], view.viewerId, actor),
  )
}
