import fc from 'fast-check'
import {
  evenSample,
  SKEW_THRESHOLD,
  TOP_OVER_UNDER_SIZE,
  WHISKER_IQR_FACTOR,
  boxPlot,
  boxSummaryOf,
  boxSummaryOfSorted,
  exactSum,
  quantile,
  skewDirection,
  skewNarrative,
  skewness,
  topOverUnder,
} from '../../../src-shared/domain/statistics'

describe('box plot: "whiskers are 1.5 times the interquartile range"', () => {
  it('uses linear interpolation between closest ranks for quartiles', () => {
    expect(WHISKER_IQR_FACTOR).toBe(1.5)
    const stats = boxPlot([100, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(stats).toMatchObject({ count: 10, min: 1, q1: 3.25, median: 5.5, q3: 7.75, max: 100, mean: 14.5 })
    expect(stats?.lowerWhisker).toBe(1)
    expect(stats?.upperWhisker).toBe(9)
    expect(stats?.outliers).toEqual([100])
  })

  it('keeps values exactly 1.5 × IQR beyond the quartiles inside the whiskers', () => {
    const stats = boxPlot([-5, 10, 10, 10, 10, 20, 20, 20, 20, 35])
    expect(stats).toMatchObject({ q1: 10, q3: 20, lowerWhisker: -5, upperWhisker: 35, outliers: [] })
    const beyond = boxPlot([-5.01, 10, 10, 10, 10, 20, 20, 20, 20, 35.01])
    expect(beyond?.outliers).toEqual([-5.01, 35.01])
    expect(beyond).toMatchObject({ lowerWhisker: 10, upperWhisker: 20 })
  })

  it('never draws a whisker inside the box', () => {
    expect(boxPlot([0, 10, 10, 10])).toMatchObject({ q1: 7.5, lowerWhisker: 7.5, outliers: [0] })
  })

  it('ignores missing values and is null with none', () => {
    expect(boxPlot([])).toBeNull()
    expect(boxPlot([null, undefined, Number.NaN])).toBeNull()
    expect(boxPlot([null, 4])).toMatchObject({ count: 1, q1: 4, median: 4, q3: 4, lowerWhisker: 4 })
    expect(quantile([], 0.5)).toBeNull()
  })

  it('whiskers always lie within min..max and around the quartiles (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1 }), (values) => {
        const s = boxPlot(values)!
        expect(s.min).toBeLessThanOrEqual(s.lowerWhisker)
        expect(s.lowerWhisker).toBeLessThanOrEqual(s.q1)
        expect(s.q1).toBeLessThanOrEqual(s.median)
        expect(s.median).toBeLessThanOrEqual(s.q3)
        expect(s.q3).toBeLessThanOrEqual(s.upperWhisker)
        expect(s.upperWhisker).toBeLessThanOrEqual(s.max)
      }),
    )
  })
})

describe('box summary by selection (the dashboards over 100,000 values)', () => {
  const bySort = (values: number[]) => boxSummaryOfSorted(Float64Array.from(values).sort())
  const bySelection = (values: number[]) => boxSummaryOf(Float64Array.from(values))

  it('gives the sorted figures for odd and even counts, ties, one value, outliers, none', () => {
    const cases = [
      [100, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [3, 1, 2],
      [7],
      [5, 5],
      [2, 2, 2, 2, 9, 2],
      [-5.01, 10, 10, 10, 10, 20, 20, 20, 20, 35.01],
      [0.95, 1.02, 0.87, 1.31, 0.4, 1.0, 1.0, 2.9],
    ]
    for (const values of cases) expect(bySelection(values), values.join(' ')).toEqual(bySort(values))
    expect(bySelection([])).toBeNull()
    expect(bySelection([100, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({
      count: 10,
      mean: 14.5,
      min: 1,
      q1: 3.25,
      median: 5.5,
      q3: 7.75,
      max: 100,
      lowerWhisker: 1,
      upperWhisker: 9,
      outliers: 1,
    })
  })

  it('agrees with the sort for any values, past the selection’s sampling size (600)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
          minLength: 1,
          maxLength: 2000,
        }),
        (values) => {
          expect(bySelection(values)).toEqual(bySort(values))
        },
      ),
      { numRuns: 200 },
    )
    const many = Array.from({ length: 5000 }, (_, i) => ((i * 7919) % 5003) / 1000 + (i % 17 === 0 ? 40 : 0))
    expect(bySelection(many)).toEqual(bySort(many))
  })
})

