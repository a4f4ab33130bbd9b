import { QueryCache } from '../../src-main/services/table/query-cache'
import { orderByNumber, rankTexts } from '../../src-main/services/table/sort'
import { seededRandom } from '../support/seeded'

/** The reference: a comparator sort, ties by the given order. */
function reference(indexes: number[], keys: number[], direction: 'asc' | 'desc'): number[] {
  const dir = direction === 'asc' ? 1 : -1
  return indexes
    .map((index, at) => ({ index, key: keys[at], at }))
    .sort((a, b) => (a.key - b.key) * dir || a.at - b.at)
    .map((e) => e.index)
}

describe('orderByNumber (radix sort on the float bits)', () => {
  it('orders negatives, zeros, fractions and large values like a comparator sort, stable in both directions', () => {
    const next = seededRandom(11)
    const pool = [0, -0, 1, -1, 0.5, -0.25, 1e12, -1e12, 123456789.01, 2 ** 53, -(2 ** 40), 3.14159]
    const generated: number[] = []
    for (const size of [0, 1, 2, 3, 17, 1000, 2047, 2048, 5000, 70_000]) {
      const keys = Array.from({ length: size }, () =>
        next() < 0.5 ? pool[Math.floor(next() * pool.length)] : Math.round((next() - 0.5) * 1e8) / 100,
      )
      generated.push(...keys.slice(0, 2000))
      const indexes = keys.map((_, i) => i * 3 + 1)
      for (const direction of ['asc', 'desc'] as const) {
        expect(orderByNumber(indexes, Float64Array.from(keys), direction)).toEqual(
          reference(indexes, keys, direction),
        )
      }
    }
    // −0 reaches the sort (an earlier version added 0 to every key, which turned it into 0).
    expect(generated.filter((key) => Object.is(key, -0)).length).toBeGreaterThan(10)
  })

  it('takes −0 and 0 for the same key on both paths (below and above 2048 rows): the given order is kept', () => {
    for (const size of [4, 2047, 2048, 3000]) {
      const keys = Float64Array.from({ length: size }, (_, i) => (i % 2 === 0 ? -0 : 0))
      const indexes = Array.from({ length: size }, (_, i) => i)
      expect(orderByNumber(indexes, keys, 'asc')).toEqual(indexes)
      expect(orderByNumber(indexes, keys, 'desc')).toEqual(indexes)
    }
  })

  it('keeps the given order for equal keys (ties by employee id)', () => {
    expect(orderByNumber([5, 6, 7, 8], Float64Array.from([2, 1, 2, 1]), 'asc')).toEqual([6, 8, 5, 7])
    expect(orderByNumber([5, 6, 7, 8], Float64Array.from([2, 1, 2, 1]), 'desc')).toEqual([5, 7, 6, 8])
  })
})

describe('rankTexts', () => {
  it('ranks distinct texts in code-unit order; equal texts share a rank; empty is NaN', () => {
    const ranks = rankTexts(['b', 'a', null, 'b', 'c'])
    expect([...ranks]).toEqual([1, 0, Number.NaN, 1, 2])
  })
})

describe('QueryCache', () => {
  it('drops only the lists reading a column an edit changed', () => {
    const cache = new QueryCache()
    cache.set('bySalary', { rows: Int32Array.from([1, 2]), columns: new Set(['newSalary']) })
    cache.set('byName', { rows: Int32Array.from([2, 1]), columns: new Set(['employeeName']) })
    cache.set('filtered', { rows: Int32Array.from([1]), columns: new Set(['employeeName', 'comments']) })
    cache.changed(new Set(['comments']))
    expect(cache.get('bySalary')).toBeDefined()
    expect(cache.get('byName')).toBeDefined()
    expect(cache.get('filtered')).toBeUndefined()
    cache.changed(new Set(['newSalary', 'dollarIncrease']))
    expect(cache.get('bySalary')).toBeUndefined()
    expect(cache.size).toBe(1)
  })

  it('keeps at most 32 lists, dropping the least recently used', () => {
    const cache = new QueryCache()
    for (let i = 0; i < 40; i++) {
      cache.set(`q${i}`, { rows: new Int32Array(0), columns: new Set() })
      cache.get('q0')
    }
    expect(cache.size).toBe(32)
    expect(cache.get('q0')).toBeDefined()
    expect(cache.get('q1')).toBeUndefined()
  })
})
