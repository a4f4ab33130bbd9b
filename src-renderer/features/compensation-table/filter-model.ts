import type { ColumnFilter, DateFilter, NumberFilter } from '../../../src-shared/contract'
import { parseNumericInput } from '../../../src-shared/domain/input-parsing'
import { formatMoney, formatNumber, toCents } from '../../../src-shared/domain/money'
import type { PayCycleSettings } from '../../../src-shared/domain/settings'
import type { TableColumn } from '../../../src-shared/domain/table-columns'

/** Spec §5: number filters equals, less than, greater than, between (preset names as the query's). */
export const NUMBER_OPS = [
  { op: 'equals', label: 'Equals' },
  { op: 'lessThan', label: 'Less than' },
  { op: 'greaterThan', label: 'Greater than' },
  { op: 'between', label: 'Between' },
] as const satisfies readonly { op: NumberFilter['op']; label: string }[]

/** Spec §5: date filters equals, before, after, between. */
export const DATE_OPS = [
  { op: 'equals', label: 'Equals' },
  { op: 'before', label: 'Before' },
  { op: 'after', label: 'After' },
  { op: 'between', label: 'Between' },
] as const satisfies readonly { op: DateFilter['op']; label: string }[]

export interface SetOption {
  value: string
  label: string
}

/** What the filter form holds while typing. */
export interface FilterDraft {
  op: string
  value: string
  valueTo: string
  values: string[]
}

export const EMPTY_DRAFT: FilterDraft = { op: 'equals', value: '', valueTo: '', values: [] }

/** The kind of form a column filters with; null: not filterable (performance without performance on). */
export function filterKind(
  column: TableColumn,
  settings: PayCycleSettings | null,
): 'number' | 'date' | 'text' | 'set' | null {
  if (!column.filterable || column.filterType === null) return null
  if (column.filterType === 'performance')
    return settings?.includePerformance && settings.performanceRatings.length > 0 ? 'set' : null
  return column.filterType
}

/** The choices of a set filter (severity, currency, promotion, performance rating labels). */
export function setOptions(
  column: TableColumn,
  settings: PayCycleSettings | null,
  currencies: readonly string[],
): SetOption[] {
  switch (column.id) {
    case 'violations':
      return [
        { value: 'error', label: 'Error' },
        { value: 'warning', label: 'Warning' },
        { value: 'none', label: 'None' },
      ]
    case 'promotion':
      return [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ]
    case 'currency':
      return currencies.map((code) => ({ value: code, label: code }))
    case 'performanceRating':
      return (settings?.performanceRatings ?? []).map((r) => ({ value: r.label, label: r.label }))
    default:
      return []
  }
}

/**
 * A typed number: an optional minus, then the numeric input's rules (separators, k). Money filters
 * are in currency units of the pay cycle's default currency (the main process compares every row's
 * amount converted into it), so no scaling to cents here.
 */
export function filterNumber(text: string): number | null {
  const trimmed = text.trim()
  const negative = trimmed.startsWith('-')
  const parsed = parseNumericInput(negative ? trimmed.slice(1) : trimmed, { mode: 'number', allowNull: true })
  if (!parsed.valid || parsed.value === null) return null
  return negative ? -parsed.value : parsed.value
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export type DraftResult = { ok: true; filter: ColumnFilter } | { ok: false; message: string }

/** Checks a draft and turns it into the query's filter shape. */
export function filterFromDraft(
  kind: 'number' | 'date' | 'text' | 'set',
  column: TableColumn,
  draft: FilterDraft,
): DraftResult {
  const between = draft.op === 'between'
  if (kind === 'text') {
    const contains = draft.value.trim()
    return contains
      ? { ok: true, filter: { type: 'text', contains: contains.slice(0, 200) } }
      : { ok: false, message: 'Type some text to look for.' }
  }
  if (kind === 'set') {
    return draft.values.length > 0
      ? { ok: true, filter: { type: 'set', values: [...draft.values] } }
      : { ok: false, message: 'Choose at least one value.' }
  }
  if (kind === 'date') {
    const op = DATE_OPS.find((entry) => entry.op === draft.op)?.op
    if (!op) return { ok: false, message: 'Choose a comparison.' }
    if (!ISO_DATE.test(draft.value) || (between && !ISO_DATE.test(draft.valueTo)))
      return { ok: false, message: 'Enter a date.' }
    if (between && draft.valueTo < draft.value)
      return { ok: false, message: 'The second date must not be before the first.' }
    return {
      ok: true,
      filter: between
        ? { type: 'date', op, value: draft.value, valueTo: draft.valueTo }
        : { type: 'date', op, value: draft.value },
    }
  }
  const op = NUMBER_OPS.find((entry) => entry.op === draft.op)?.op
  if (!op) return { ok: false, message: 'Choose a comparison.' }
  const value = filterNumber(draft.value)
  const valueTo = between ? filterNumber(draft.valueTo) : null
  if (value === null || (between && valueTo === null)) return { ok: false, message: 'Enter a number.' }
  if (between && valueTo !== null && valueTo < value)
    return { ok: false, message: 'The second number must not be below the first.' }
  return {
    ok: true,
    filter:
      between && valueTo !== null ? { type: 'number', op, value, valueTo } : { type: 'number', op, value },
  }
}

/** A filter back as a form (to change it). */
export function draftFromFilter(filter: ColumnFilter | undefined): FilterDraft {
  if (!filter) return EMPTY_DRAFT
  const show = (n: number | undefined) => (n === undefined ? '' : String(n))
  switch (filter.type) {
    case 'number':
      return { op: filter.op, value: show(filter.value), valueTo: show(filter.valueTo), values: [] }
    case 'date':
      return { op: filter.op, value: filter.value, valueTo: filter.valueTo ?? '', values: [] }
    case 'text':
      return { ...EMPTY_DRAFT, value: filter.contains }
    case 'set':
      return { ...EMPTY_DRAFT, values: [...filter.values] }
  }
}

/** A filter in words for its chip: "Current Salary between 50,000 and 80,000". */
export function describeFilter(
  column: TableColumn,
  filter: ColumnFilter,
  options: readonly SetOption[] = [],
  /** The pay cycle's default currency: what money filters are in. */
  currency = 'USD',
): string {
  const num = (n: number) => (column.money ? formatMoney(toCents(n), currency) : formatNumber(n, 0, 4))
  switch (filter.type) {
    case 'number': {
      const label = NUMBER_OPS.find((entry) => entry.op === filter.op)?.label.toLowerCase() ?? filter.op
      return filter.op === 'between'
        ? `${column.label} between ${num(filter.value)} and ${num(filter.valueTo ?? filter.value)}`
        : `${column.label} ${label} ${num(filter.value)}`
    }
    case 'date':
      return filter.op === 'between'
        ? `${column.label} between ${filter.value} and ${filter.valueTo ?? filter.value}`
        : `${column.label} ${filter.op} ${filter.value}`
    case 'text':
      return `${column.label} contains "${filter.contains}"`
    case 'set':
      return `${column.label}: ${filter.values.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')}`
  }
}