describe('exactSum: a mean that does not depend on the order of the values', () => {
  it('is the correctly rounded sum', () => {
    expect(exactSum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(1)
    expect(exactSum([1e100, 1, -1e100])).toBe(1)
    expect(exactSum([1, 1e-16, 1e-16])).toBe(1.0000000000000002)
    expect(exactSum([])).toBe(0)
  })

  it('is the same in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { maxLength: 300 }), (values) => {
        const reversed = [...values].reverse()
        const sorted = [...values].sort((a, b) => a - b)
        expect(exactSum(reversed)).toBe(exactSum(values))
        expect(exactSum(sorted)).toBe(exactSum(values))
      }),
    )
  })
})

describe('skew: "Skew threshold in the narrative is plus or minus 0.05"', () => {
  it('measures the moment skewness', () => {
    expect(skewness([1, 2, 3])).toBe(0)
    expect(skewness([1, 1, 1, 10])).toBeGreaterThan(1)
    expect(skewness([1, 10, 10, 10])).toBeLessThan(-1)
    expect(skewness([0.1, 0.1, 0.1])).toBe(0)
    expect(skewness([1, 2])).toBeNull()
  })

  it('±0.05 itself is symmetric; beyond it is left or right', () => {
    expect(SKEW_THRESHOLD).toBe(0.05)
    expect(skewDirection(0.05)).toBe('symmetric')
    expect(skewDirection(-0.05)).toBe('symmetric')
    expect(skewDirection(0.0501)).toBe('right')
    expect(skewDirection(-0.0501)).toBe('left')
  })

  it('writes a narrative for each direction', () => {
    expect(skewNarrative(0.42, 'salary increases')).toBe(
      'The distribution of salary increases is skewed right (skew 0.42): most salary increases sit below the average, and a few high ones pull it up.',
    )
    expect(skewNarrative(-0.3, 'salary increases')).toBe(
      'The distribution of salary increases is skewed left (skew -0.30): most salary increases sit above the average, and a few low ones pull it down.',
    )
    expect(skewNarrative(0.05, 'salary increases')).toBe(
      'The distribution of salary increases is roughly symmetric (skew 0.05): they spread evenly around the average.',
    )
    expect(skewNarrative(null, 'salary increases')).toBe(
      'There are too few salary increases to describe their distribution.',
    )
  })
})

describe('top over/under: "default size 10 (difference between actual increase percent and recommended_increase_per)"', () => {
  const row = (id: number, actual: number | null, recommended: number | null) => ({
    id,
    actualIncreasePercent: actual,
    recommendedIncreasePer: recommended,
  })

  it('ranks by actual − recommended, largest over and most under first', () => {
    const { over, under } = topOverUnder([
      row(1, 5, 3),
      row(2, 2, 3),
      row(3, 10, 3),
      row(4, 3, 3),
      row(5, 0, 4),
    ])
    expect(over.map((r) => [r.item.id, r.difference])).toEqual([
      [3, 7],
      [1, 2],
    ])
    expect(under.map((r) => [r.item.id, r.difference])).toEqual([
      [5, -4],
      [2, -1],
    ])
  })

  it('leaves out rows missing either percent', () => {
    const { over, under } = topOverUnder([row(1, null, 3), row(2, 5, null), row(3, 5, 3)])
    expect(over.map((r) => r.item.id)).toEqual([3])
    expect(under).toEqual([])
  })

  it('keeps 10 of each by default, ties in input order', () => {
    expect(TOP_OVER_UNDER_SIZE).toBe(10)
    const rows = Array.from({ length: 15 }, (_, i) => row(i, 5, 1))
    const { over } = topOverUnder(rows)
    expect(over).toHaveLength(10)
    expect(over.map((r) => r.item.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(topOverUnder(rows, 3).over).toHaveLength(3)
  })
})

describe('evenSample: at most max positions, evenly spread from the first', () => {
  it('every position when there are not more than max', () => {
    expect(evenSample(3, 5)).toEqual([0, 1, 2])
    expect(evenSample(0, 5)).toEqual([])
  })

  it('max positions spread over the whole list when there are more', () => {
    expect(evenSample(10, 5)).toEqual([0, 2, 4, 6, 8])
    expect(evenSample(7, 3)).toEqual([0, 2, 4])
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 3_000 }), (count, max) => {
        const picks = evenSample(count, max)
        expect(picks).toHaveLength(Math.min(count, max))
        expect(picks[0]).toBe(0)
        // One check for the whole list: an expect per pick made the property take seconds.
        expect(picks.every((pick, i) => i === 0 || pick > picks[i - 1])).toBe(true)
        expect(picks.at(-1)).toBeLessThan(count)
      }),
      { numRuns: 200 },
    )
  })
})
