import fc from 'fast-check'
import { boxPlot, boxSummaryOf, boxSummaryOfSorted } from '../../../src-shared/domain/statistics'

const sorted = (values: number[]) => Float64Array.from(values).sort()

describe('boxSummaryOfSorted: box figures of 100,000 values without listing the outliers', () => {
  it('an odd count: quartiles on order statistics (Hyndman–Fan type 7), whiskers to the extremes', () => {
    expect(boxSummaryOfSorted(sorted([5, 1, 4, 2, 3]))).toEqual({
      count: 5,
      mean: 3,
      min: 1,
      q1: 2,
      median: 3,
      q3: 4,
      max: 5,
      lowerWhisker: 1,
      upperWhisker: 5,
      outliers: 0,
    })
  })

  it('an even count interpolates: 1 2 3 4 gives 1.75, 2.5, 3.25', () => {
    expect(boxSummaryOfSorted(sorted([1, 2, 3, 4]))).toMatchObject({ q1: 1.75, median: 2.5, q3: 3.25 })
  })

  it('"whiskers are 1.5 times the interquartile range": 100 beyond 4 + 1.5 × 2 is an outlier', () => {
    expect(boxSummaryOfSorted(sorted([1, 2, 3, 4, 100]))).toMatchObject({
      upperWhisker: 4,
      lowerWhisker: 1,
      outliers: 1,
      max: 100,
    })
    // Exactly on the fence is inside: 4 + 1.5 × 2 = 7.
    expect(boxSummaryOfSorted(sorted([1, 2, 3, 4, 7]))).toMatchObject({ upperWhisker: 7, outliers: 0 })
  })

  it('ties: a box of no width leaves everything else outside', () => {
    expect(boxSummaryOfSorted(sorted([2, 2, 2, 2, 10]))).toMatchObject({
      q1: 2,
      median: 2,
      q3: 2,
      lowerWhisker: 2,
      upperWhisker: 2,
      outliers: 1,
    })
  })

  it('one value is its own box; none is null', () => {
    expect(boxSummaryOfSorted(sorted([7]))).toEqual({
      count: 1,
      mean: 7,
      min: 7,
      q1: 7,
      median: 7,
      q3: 7,
      max: 7,
      lowerWhisker: 7,
      upperWhisker: 7,
      outliers: 0,
    })
    expect(boxSummaryOfSorted(new Float64Array(0))).toBeNull()
  })

  it('agrees with boxPlot and boxSummaryOf, the outliers counted (property; −0 and 0 generated)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(-0, 0)), {
          minLength: 1,
          maxLength: 60,
        }),
        (values) => {
          const full = boxPlot(values)
          const summary = boxSummaryOfSorted(sorted(values))
          expect(summary).toEqual(full && { ...full, outliers: full.outliers.length })
          expect(boxSummaryOf(Float64Array.from(values))).toEqual(summary)
        },
      ),
    )
  })

  it('−0 and 0 give every figure as 0, whatever their order and whichever summary', () => {
    const zero = { count: 2, mean: 0, min: 0, q1: 0, median: 0, q3: 0, max: 0 }
    for (const values of [
      [0, -0],
      [-0, 0],
      [-0, -0, 0],
    ]) {
      const expected = { ...zero, count: values.length, lowerWhisker: 0, upperWhisker: 0, outliers: 0 }
      expect(boxSummaryOf(Float64Array.from(values))).toEqual(expected)
      expect(boxSummaryOfSorted(values)).toEqual(expected)
      expect(boxPlot(values)).toEqual({ ...expected, outliers: [] })
    }
  })
})
