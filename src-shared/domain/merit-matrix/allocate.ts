/**
 * Spending a budget over employees, each with integer-cent limits (docs/merit-matrix.md):
 *   catchUp ≤ floor ≤ cap, and increase(s) = clamp(catchUp + s × weight, floor, cap)
 * where s is the one scale the whole matrix shares. Budgets that cannot pay the catch-ups (then the
 * floors) share what there is in proportion to them; otherwise s is solved so the increases add up
 * to the budget, or everyone gets their cap when the budget is more than the caps allow. Cents are
 * then dealt by largest remainder, so the total is the budget to the cent and never above it.
 */
export interface Limits {
  /** Pay-min catch-up (prioritizePayMin): paid before any merit. */
  catchUp: number
  /** The least increase: the catch-up, or minPercentIncrease when that is more. */
  floor: number
  /** The most: the position-in-range and maxPercentIncrease caps (never below the catch-up). */
  cap: number
  /** Merit cents per unit of scale: cell multiplier × (1 − proration) × current pay. */
  weight: number
}

export interface Allocation {
  /** Cents per employee, in the order given. */
  amounts: number[]
  /** The shared scale (a fraction: 0.03 is 3% for a cell multiplier of 1). */
  scale: number
  /** The most the limits let the matrix spend. */
  capacity: number
  /** Which stage spent the budget: catch-ups only, floors, the matrix, or every cap reached. */
  stage: 'catchUp' | 'floor' | 'matrix' | 'capped'
}

const reach = (l: Limits) => (l.weight > 0 ? l.cap : l.floor)

/**
 * Employees must come in a fixed order (the caller sorts by id): ties in the remainders go to the
 * earlier one, and sums are added in that order, so the answer does not depend on the input's order.
 */
export function allocateBudget(limits: readonly Limits[], budget: number): Allocation {
  const n = limits.length
  let catchUps = 0
  let floors = 0
  let capacity = 0
  for (const l of limits) {
    catchUps += l.catchUp
    floors += l.floor
    capacity += reach(l)
  }
  const target = Math.max(0, Math.floor(budget))
  if (target < catchUps) {
    const share = target / catchUps
    const amounts = roundToTotal(
      limits.map((l) => l.catchUp * share),
      limits.map(() => 0),
      limits.map((l) => l.catchUp),
      target,
    )
    return { amounts, scale: 0, capacity, stage: 'catchUp' }
  }
  if (target < floors) {
    const share = (target - catchUps) / (floors - catchUps)
    const amounts = roundToTotal(
      limits.map((l) => l.catchUp + (l.floor - l.catchUp) * share),
      limits.map((l) => l.catchUp),
      limits.map((l) => l.floor),
      target,
    )
    return { amounts, scale: 0, capacity, stage: 'floor' }
  }
  if (target >= capacity) {
    let scale = 0
    for (const l of limits) if (l.weight > 0) scale = Math.max(scale, (l.cap - l.catchUp) / l.weight)
    return { amounts: limits.map(reach), scale, capacity, stage: 'capped' }
  }
  const scale = solveScale(limits, target, floors)
  const targets = new Array<number>(n)
  for (let i = 0; i < n; i++) {
    const l = limits[i]
    targets[i] = Math.min(l.cap, Math.max(l.floor, l.catchUp + scale * l.weight))
  }
  const amounts = roundToTotal(
    targets,
    limits.map((l) => l.floor),
    limits.map(reach),
    target,
  )
  return { amounts, scale, capacity, stage: 'matrix' }
}

/** Σ clamp(catchUp + s × weight, floor, cap): what the matrix spends at scale s. */
export function spendAt(limits: readonly Limits[], s: number): number {
  let sum = 0
  for (const l of limits) {
    if (!(l.weight > 0)) {
      sum += l.floor
      continue
    }
    const x = l.catchUp + s * l.weight
    sum += x < l.floor ? l.floor : x > l.cap ? l.cap : x
  }
  return sum
}

