import type { ColumnFilter } from '../../../src-shared/contract'
import {
  NUMBER_EQUALS_TOLERANCE,
  TABLE_COLUMNS,
  type TableColumnId,
} from '../../../src-shared/domain/table-columns'
import { Failure } from '../failure'
import { COLUMN_ACCESS, comparable, ratingLabel, SEVERITY_NAMES } from './columns'
import type { RowState, TableModel } from './model'

/**
 * Column filters (spec §5 "Filters"): numbers equal within 0.01, less than, greater than or between
 * (both ends included); money in units of the default currency; dates as ISO days (before and after
 * exclude the day itself); text contains, ignoring case; sets of values. The performance column takes
 * a set of rating labels or a number filter on the rating. Empty values never match a number, date or
 * text condition.
 */

export type RowPredicate = (row: RowState) => boolean

const label = (column: TableColumnId) => TABLE_COLUMNS.find((c) => c.id === column)?.label ?? column

// Floating point noise must not push 1.01 out of "equals 1.00".
const EPSILON = 1e-9

function numberTest(filter: Extract<ColumnFilter, { type: 'number' }>, column: TableColumnId) {
  const { op, value } = filter
  if (op === 'between' && filter.valueTo === undefined) {
    throw new Failure('BAD_INPUT', `The ${label(column)} filter 'between' needs a second value.`)
  }
  const low = Math.min(value, filter.valueTo ?? value)
  const high = Math.max(value, filter.valueTo ?? value)
  switch (op) {
    case 'equals':
      return (v: number) => Math.abs(v - value) <= NUMBER_EQUALS_TOLERANCE + EPSILON
    case 'lessThan':
      return (v: number) => v < value
    case 'greaterThan':
      return (v: number) => v > value
    case 'between':
      return (v: number) => v >= low - EPSILON && v <= high + EPSILON
  }
}

function dateTest(filter: Extract<ColumnFilter, { type: 'date' }>, column: TableColumnId) {
  const { op, value } = filter
  if (op === 'between' && filter.valueTo === undefined) {
    throw new Failure('BAD_INPUT', `The ${label(column)} filter 'between' needs a second date.`)
  }
  const to = filter.valueTo ?? value
  const [low, high] = value <= to ? [value, to] : [to, value]
  switch (op) {
    case 'equals':
      return (day: string) => day === value
    case 'before':
      return (day: string) => day < value
    case 'after':
      return (day: string) => day > value
    case 'between':
      return (day: string) => day >= low && day <= high
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/

/** The YYYY-MM-DD part of a stored date (dates are stored as ISO text). */
function dayOf(value: string | null): string | null {
  return value !== null && ISO_DAY.test(value) ? value.slice(0, 10) : null
}

const BOOLEAN_WORDS: Record<string, number> = { true: 1, yes: 1, false: 0, no: 0 }

function setPredicate(
  model: TableModel,
  column: TableColumnId,
  values: readonly string[],
  viewerId: number | null,
): RowPredicate {
  const access = COLUMN_ACCESS[column]
  const wanted = new Set(values.map((v) => v.trim().toLowerCase()))
  switch (access.kind) {
    case 'performance':
      return (row) => wanted.has((ratingLabel(model, row) ?? '').toLowerCase())
    case 'severity': {
      const ranks = new Set(SEVERITY_NAMES.flatMap((name, rank) => (wanted.has(name) ? [rank] : [])))
      return (row) => ranks.has(model.viewerSeverity(row, viewerId))
    }
    case 'boolean': {
      const flags = new Set([...wanted].map((w) => BOOLEAN_WORDS[w]).filter((f) => f !== undefined))
      return (row) => flags.has(access.value(row, model, viewerId) as number)
    }
    case 'text':
    case 'code':
      return (row) => wanted.has(String(access.value(row, model, viewerId) ?? '').toLowerCase())
    default:
      throw new Failure('BAD_INPUT', `The ${label(column)} column cannot be filtered by a set of values.`)
  }
}

/** One column's filter as a row test; refused when the column cannot take that kind of filter. */
export function columnPredicate(
  model: TableModel,
  column: TableColumnId,
  filter: ColumnFilter,
  viewerId: number | null,
): RowPredicate {
  const access = COLUMN_ACCESS[column]
  const refuse = () =>
    new Failure('BAD_INPUT', `The ${label(column)} column cannot be filtered by ${filter.type}.`)
  if (access.kind === 'performance' && !model.payCycle.settings.includePerformance) {
    throw new Failure('BAD_INPUT', 'Performance ratings are not part of this pay cycle.')
  }
  switch (filter.type) {
    case 'set':
      return setPredicate(model, column, filter.values, viewerId)
    case 'number': {
      if (access.kind !== 'number' && access.kind !== 'money' && access.kind !== 'performance') throw refuse()
      const test = numberTest(filter, column)
      const scale = access.kind === 'money' ? 100 : 1
      return (row) => {
        const value = comparable(model, row, column, viewerId)
        return typeof value === 'number' && test(value / scale)
      }
    }
    case 'date': {
      if (access.kind !== 'date') throw refuse()
      const test = dateTest(filter, column)
      return (row) => {
        const day = dayOf(access.value(row, model, viewerId) as string | null)
        return day !== null && test(day)
      }
    }
    case 'text': {
      if (access.kind !== 'text') throw refuse()
      const needle = filter.contains.trim().toLowerCase()
      if (needle === '') return () => true
      return (row) => {
        const value = access.value(row, model, viewerId)
        return typeof value === 'string' && value.toLowerCase().includes(needle)
      }
    }
  }
}
