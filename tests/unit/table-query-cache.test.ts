import { QueryCache } from '../../src-main/services/table/query-cache'

/** QueryCache's text ranks (mutation testing, issue 20): computed once per column, again after an edit of it. */
describe('QueryCache text ranks', () => {
  it('computes a column’s ranks on first use only, and again after that column changed', () => {
    const cache = new QueryCache()
    let computed = 0
    const compute = () => {
      computed++
      return Float64Array.of(computed)
    }
    const first = cache.textRanksOf('employeeName', compute)
    expect(cache.textRanksOf('employeeName', compute)).toBe(first)
    expect(computed).toBe(1)
    cache.changed(new Set(['comments']))
    expect(cache.textRanksOf('employeeName', compute)).toBe(first)
    cache.changed(new Set(['employeeName']))
    expect(cache.textRanksOf('employeeName', compute)).toEqual(Float64Array.of(2))
    expect(computed).toBe(2)
  })
})
