import { describe, expect, it } from 'vitest'
import { TABLE_COLUMNS, type TableColumnId } from '../../../src-shared/domain/table-columns'
import {
  describeFilter,
  draftFromFilter,
  EMPTY_DRAFT,
  filterFromDraft,
  filterKind,
  filterNumber,
} from '../../../src-renderer/features/compensation-table/filter-model'
import {
  nextSortDirection,
  querySort,
  SORT_CYCLE,
} from '../../../src-renderer/features/compensation-table/sort-cycle'
import {
  buildTableQuery,
  EMPTY_VIEW,
  exportQuery,
  normalizeSearch,
  PAGE_SIZE,
  withFilter,
} from '../../../src-renderer/features/compensation-table/table-query'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

const column = (id: TableColumnId) => TABLE_COLUMNS.find((c) => c.id === id)!

describe('sorting (spec: ascending, then descending, then removed)', () => {
  it('cycles asc → desc → none → asc', () => {
    expect(SORT_CYCLE).toEqual(['asc', 'desc', null])
    expect(nextSortDirection(null)).toBe('asc')
    expect(nextSortDirection(undefined)).toBe('asc')
    expect(nextSortDirection('asc')).toBe('desc')
    expect(nextSortDirection('desc')).toBeNull()
  })

  it("reads AG Grid's sort model as the query's sort; unknown or cleared columns give none", () => {
    expect(querySort([{ colId: 'currentSalary', sort: 'desc' }])).toEqual({
      column: 'currentSalary',
      direction: 'desc',
    })
    expect(querySort([])).toBeNull()
    expect(querySort([{ colId: 'actions', sort: 'asc' }])).toBeNull()
    expect(querySort([{ colId: 'manager', sort: null }])).toBeNull()
  })
})

describe('the query of a page', () => {
  const view = {
    sort: { column: 'employeeName', direction: 'asc' },
    filters: { currentSalary: { type: 'number', op: 'between', value: 100_000, valueTo: 150_000 } },
    search: '  Ada   Love ',
    viewAsEmployeeId: 42,
  } as const

  it('asks for one page of 25 rows at the row offset, with the view', () => {
    expect(buildTableQuery(view, 50, 75)).toEqual({
      offset: 50,
      limit: PAGE_SIZE,
      sort: { column: 'employeeName', direction: 'asc' },
      filters: { currentSalary: { type: 'number', op: 'between', value: 100_000, valueTo: 150_000 } },
      search: 'Ada Love',
      viewAsEmployeeId: 42,
    })
  })

  it('keeps the limit within the schema (1..500) and the offset at 0 or more', () => {
    expect(buildTableQuery(EMPTY_VIEW, -5, 0)).toMatchObject({ offset: 0, limit: 1 })
    expect(buildTableQuery(EMPTY_VIEW, 0, 10_000).limit).toBe(500)
  })

  it('exports the view without paging', () => {
    const query = exportQuery(view)
    expect(query).not.toHaveProperty('offset')
    expect(query).not.toHaveProperty('limit')
    expect(query.search).toBe('Ada Love')
  })

  it('trims the search and cuts it at 200 characters', () => {
    expect(normalizeSearch('  a\t b ')).toBe('a b')
    expect(normalizeSearch('x'.repeat(300))).toHaveLength(200)
  })

  it('sets and removes one filter without touching the others', () => {
    const one = withFilter(EMPTY_VIEW.filters, 'manager', { type: 'text', contains: 'kim' })
    const two = withFilter(one, 'currency', { type: 'set', values: ['EUR'] })
    expect(Object.keys(two)).toEqual(['manager', 'currency'])
    expect(withFilter(two, 'manager', null)).toEqual({ currency: { type: 'set', values: ['EUR'] } })
    expect(EMPTY_VIEW.filters).toEqual({})
  })
})

