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
})
