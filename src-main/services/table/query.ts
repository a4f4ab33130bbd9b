import type { SessionUser, TableQuery } from '../../../src-shared/contract'
import { TABLE_COLUMNS, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { planningScope } from '../../../src-shared/domain/visibility'
import { Failure } from '../failure'
import { COLUMN_ACCESS, comparable, textKey } from './columns'
import { columnPredicate, type RowPredicate } from './filters'
import type { TableModel } from './model'
import { canViewAs } from '../../../src-shared/domain/admin-rules'
import { QueryCache, type View } from './query-cache'
import { orderByNumber, rankTexts } from './sort'
import { matchesSearch, searchNeedle } from '../../../src-shared/domain/search-key'

export const VIEW_AS_FORBIDDEN = 'Only super users, owners, admins and planners can view as someone else.'

export type { View } from './query-cache'

export function queriesOf(model: TableModel): QueryCache {
  model.queries ??= new QueryCache()
  return model.queries
}

/**
 * The acting user's view (planning scope: admins everyone, managers and planners their teams and
 * every team below), or the view of the employee viewed as. Both documents: "An owner viewing as an
 * employee sees only the members of that employee's managed teams" (not the teams below them); a
 * planner viewing as someone sees only those of the teams that are within the planner's own scope.
 */
export function resolveView(model: TableModel, user: SessionUser, viewAsEmployeeId: number | null): View {
  if (viewAsEmployeeId !== null && !canViewAs(user.role)) {
    throw new Failure('FORBIDDEN', VIEW_AS_FORBIDDEN)
  }
  const views = queriesOf(model).views
  const key = `${user.role}|${user.employeeId}|${viewAsEmployeeId}`
  let view = views.get(key)
  if (!view) {
    view = buildView(model, user, viewAsEmployeeId)
    views.set(key, view)
  }
  return view
}

function buildView(model: TableModel, user: SessionUser, viewAsEmployeeId: number | null): View {
  const teams = model.tree.order.map((id) => model.teams.get(id)).filter((t) => t !== undefined)
  const viewerId = user.employeeId
  const scope = planningScope(user.role, viewerId, teams, model.tree)
  if (viewAsEmployeeId !== null) {
    if (!model.row(viewAsEmployeeId)) {
      throw new Failure('NOT_FOUND', `No employee has the id ${viewAsEmployeeId}.`)
    }
    const managed = teams
      .filter((t) => t.managerId === viewAsEmployeeId && (scope.all || scope.teamIds.has(t.id)))
      .map((t) => t.id)
    return {
      scopeKey: scope.all ? `as:${viewAsEmployeeId}` : `as:${viewAsEmployeeId}|user:${viewerId}`,
      teamIds: new Set(managed),
      viewerId: viewAsEmployeeId,
      viewerTeamIds: managed,
    }
  }
  const own =
    viewerId === null
      ? []
      : teams.filter((t) => t.managerId === viewerId || t.plannerId === viewerId).map((t) => t.id)
  if (scope.all) {
    return {
      scopeKey: 'all',
      teamIds: null,
      viewerId,
      viewerTeamIds: own.length > 0 ? own : model.tree.roots,
    }
  }
  return { scopeKey: `user:${viewerId}`, teamIds: scope.teamIds, viewerId, viewerTeamIds: own }
}

/** The rows a view sees, in id order. */
export function scopeRows(model: TableModel, view: View): Int32Array {
  const cache = queriesOf(model)
  let rows = cache.scopes.get(view.scopeKey)
  if (!rows) {
    const picked: number[] = []
    for (const row of model.rows) {
      const teamId = row.e.teamId
      if (view.teamIds === null || (teamId !== null && view.teamIds.has(teamId))) picked.push(row.index)
    }
    rows = Int32Array.from(picked)
    cache.scopes.set(view.scopeKey, rows)
  }
  return rows
}

export type ListQuery = Pick<TableQuery, 'sort' | 'filters' | 'search'>

const sortable = new Set(TABLE_COLUMNS.filter((c) => c.sortable).map((c) => c.id))

/** Each row's rank in a text column (without case or accents; NaN when empty), kept until edited. */
export function textRanks(model: TableModel, column: TableColumnId): Float64Array {
  const access = COLUMN_ACCESS[column]
  return queriesOf(model).textRanksOf(column, () =>
    rankTexts(
      model.rows.map((row) => {
        const raw = access.value(row, model, null)
        return typeof raw === 'string' && raw.trim() !== '' ? raw : null
      }),
      textKey,
    ),
  )
}

/**
 * Sorts row indexes by a column: money in the default currency, text without case or accents,
 * empty values last in both directions, ties by employee id (row indexes follow the id).
 */
function sortRows(
  model: TableModel,
  rows: readonly number[],
  column: TableColumnId,
  direction: 'asc' | 'desc',
  viewerId: number | null,
): number[] {
  const present: number[] = []
  const keys = new Float64Array(rows.length)
  const empty: number[] = []
  const access = COLUMN_ACCESS[column]
  const add = (index: number, key: number) => {
    if (Number.isNaN(key)) empty.push(index)
    else keys[present.push(index) - 1] = key + 0 // + 0: -0 sorts with 0
  }
  if (access.kind === 'text' || access.kind === 'date' || access.kind === 'code') {
    const ranks = textRanks(model, column)
    for (const index of rows) add(index, ranks[index])
  } else {
    for (const index of rows) {
      const value = comparable(model, model.rows[index], column, viewerId)
      add(index, typeof value === 'number' ? value : Number.NaN)
    }
  }
  return orderByNumber(present, keys.subarray(0, present.length), direction).concat(empty)
}

/** The rows a query matches, in order; cached per (view, sort, filters, search). */
export function matchRows(model: TableModel, view: View, query: ListQuery): Int32Array {
  const filters = Object.entries(query.filters)
    .filter(([, filter]) => filter !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) as [
    TableColumnId,
    NonNullable<TableQuery['filters'][TableColumnId]>,
  ][]
  const search = searchNeedle(query.search)
  const key = JSON.stringify([view.scopeKey, view.viewerId, query.sort, filters, search])
  const cache = queriesOf(model)
  const cached = cache.get(key)
  if (cached) return cached.rows

  if (query.sort && !sortable.has(query.sort.column)) {
    throw new Failure('BAD_INPUT', `The ${query.sort.column} column cannot be sorted.`)
  }
  const tests: RowPredicate[] = filters.map(([column, filter]) =>
    columnPredicate(model, column, filter, view.viewerId),
  )
  if (search !== '') {
    tests.unshift((row) => matchesSearch(search, row.e.name, row.e.companyEmployeeId))
  }
  const matched: number[] = []
  for (const index of scopeRows(model, view)) {
    const row = model.rows[index]
    if (tests.every((test) => test(row))) matched.push(index)
  }
  const ordered = query.sort
    ? sortRows(model, matched, query.sort.column, query.sort.direction, view.viewerId)
    : matched
  const columns = new Set<TableColumnId>(filters.map(([column]) => column))
  if (query.sort) columns.add(query.sort.column)
  const rows = Int32Array.from(ordered)
  cache.set(key, { rows, columns })
  return rows
}