/**
 * The s where spendAt(s) = target, for floors ≤ target < capacity. The sum is continuous,
 * non-decreasing and piecewise linear in s (it bends where an employee leaves their floor or reaches
 * their cap): the bracket [0, hi] is halved until it is as narrow as floats allow, then the answer
 * is read off the line through its ends, which is exact once both ends sit on one segment. O(n) per
 * step, about 60 steps.
 */
export function solveScale(limits: readonly Limits[], target: number, floors: number): number {
  let weights = 0
  for (const l of limits) if (l.weight > 0) weights += l.weight
  if (!(weights > 0)) return 0
  // Without caps the answer is this guess itself; with caps it is above it.
  let lo = 0
  let atLo = floors
  let hi = Math.max((target - floors) / weights, Number.MIN_VALUE)
  let atHi = spendAt(limits, hi)
  for (let i = 0; i < 1100 && atHi < target; i++) {
    lo = hi
    atLo = atHi
    hi *= 2
    atHi = spendAt(limits, hi)
  }
  for (let i = 0; i < 200; i++) {
    const mid = lo + (hi - lo) / 2
    if (mid <= lo || mid >= hi) break
    const at = spendAt(limits, mid)
    if (at < target) {
      lo = mid
      atLo = at
    } else {
      hi = mid
      atHi = at
    }
    if (atHi - atLo < 1e-6) break
  }
  return atHi > atLo ? lo + ((target - atLo) * (hi - lo)) / (atHi - atLo) : hi
}

/**
 * Whole cents adding up to `total`: each target rounded down (kept within its bounds), then the
 * cents left over go one each to the largest remainders (ties to the earlier employee), or, when
 * float noise left too many, are taken back from the smallest. Needs Σ low ≤ total ≤ Σ high.
 */
export function roundToTotal(
  targets: readonly number[],
  low: readonly number[],
  high: readonly number[],
  total: number,
): number[] {
  const n = targets.length
  const amounts = new Array<number>(n)
  const remainders = new Float64Array(n)
  let sum = 0
  for (let i = 0; i < n; i++) {
    const whole = Math.min(high[i], Math.max(low[i], Math.floor(targets[i])))
    amounts[i] = whole
    remainders[i] = targets[i] - whole
    sum += whole
  }
  let left = total - sum
  while (left !== 0) {
    const up = left > 0
    const open: number[] = []
    for (let i = 0; i < n; i++) if (up ? amounts[i] < high[i] : amounts[i] > low[i]) open.push(i)
    if (open.length === 0) break
    for (const i of byRemainder(open, remainders, up)) {
      if (left === 0) break
      amounts[i] += up ? 1 : -1
      remainders[i] += up ? -1 : 1
      left += up ? -1 : 1
    }
  }
  return amounts
}

const INDEX_BITS = 2 ** 20
const REMAINDER_STEPS = 2 ** 32

function ascending(a: number, b: number): number {
  return a - b
}

/**
 * Indices by remainder, largest first (`largestFirst`) or smallest first, ties to the lower index.
 * Sorting numbers that pack remainder and index lets the engine's native numeric sort do it (100,000
 * employees in a few milliseconds); remainders closer than 2^-32 count as ties.
 */
function byRemainder(indices: readonly number[], remainders: Float64Array, largestFirst: boolean): number[] {
  if (indices.length >= INDEX_BITS) {
    return [...indices].sort(
      (a, b) =>
        (largestFirst ? remainders[b] - remainders[a] : remainders[a] - remainders[b]) || ascending(a, b),
    )
  }
  const keys = new Float64Array(indices.length)
  indices.forEach((index, k) => {
    const r = Math.min(Math.max(remainders[index], 0), 1)
    const step = Math.min(REMAINDER_STEPS - 1, Math.floor(r * REMAINDER_STEPS))
    // Largest first: sort descending with the lower index on top of equal steps.
    keys[k] = largestFirst ? step * INDEX_BITS + (INDEX_BITS - 1 - k) : step * INDEX_BITS + k
  })
  keys.sort()
  if (largestFirst) keys.reverse()
  const out = new Array<number>(keys.length)
  for (let k = 0; k < keys.length; k++) {
    const slot = keys[k] % INDEX_BITS
    out[k] = indices[largestFirst ? INDEX_BITS - 1 - slot : slot]
  }
  return out
}
