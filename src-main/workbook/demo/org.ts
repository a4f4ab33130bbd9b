import type { Random } from './random'

/**
 * The shape of the org chart: who reports to whom. Employees are numbered level by level (the CEO
 * is 0), and within a level in the order of their managers, so a manager always comes before the
 * people who report to them and parent teams before child teams.
 */
export interface OrgShape {
  size: number
  /** Levels of teams: the CEO's team is depth 1, the deepest managers' teams depth `teamDepth`. */
  teamDepth: number
  /** Index of each employee's manager; -1 for the CEO. */
  parent: Int32Array
  level: Uint8Array
  isManager: Uint8Array
}

const TARGET_SPAN = 6.5
const MIN_SPAN = 4
const MAX_SPAN = 10

/** 4 team levels up to 3,000 people, 5 up to 30,000, then 6. */
function teamDepthFor(size: number): number {
  const depth = size <= 3000 ? 4 : size <= 30_000 ? 5 : 6
  return Math.max(0, Math.min(depth, size - 1))
}

/** The r for which first·(1 + r + … + r^(levels-1)) = total, by bisection (plain arithmetic only). */
function solveRatio(first: number, levels: number, total: number): number {
  const sum = (r: number) => {
    let term = first
    let acc = 0
    for (let i = 0; i < levels; i++) {
      acc += term
      term *= r
    }
    return acc
  }
  let lo = 1
  let hi = 64
  if (sum(lo) >= total) return 1
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2
    if (sum(mid) < total) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** People per level (index 0 is the CEO's level); the last level holds no managers. */
export function levelSizes(size: number): number[] {
  const depth = teamDepthFor(size)
  if (depth === 0) return [1]
  if (depth === 1) return [1, size - 1]
  const overall = solveRatio(1, depth + 1, size)
  const remainingLevels = depth
  let first = Math.min(Math.max(Math.round(overall), 4), 8)
  first = Math.max(1, Math.min(first, size - depth))
  const sizes = [1, first]
  const ratio = solveRatio(first, remainingLevels, size - 1)
  let term = first
  for (let k = 2; k < depth; k++) {
    term *= ratio
    sizes.push(Math.max(1, Math.round(term)))
  }
  const used = sizes.reduce((a, b) => a + b, 0)
  sizes.push(size - used)
  // Rounding may leave the last level short: take from the widest levels above it.
  while (sizes[depth] < 1) {
    let widest = 1
    for (let k = 2; k < depth; k++) if (sizes[k] > sizes[widest]) widest = k
    sizes[widest]--
    sizes[depth]++
  }
  return sizes
}

function managersAt(k: number, sizes: number[]): number {
  if (k === 0) return 1
  const below = sizes[k + 1]
  if (k === 1 && below >= 3 * sizes[1]) return sizes[1]
  const wanted = Math.max(Math.round(below / TARGET_SPAN), Math.ceil(below / MAX_SPAN), 1)
  return Math.min(wanted, sizes[k], below)
}

/**
 * Splits `total` reports over `managers` managers: even spans first, then random transfers between
 * pairs that keep every span within 4..10 (or the even share, when that is already outside).
 */
function splitSpans(total: number, managers: number, random: Random): number[] {
  const base = Math.floor(total / managers)
  const spans = Array.from({ length: managers }, (_, i) => base + (i < total % managers ? 1 : 0))
  const lo = Math.max(1, Math.min(MIN_SPAN, base))
  const hi = Math.max(MAX_SPAN, Math.ceil(total / managers))
  for (let n = 0; n < managers * 2; n++) {
    const from = random.int(0, managers - 1)
    const to = random.int(0, managers - 1)
    const amount = random.int(1, 3)
    if (from !== to && spans[from] - amount >= lo && spans[to] + amount <= hi) {
      spans[from] -= amount
      spans[to] += amount
    }
  }
  return spans
}

export function planOrg(size: number, random: Random): OrgShape {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`A demo company needs at least 1 employee, not ${size}.`)
  const sizes = levelSizes(size)
  const teamDepth = sizes.length - 1
  const parent = new Int32Array(size).fill(-1)
  const level = new Uint8Array(size)
  const isManager = new Uint8Array(size)
  let levelStart = 0
  for (let k = 0; k < sizes.length; k++) {
    const count = sizes[k]
    level.fill(k, levelStart, levelStart + count)
    if (k < teamDepth) {
      const managerCount = managersAt(k, sizes)
      const indices = Array.from({ length: count }, (_, i) => levelStart + i)
      // The CEO's managing reports come first (they take the divisions in order); deeper down, anyone.
      const chosen = k <= 1 ? indices.slice(0, managerCount) : random.shuffle(indices).slice(0, managerCount)
      chosen.sort((a, b) => a - b)
      const spans = splitSpans(sizes[k + 1], managerCount, random)
      let child = levelStart + count
      for (let m = 0; m < chosen.length; m++) {
        isManager[chosen[m]] = 1
        for (let s = 0; s < spans[m]; s++) parent[child++] = chosen[m]
      }
    }
    levelStart += count
  }
  return { size, teamDepth, parent, level, isManager }
}
