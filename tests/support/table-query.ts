import type { TableQuery } from '../../src-shared/contract'

/** A `table.query` over the whole view (no sort, filter, search or view as); `patch` changes any part. */
export function tableQuery(patch: Partial<TableQuery> = {}): TableQuery {
  return { offset: 0, limit: 500, sort: null, filters: {}, search: '', viewAsEmployeeId: null, ...patch }
}
