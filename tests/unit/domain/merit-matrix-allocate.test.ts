import {
  allocateBudget,
  roundToTotal,
  solveScale,
  spendAt,
  type Limits,
} from '../../../src-shared/domain/merit-matrix/allocate'

const limit = (catchUp: number, floor: number, cap: number, weight: number): Limits => ({
  catchUp,
  floor,
  cap,
  weight,
})

describe('spending a budget over limits (allocateBudget), stage by stage', () => {
  it('a budget below the catch-ups shares them in proportion, whole cents, the remainder to the largest', () => {
    const limits = [limit(100, 100, 500, 1000), limit(300, 300, 900, 1000)]
    expect(allocateBudget(limits, 200)).toEqual({
      amounts: [50, 150],
      scale: 0,
      capacity: 1400,
      stage: 'catchUp',
    })
    expect(allocateBudget(limits, 201.9).amounts).toEqual([50, 151])
  })

  it('a budget between the catch-ups and the floors pays the catch-ups and shares the rest of the floors', () => {
    const limits = [limit(0, 100, 500, 1000), limit(100, 300, 900, 1000)]
    expect(allocateBudget(limits, 250)).toEqual({
      amounts: [50, 200],
      scale: 0,
      capacity: 1400,
      stage: 'floor',
    })
  })

  it('above the floors, one scale for everyone: increase = catch-up + scale × weight, within floor and cap', () => {
    const free = allocateBudget([limit(0, 0, 1000, 100), limit(0, 0, 1000, 300)], 400)
    expect(free.stage).toBe('matrix')
    expect(free.amounts).toEqual([100, 300])
    expect(free.scale).toBeCloseTo(1, 9)
    const capped = allocateBudget([limit(0, 0, 50, 100), limit(0, 0, 1000, 300)], 400)
    expect(capped.amounts).toEqual([50, 350])
    expect(capped.scale).toBeCloseTo(350 / 300, 9)
    const withCatchUp = allocateBudget([limit(40, 40, 1000, 100), limit(0, 0, 1000, 100)], 240)
    expect(withCatchUp.amounts).toEqual([140, 100])
    expect(withCatchUp.scale).toBeCloseTo(1, 9)
  })

  it('a budget the caps cannot spend gives everyone their cap, and the scale that reaches the last cap', () => {
    const limits = [limit(0, 0, 50, 100), limit(0, 0, 1000, 300), limit(0, 20, 500, 0)]
    expect(allocateBudget(limits, 2000)).toEqual({
      amounts: [50, 1000, 20],
      scale: 1000 / 300,
      capacity: 1070,
      stage: 'capped',
    })
    expect(allocateBudget(limits, 1070).stage).toBe('capped')
    // the scale counts from the catch-up: (cap − catch-up) ÷ weight
    expect(allocateBudget([limit(40, 40, 100, 30)], 500).scale).toBe(2)
    expect(allocateBudget(limits, 1069).stage).toBe('matrix')
  })

  it('a negative budget spends nothing', () => {
    expect(allocateBudget([limit(0, 0, 1000, 100)], -5).amounts).toEqual([0])
  })
})

