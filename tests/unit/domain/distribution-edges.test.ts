import { histogramOfSorted, increaseNarrative } from '../../../src-shared/domain/distribution'
import { boxSummaryOfSorted } from '../../../src-shared/domain/statistics'

const sorted = (values: number[]) => Float64Array.from(values).sort()
const binned = (h: { bins: { count: number }[] }) => h.bins.reduce((sum, b) => sum + b.count, 0)

describe('histogram: values beyond 3 × IQR of the quartiles are counted aside', () => {
  it('a value 3 × IQR below the first quartile is binned; one further below is counted as below', () => {
    // q1 0, q3 2: the low fence is 0 − 3 × 2 = −6.
    const inside = histogramOfSorted(sorted([-5, 0, 1, 2, 2]))
    expect(inside).toMatchObject({ width: 0.2, below: 0, above: 0 })
    expect(binned(inside)).toBe(5)
    const far = histogramOfSorted(sorted([-20, 0, 1, 2, 2]))
    expect(far).toMatchObject({ below: 1, above: 0 })
    expect(binned(far)).toBe(4)
  })

  it('the fences use interpolated quartiles: 1.25 and 8.25 put 40 beyond 29.25', () => {
    const h = histogramOfSorted(sorted([0, 1, 2, 3, 10, 40]))
    expect(h).toMatchObject({ below: 0, above: 1 })
    expect(binned(h)).toBe(5)
  })

  it('a range too wide for the round widths gets a power of ten: 100,000 to 400,000 in bins of 10,000', () => {
    const h = histogramOfSorted(sorted([100_000, 200_000, 300_000, 400_000]))
    expect(h.width).toBe(10_000)
    expect(h.bins).toHaveLength(31)
    expect(binned(h)).toBe(4)
  })
})

describe('the narrative: singular and plural, and lines only when they have something to say', () => {
  const summary = (values: number[]) => boxSummaryOfSorted(sorted(values))

  it('one increase has no middle half; one pay cut and one employee not counted, in the singular', () => {
    expect(increaseNarrative({ summary: summary([5]), skew: null, negative: 1, unplanned: 1 })).toEqual([
      '1 employee has a planned salary increase: the typical (median) increase is 5.00% and the average 5.00%.',
      'Too few increases are planned to say which way they lean.',
      '1 planned increase is negative: a pay cut.',
      '1 employee in view has no planned salary yet and is not counted.',
    ])
  })

  it('two increases have a middle half; pay cuts and employees not counted in the plural', () => {
    expect(increaseNarrative({ summary: summary([1, 3]), skew: null, negative: 2, unplanned: 2 })).toEqual([
      '2 employees have a planned salary increase: the typical (median) increase is 2.00% and the average 2.00%.',
      'Half of the increases fall between 1.50% and 2.50%.',
      'Too few increases are planned to say which way they lean.',
      '2 planned increases are negative: a pay cut.',
      '2 employees in view have no planned salary yet and are not counted.',
    ])
  })

  it('no line about employees not counted when everyone is counted', () => {
    const lines = increaseNarrative({ summary: summary([1, 3]), skew: null, negative: 0, unplanned: 0 })
    expect(lines.some((l) => l.includes('not counted'))).toBe(false)
    expect(lines).toHaveLength(3)
  })
})
