import {
  histogramOfSorted,
  increaseNarrative,
  type IncreaseFacts,
} from '../../../src-shared/domain/distribution'
import { boxSummaryOfSorted } from '../../../src-shared/domain/statistics'

const sorted = (values: number[]) => Float64Array.from(values).sort()

describe('histogram of increases', () => {
  it('bins of the smallest round width within the bin limit; far values counted aside', () => {
    // q1 0.5, q3 1: 3 × IQR above q3 is 2.5, so 2.9 is far; width 1 gives 3 bins (0.5 would give 6).
    expect(histogramOfSorted(sorted([0, 0.5, 1, 1, 2.9]), 5)).toEqual({
      width: 1,
      bins: [
        { start: 0, end: 1, count: 2 },
        { start: 1, end: 2, count: 2 },
        { start: 2, end: 3, count: 0 },
      ],
      below: 0,
      above: 1,
    })
  })

  it('a value on an edge starts the next bin; the last bin holds its end', () => {
    const h = histogramOfSorted(sorted([0.1, 0.2, 0.3]), 3)
    expect(h.width).toBe(0.1)
    expect(h.bins.map((b) => b.count)).toEqual([1, 1, 1])
    expect(h.bins.map((b) => b.start)).toEqual([0.1, 0.2, 0.3])
  })

  it('all equal values are one bin; no values no bins', () => {
    expect(histogramOfSorted(sorted([3, 3, 3])).bins).toEqual([{ start: 3, end: 3.01, count: 3 }])
    expect(histogramOfSorted(new Float64Array(0))).toEqual({ width: 1, bins: [], below: 0, above: 0 })
  })
})

function facts(values: number[], skew: number | null, extra: Partial<IncreaseFacts> = {}): IncreaseFacts {
  return { summary: boxSummaryOfSorted(sorted(values)), skew, negative: 0, unplanned: 0, ...extra }
}

describe('the distribution narrative, for an HR reader (skew threshold ±0.05)', () => {
  const values = [1, 2, 3, 4, 5]

  it('states the count, the typical increase and the middle half', () => {
    expect(increaseNarrative(facts(values, 0)).slice(0, 2)).toEqual([
      '5 employees have a planned salary increase: the typical (median) increase is 3.00% and the average 3.00%.',
      'Half of the increases fall between 2.00% and 4.00%.',
    ])
  })

  it('skew above +0.05 leans low with a tail of larger increases', () => {
    expect(increaseNarrative(facts(values, 0.42))[2]).toBe(
      'Increases lean low, with a tail of larger ones (skew 0.42): most employees get less than the average, which a few large increases pull up. Check that the largest increases are intended.',
    )
  })

  it('skew below −0.05 leans high with a tail of smaller increases', () => {
    expect(increaseNarrative(facts(values, -0.3))[2]).toBe(
      'Increases lean high, with a tail of smaller ones (skew -0.30): most employees get more than the average, which a few small increases pull down. Check that the smallest increases are intended.',
    )
  })

  it('±0.05 itself is even', () => {
    expect(increaseNarrative(facts(values, 0.05))[2]).toBe(
      'Increases are spread evenly around the average (skew 0.05).',
    )
    expect(increaseNarrative(facts(values, -0.05))[2]).toBe(
      'Increases are spread evenly around the average (skew -0.05).',
    )
  })

  it('too few to lean; pay cuts and employees not counted are named', () => {
    const lines = increaseNarrative(facts([2, 4], null, { negative: 1, unplanned: 7 }))
    expect(lines).toContain('Too few increases are planned to say which way they lean.')
    expect(lines).toContain('1 planned increase is negative: a pay cut.')
    expect(lines).toContain('7 employees in view have no planned salary yet and are not counted.')
  })

  it('one increase: singular wording; none planned: says so', () => {
    expect(increaseNarrative(facts([3], null))[0]).toBe(
      '1 employee has a planned salary increase: the typical (median) increase is 3.00% and the average 3.00%.',
    )
    expect(increaseNarrative({ summary: null, skew: null, negative: 0, unplanned: 12 })).toEqual([
      'No salary increases are planned yet for these employees.',
    ])
  })
})