describe('the scale and the sum at a scale', () => {
  it('spendAt clamps each increase to its floor and cap; without weight an employee gets the floor', () => {
    const limits = [limit(10, 20, 100, 10), limit(0, 0, 1000, 100), limit(0, 7, 500, 0)]
    // at scale 0.5: 20 (floor), 50, 7; at 20: 100 (cap), 1000 (cap), 7
    expect(spendAt(limits, 0.5)).toBe(77)
    expect(spendAt(limits, 5)).toBe(60 + 500 + 7)
    expect(spendAt(limits, 20)).toBe(1107)
  })

  it('solveScale finds the scale that spends the target, beyond the first guess when caps bind', () => {
    const limits = [limit(0, 0, 10, 100), limit(0, 0, 10_000, 100)]
    const s = solveScale(limits, 1010, 0)
    expect(spendAt(limits, s)).toBeCloseTo(1010, 6)
    expect(s).toBeCloseTo(10, 6)
    expect(solveScale([limit(0, 5, 5, 0)], 5, 5)).toBe(0)
  })

  it('solveScale finds the scale where a cap bends the sum between the ends of its first bracket', () => {
    // The guess 40 ÷ 300 spends 10 + 13.3 + 13.3; its double 10 + 15 + 26.7. The line through those
    // two would say 0.163, but the third cap bends the sum at 0.15: 10 + 15 + 100 × 0.15 = 40.
    const limits = [limit(0, 0, 10, 100), limit(0, 0, 10_000, 100), limit(0, 0, 15, 100)]
    expect(solveScale(limits, 40, 0)).toBeCloseTo(0.15, 12)
  })

  it('solveScale finds a scale far beyond 2^26 when a cap bends the sum on the way there', () => {
    // $1,000,000 and $1.01 spent by weights of a millionth of a cent: a scale of 10^14.
    const limits = [limit(0, 0, 1, 1), limit(0, 0, 1e12, 1e-6), limit(0, 0, 100, 1e-6)]
    const s = solveScale(limits, 1e8 + 101, 0)
    expect(s / 1e14).toBeCloseTo(1, 9)
    expect(spendAt(limits, s)).toBeCloseTo(1e8 + 101, 3)
  })

  it('when a range of scales spends the budget (everyone at a floor or a cap), the least of them', () => {
    // From 0.1 (the first cap) to 0.5 (where the second leaves its floor) the sum is 10 + 50 = 60.
    const plateau = [limit(0, 0, 10, 100), limit(0, 50, 1000, 100), limit(0, 0, 0, 1_000_000)]
    expect(solveScale(plateau, 60, 50)).toBeCloseTo(0.1, 12)
    // A budget of exactly the floors leaves the matrix at 0 %: no merit beyond the floors.
    const atFloors = allocateBudget([limit(0, 100, 1000, 1000), limit(0, 50, 1000, 1000)], 150)
    expect(atFloors.amounts).toEqual([100, 50])
    expect(atFloors.scale).toBeCloseTo(0, 12)
  })
})

describe('whole cents adding up to the total', () => {
  it('takes back cents from the smallest remainders, ties from the earlier one, when rounding gave too many', () => {
    expect(roundToTotal([2, 2], [0, 0], [5, 5], 3)).toEqual([1, 2])
    expect(roundToTotal([2.5, 2.2], [0, 0], [5, 5], 3)).toEqual([2, 1])
  })

  it('keeps each amount within its bounds, and stops when no amount can move', () => {
    expect(roundToTotal([0.4, 0.4], [1, 0], [5, 5], 1)).toEqual([1, 0])
    expect(roundToTotal([3, 3], [0, 0], [3, 3], 10)).toEqual([3, 3])
    // taking back never goes below an amount's low bound
    expect(roundToTotal([2, 2], [2, 0], [5, 5], 3)).toEqual([2, 1])
  })

  it('counts remainders closer than 2^-32 as ties (to the earlier), and a remainder above 1 as 1', () => {
    expect(roundToTotal([1.5, 1.5 + 2 ** -40], [0, 0], [5, 5], 3)).toEqual([2, 1])
    // 5 kept at its high bound 3 leaves a remainder of 2, counted as 1: a tie with 1 − 2^-40.
    expect(roundToTotal([5, 2 - 2 ** -40], [0, 0], [3, 5], 3)).toEqual([2, 1])
  })

  it('with more cents left than amounts that can take one, deals them round by round', () => {
    expect(roundToTotal([0.5, 0.5], [0, 0], [10, 10], 5)).toEqual([3, 2])
  })

  it('with 2^20 employees and more, still deals by remainder, ties to the earlier, both ways', () => {
    const n = 2 ** 20 + 1
    const zeros = () => new Array<number>(n).fill(0)
    const fives = () => new Array<number>(n).fill(5)
    // Up: three cents to 0.9 (the last employee), then the two 0.75s; not to 0.5.
    const up = zeros()
    up[7] = 0.5
    up[10] = 0.75
    up[500_000] = 0.75
    up[n - 1] = 0.9
    const dealt = roundToTotal(up, zeros(), fives(), 3)
    expect([dealt[7], dealt[10], dealt[500_000], dealt[n - 1]]).toEqual([0, 1, 1, 1])
    expect(dealt.reduce((sum, a) => sum + a, 0)).toBe(3)
    // Down: every target 1 + an eighth or more, but every eighth one 1 exactly: three cents are
    // taken back from the earliest of those, whose remainder is 0.
    const down = Array.from({ length: n }, (_, i) => 1 + ((i * 7) % 8) / 8)
    const taken = roundToTotal(down, zeros(), fives(), n - 3)
    expect(taken.slice(0, 17)).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0])
    expect(taken.reduce((sum, a) => sum + a, 0)).toBe(n - 3)
  })
})
