import type { TableColumnId } from '../../../src-shared/domain/table-columns'

/**
 * Sorted and filtered row lists per (scope, viewer, sort, filters, search), so paging, and going back
 * to an earlier sort, costs a slice. An edit drops only the lists whose sort or filter columns it
 * changed (search reads names and Employee Ids, which edits never change).
 */

/** Whose rows a query sees and who looks (for subPlannerNotSubmitted). */
export interface View {
  scopeKey: string
  /** null: the whole company. */
  teamIds: ReadonlySet<number> | null
  viewerId: number | null
  /** The viewer's own teams, for the aggregate budget rule. */
  viewerTeamIds: readonly number[]
}

export interface CachedList {
  /** Row indexes in display order. */
  rows: Int32Array
  /** The columns the order and the filter read. */
  columns: ReadonlySet<TableColumnId>
}

/** Lists kept at once; the least recently used goes first. */
const MAX_LISTS = 32

export class QueryCache {
  private readonly lists = new Map<string, CachedList>()
  /** Views per (role, employee, viewed-as employee); teams do not change while the model lives. */
  readonly views = new Map<string, View>()
  /** Rows each scope sees, in id order. */
  readonly scopes = new Map<string, Int32Array>()
  /** Sort ranks of text columns per row index (NaN: empty), computed on first use. */
  private readonly textRanks = new Map<TableColumnId, Float64Array>()

  get(key: string): CachedList | undefined {
    const list = this.lists.get(key)
    if (list) {
      this.lists.delete(key)
      this.lists.set(key, list)
    }
    return list
  }

  set(key: string, list: CachedList): void {
    this.lists.set(key, list)
    while (this.lists.size > MAX_LISTS) {
      const oldest = this.lists.keys().next().value
      if (oldest === undefined) break
      this.lists.delete(oldest)
    }
  }

  get size(): number {
    return this.lists.size
  }

  /** After an edit: drops the lists and the text ranks reading a changed column. */
  changed(columns: ReadonlySet<TableColumnId>): void {
    if (columns.size === 0) return
    for (const [key, list] of this.lists) {
      for (const column of list.columns) {
        if (columns.has(column)) {
          this.lists.delete(key)
          break
        }
      }
    }
    for (const column of columns) this.textRanks.delete(column)
  }

  textRanksOf(column: TableColumnId, compute: () => Float64Array): Float64Array {
    let ranks = this.textRanks.get(column)
    if (!ranks) {
      ranks = compute()
      this.textRanks.set(column, ranks)
    }
    return ranks
  }
}