describe('filters (spec §5)', () => {
  it('number filters take the numeric input rules and a sign; money stays in currency units', () => {
    expect(filterNumber('100k')).toBe(100_000)
    expect(filterNumber('1,234.5')).toBe(1234.5)
    expect(filterNumber('-2.5')).toBe(-2.5)
    expect(filterNumber('abc')).toBeNull()
    expect(filterNumber('')).toBeNull()
  })

  it('builds the number presets equals, lessThan, greaterThan and between', () => {
    const salary = column('currentSalary')
    for (const op of ['equals', 'lessThan', 'greaterThan'] as const)
      expect(filterFromDraft('number', salary, { ...EMPTY_DRAFT, op, value: '50k' })).toEqual({
        ok: true,
        filter: { type: 'number', op, value: 50_000 },
      })
    expect(
      filterFromDraft('number', salary, { ...EMPTY_DRAFT, op: 'between', value: '100k', valueTo: '150,000' }),
    ).toEqual({
      ok: true,
      filter: { type: 'number', op: 'between', value: 100_000, valueTo: 150_000 },
    })
  })

  it('refuses a between without a second value or with the ends swapped, and text that is no number', () => {
    const salary = column('currentSalary')
    expect(filterFromDraft('number', salary, { ...EMPTY_DRAFT, op: 'between', value: '1' }).ok).toBe(false)
    expect(
      filterFromDraft('number', salary, { ...EMPTY_DRAFT, op: 'between', value: '5', valueTo: '1' }).ok,
    ).toBe(false)
    expect(filterFromDraft('number', salary, { ...EMPTY_DRAFT, value: 'x' })).toEqual({
      ok: false,
      message: 'Enter a number.',
    })
  })

  it('date filters: equals, before, after, between on ISO days', () => {
    const hire = column('hireDate')
    expect(filterFromDraft('date', hire, { ...EMPTY_DRAFT, op: 'before', value: '2024-01-31' })).toEqual({
      ok: true,
      filter: { type: 'date', op: 'before', value: '2024-01-31' },
    })
    expect(
      filterFromDraft('date', hire, {
        ...EMPTY_DRAFT,
        op: 'between',
        value: '2024-01-01',
        valueTo: '2024-12-31',
      }),
    ).toEqual({
      ok: true,
      filter: { type: 'date', op: 'between', value: '2024-01-01', valueTo: '2024-12-31' },
    })
    expect(filterFromDraft('date', hire, { ...EMPTY_DRAFT, op: 'after', value: '1/2/2024' }).ok).toBe(false)
    expect(filterFromDraft('date', hire, { ...EMPTY_DRAFT, op: 'lessThan', value: '2024-01-01' }).ok).toBe(
      false,
    )
  })

  it('text and set filters', () => {
    expect(filterFromDraft('text', column('manager'), { ...EMPTY_DRAFT, value: ' kim ' })).toEqual({
      ok: true,
      filter: { type: 'text', contains: 'kim' },
    })
    expect(filterFromDraft('text', column('manager'), EMPTY_DRAFT).ok).toBe(false)
    expect(filterFromDraft('set', column('violations'), { ...EMPTY_DRAFT, values: ['error'] })).toEqual({
      ok: true,
      filter: { type: 'set', values: ['error'] },
    })
    expect(filterFromDraft('set', column('violations'), EMPTY_DRAFT).ok).toBe(false)
  })

  it('has no performance filter when the pay cycle does not include performance', () => {
    const rating = column('performanceRating')
    const ratings = [{ label: 'Meets', max_rating: 4 }]
    expect(filterKind(rating, { ...DEFAULT_SETTINGS, performanceRatings: ratings })).toBe('set')
    expect(
      filterKind(rating, { ...DEFAULT_SETTINGS, includePerformance: false, performanceRatings: ratings }),
    ).toBeNull()
    expect(filterKind(column('currentSalary'), null)).toBe('number')
    expect(filterKind(column('hireDate'), null)).toBe('date')
  })

  it('describes a filter for its chip and turns it back into a form', () => {
    const filter = { type: 'number', op: 'between', value: 100_000, valueTo: 150_000 } as const
    expect(describeFilter(column('currentSalary'), filter)).toBe(
      'Current Salary between $100,000.00 and $150,000.00',
    )
    expect(describeFilter(column('compaRatio'), { type: 'number', op: 'lessThan', value: 0.9 })).toBe(
      'Compa Ratio less than 0.9',
    )
    expect(draftFromFilter(filter)).toEqual({ op: 'between', value: '100000', valueTo: '150000', values: [] })
  })
})
