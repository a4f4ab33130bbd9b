import type { DashboardMetric } from '../../../src-shared/contract'
import {
  compareGroups,
  demographicGroup,
  type DemographicGrouping,
} from '../../../src-shared/domain/demographics'
import { boxSummaryOf, type BoxSummary } from '../../../src-shared/domain/statistics'
import type { RowState, TableModel } from '../table/model'

/** Compa ratio after the planned changes: new annual pay against the new range's mid (null as before). */
export function newCompaRatio(row: RowState): number | null {
  const bounds = row.newRange?.bounds ?? null
  if (!bounds || !row.newRange || !(row.newRange.range.midPay > 0) || !(bounds.mid > 0)) return null
  return row.newAnnualPay / bounds.mid
}

const finite = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null

/** Each metric of a row: what the box plots (and `stats`) measure; null leaves the row out of that box. */
export const METRIC_VALUE: Record<DashboardMetric, (row: RowState) => number | null> = {
  compaRatio: (row) => finite(row.compaRatio),
  newCompaRatio: (row) => finite(newCompaRatio(row)),
  increasePercent: (row) => finite(row.salaryIncrease),
}

export interface GroupBoxes<M extends DashboardMetric> {
  name: string
  /** Null when no employee of the group has a value of that metric. */
  boxes: Record<M, BoxSummary | null>
}

interface GroupIndex {
  /** Group names in display order. */
  names: string[]
  /** Each model row's group: its position in `names`. */
  ofRow: Uint16Array
}

/**
 * Each row's group per grouping, worked out once per model: a model lives until the workbook
 * changes other than by plan edits, which never touch gender, race or age.
 */
const groupIndexes = new WeakMap<TableModel, Map<DemographicGrouping, GroupIndex>>()

function groupIndexOf(model: TableModel, grouping: DemographicGrouping): GroupIndex {
  let byGrouping = groupIndexes.get(model)
  if (!byGrouping) {
    byGrouping = new Map()
    groupIndexes.set(model, byGrouping)
  }
  let index = byGrouping.get(grouping)
  if (!index) {
    const names = new Map<string, number>()
    // Few distinct values: each is named once (age by its decade).
    const seen = new Map<string | number | null | undefined, number>()
    const found = new Array<number>(model.rows.length)
    model.rows.forEach((row, i) => {
      const { e } = row
      const raw =
        grouping === 'all'
          ? null
          : grouping === 'age'
            ? e.age == null || !Number.isFinite(e.age)
              ? null
              : Math.floor(e.age / 10)
            : e[grouping]
      let id = seen.get(raw)
      if (id === undefined) {
        const name = demographicGroup(e, grouping)
        id = names.get(name)
        if (id === undefined) {
          id = names.size
          names.set(name, id)
        }
        seen.set(raw, id)
      }
      found[i] = id
    })
    const ordered = [...names.keys()].sort(compareGroups)
    const rank = new Map(ordered.map((name, position) => [name, position]))
    const remap = [...names.keys()].map((name) => rank.get(name) as number)
    const ofRow = new Uint16Array(found.length)
    for (let i = 0; i < found.length; i++) ofRow[i] = remap[found[i]]
    index = { names: ordered, ofRow }
    byGrouping.set(grouping, index)
  }
  return index
}

/**
 * Box-plot figures of `metrics` for each group of each grouping over the rows in view: every row
 * belongs to one group per grouping (even without a value), groups in display order. Values go
 * into one typed array per grouping and metric, group after group, and each group's part is
 * summarised in place by selection (no sort).
 */
export function groupBoxes<M extends DashboardMetric>(
  model: TableModel,
  rows: ArrayLike<number>,
  groupings: readonly DemographicGrouping[],
  metrics: readonly M[],
): Map<DemographicGrouping, GroupBoxes<M>[]> {
  const n = rows.length
  // NaN marks a row without a value.
  const values = metrics.map((metric) => {
    const read = METRIC_VALUE[metric]
    const column = new Float64Array(n)
    for (let r = 0; r < n; r++) column[r] = read(model.rows[rows[r]]) ?? NaN
    return column
  })
  const result = new Map<DemographicGrouping, GroupBoxes<M>[]>()
  for (const grouping of groupings) {
    const { names, ofRow } = groupIndexOf(model, grouping)
    const groupOf = new Uint16Array(n)
    const inView = new Uint8Array(names.length)
    for (let r = 0; r < n; r++) {
      groupOf[r] = ofRow[rows[r]]
      inView[groupOf[r]] = 1
    }
    const boxes = names.map(() => ({}) as Record<M, BoxSummary | null>)
    metrics.forEach((metric, m) => {
      const column = values[m]
      const start = new Int32Array(names.length + 1)
      for (let r = 0; r < n; r++) if (!Number.isNaN(column[r])) start[groupOf[r] + 1]++
      for (let g = 0; g < names.length; g++) start[g + 1] += start[g]
      const grouped = new Float64Array(start[names.length])
      const next = start.slice(0, names.length)
      for (let r = 0; r < n; r++) if (!Number.isNaN(column[r])) grouped[next[groupOf[r]]++] = column[r]
      for (let g = 0; g < names.length; g++)
        boxes[g][metric] = boxSummaryOf(grouped.subarray(start[g], start[g + 1]))
    })
    result.set(
      grouping,
      names.flatMap((name, g) => (inView[g] ? [{ name, boxes: boxes[g] }] : [])),
    )
  }
  return result
}
