import fc from 'fast-check'
import { exactSum, skewNarrative, skewness, topOverUnder } from '../../../src-shared/domain/statistics'

/**
 * The exact sum of doubles that are whole multiples of 2^-200, correctly rounded: BigInt adds them
 * exactly and Number(bigint) rounds to nearest, ties to even; the scaling by 2^200 is exact.
 */
function referenceSum(values: readonly number[]): number {
  const scale = 2 ** 200
  return Number(values.reduce((total, v) => total + BigInt(v * scale), 0n)) / scale
}

describe('exactSum: the correctly rounded sum, ties to even (as math.fsum)', () => {
  it('equals the exact sum rounded once, for values with few bits at far-apart exponents (property)', () => {
    // Few significant bits at exponents ±120 make sums that fall exactly halfway between two doubles.
    const value = fc
      .tuple(
        fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 2 ** 53 - 1 })),
        fc.integer({ min: -120, max: 120 }),
        fc.boolean(),
      )
      .map(([m, e, negative]) => (negative ? -1 : 1) * m * 2 ** e)
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), (values) => {
        expect(exactSum(values)).toBe(referenceSum(values))
      }),
      { numRuns: 1000 },
    )
  })

  it('a halfway sum is rounded up by a smaller part below it, after a cancellation at the top', () => {
    // 1 + 2^-53 is halfway between 1 and 1 + 2^-52; 2^-120 tips it up. 2^60 − 2^60 leaves a zero on top.
    const values = [1, 2 ** -53, 2 ** -120, 2 ** 60, -(2 ** 60)]
    expect(exactSum(values)).toBe(1 + 2 ** -52)
    expect(exactSum(values)).toBe(referenceSum(values))
    expect(exactSum([1e16, 1, 1e-16])).toBe(10000000000000002)
    const mixed = [-3 * 2 ** -106, 3 * 2 ** -53, -3 * 2 ** 53, -2, -2, 6]
    expect(exactSum(mixed)).toBe(referenceSum(mixed))
  })

  it('sums zeros with the sign IEEE addition gives: −0 only when every value is −0 (property)', () => {
    expect(exactSum([-0, 0])).toBe(0)
    expect(exactSum([0, -0])).toBe(0)
    expect(exactSum([-0, -0])).toBe(-0)
    fc.assert(
      fc.property(fc.array(fc.constantFrom<number>(-0, 0), { minLength: 1, maxLength: 8 }), (zeros) => {
        expect(exactSum(zeros)).toBe(zeros.reduce((total, v) => total + v))
      }),
    )
  })

  it('keeps more than 32 partial sums (values 60 binary digits apart), in either order', () => {
    const ascending = Array.from({ length: 35 }, (_, i) => 2 ** (-1020 + 60 * i))
    expect(exactSum(ascending)).toBe(2 ** 1020)
    expect(exactSum([...ascending].reverse())).toBe(2 ** 1020)
  })
})

describe('skewness: the moment coefficient of the finite values', () => {
  it('is 2 ÷ √3 for three equal values and one far above (g1 = m3 ÷ m2^1.5)', () => {
    expect(skewness([1, 1, 1, 10])).toBeCloseTo(2 / Math.sqrt(3), 12)
    expect(skewness([1, 10, 10, 10])).toBeCloseTo(-2 / Math.sqrt(3), 12)
  })

  it('ignores missing and non-finite values: null with fewer than 3 numbers', () => {
    expect(skewness([1, 2, null, undefined, Number.NaN, Number.POSITIVE_INFINITY])).toBeNull()
    expect(skewness([1, 1, 1, 10, Number.NaN, null])).toBeCloseTo(2 / Math.sqrt(3), 12)
  })

  it('equal values are 0, even when their computed mean is off by float noise', () => {
    // 100000.1 three times averages to 100000.10000000002: each value is 1.5e-11 from the mean.
    expect(skewness([100000.1, 100000.1, 100000.1])).toBe(0)
    expect(skewness([123456.789, 123456.789, 123456.789, 123456.789, 123456.789])).toBe(0)
  })

  it("the narrative's subject defaults to 'values'", () => {
    expect(skewNarrative(null)).toBe('There are too few values to describe their distribution.')
  })
})

describe('top under list: the most under first, "default size 10"', () => {
  const row = (id: number, actual: number, recommended: number) => ({
    id,
    actualIncreasePercent: actual,
    recommendedIncreasePer: recommended,
  })

  it('orders the under list by difference, most negative first', () => {
    const { under } = topOverUnder([row(1, 2, 3), row(2, 1, 3), row(3, 0, 3), row(4, 2.5, 3)])
    expect(under.map((r) => [r.item.id, r.difference])).toEqual([
      [3, -3],
      [2, -2],
      [1, -1],
      [4, -0.5],
    ])
  })

  it('keeps 10 under by default, and the size asked for', () => {
    const rows = Array.from({ length: 15 }, (_, i) => row(i, 1, 5))
    expect(topOverUnder(rows).under).toHaveLength(10)
    expect(topOverUnder(rows, 3).under.map((r) => r.item.id)).toEqual([0, 1, 2])
  })
})
