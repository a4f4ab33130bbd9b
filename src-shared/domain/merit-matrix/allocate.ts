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

/**
 * The s where Σ clamp(catchUp + s × weight, floor, cap) = target, for floors ≤ target < capacity.
 * The sum is continuous and piecewise linear in s; it bends where an employee leaves their floor
 * (s = (floor − catchUp) ÷ weight) and reaches their cap (s = (cap − catchUp) ÷ weight). Walking
 * those points in order keeps the sum as constant + slope × s, and the answer is in the segment
 * where the sum passes the target. O(n log n).
 */
export function solveScale(limits: readonly Limits[], target: number, floors: number): number {
  const positions: number[] = []
  const constants: number[] = []
  const slopes: number[] = []
  for (const l of limits) {
    if (!(l.weight > 0)) continue
    // Leaves the floor: floor → catchUp + s × weight.
    positions.push((l.floor - l.catchUp) / l.weight)
    constants.push(l.catchUp - l.floor)
    slopes.push(l.weight)
    // Reaches the cap: catchUp + s × weight → cap.
    positions.push((l.cap - l.catchUp) / l.weight)
    constants.push(l.cap - l.catchUp)
    slopes.push(-l.weight)
  }
  const order = Array.from(positions.keys()).sort((a, b) => positions[a] - positions[b] || a - b)
  let constant = floors
  let slope = 0
  for (const event of order) {
    const s = positions[event]
    if (slope > 0 && constant + slope * s >= target) return (target - constant) / slope
    constant += constants[event]
    slope += slopes[event]
  }
  // Not reached when target < capacity; the last bend is where everyone is capped.
  return order.length > 0 ? positions[order[order.length - 1]] : 0
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
    const open = Array.from(amounts.keys()).filter((i) => (up ? amounts[i] < high[i] : amounts[i] > low[i]))
    if (open.length === 0) break
    open.sort((a, b) => (up ? remainders[b] - remainders[a] : remainders[a] - remainders[b]) || a - b)
    for (const i of open) {
      if (left === 0) break
      amounts[i] += up ? 1 : -1
      remainders[i] += up ? -1 : 1
      left += up ? -1 : 1
    }
  }
  return amounts
}
