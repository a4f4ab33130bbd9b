/** Spec §9: "Box plot whiskers are 1.5 times the interquartile range". */
export const WHISKER_IQR_FACTOR = 1.5
/** Spec §9: "Skew threshold in the narrative is plus or minus 0.05". */
export const SKEW_THRESHOLD = 0.05
/** Spec §9: "Top over/under list default size 10". */
export const TOP_OVER_UNDER_SIZE = 10

export interface BoxPlotStats {
  count: number
  mean: number
  min: number
  q1: number
  median: number
  q3: number
  max: number
  /** The most extreme values within 1.5 × IQR of the quartiles, never inside the box. */
  lowerWhisker: number
  upperWhisker: number
  /** Values beyond the whiskers, ascending. */
  outliers: number[]
}

function finiteSorted(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
}

/**
 * The p-quantile (0..1) of ascending values by linear interpolation between closest ranks, h = (n − 1)p
 * (Hyndman & Fan type 7: Excel QUARTILE.INC, NumPy's and d3's default).
 */
export function quantile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null
  const h = (sorted.length - 1) * Math.min(Math.max(p, 0), 1)
  const low = Math.floor(h)
  const high = Math.ceil(h)
  return sorted[low] + (h - low) * (sorted[high] - sorted[low])
}

/** Box-plot figures with the outliers counted rather than listed: what a chart of 100,000 values needs. */
export interface BoxSummary extends Omit<BoxPlotStats, 'outliers'> {
  /** How many values lie beyond the whiskers. */
  outliers: number
}

/** The first index whose value is ≥ `value` (or > when `after`), in ascending values. */
function searchSorted(sorted: ArrayLike<number>, value: number, after: boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid] < value || (after && sorted[mid] === value)) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * Box-plot figures of values already finite and ascending (a sorted Float64Array), in O(n) for the
 * mean and O(log n) for the rest; null when there are none. Whiskers reach the most extreme values
 * within 1.5 × IQR of the quartiles (Plotly's convention), never inside the box.
 */
export function boxSummaryOfSorted(sorted: ArrayLike<number>): BoxSummary | null {
  const n = sorted.length
  if (n === 0) return null
  const q1 = quantile(sorted, 0.25) as number
  const q3 = quantile(sorted, 0.75) as number
  const reach = WHISKER_IQR_FACTOR * (q3 - q1)
  const first = searchSorted(sorted, q1 - reach, false)
  const last = searchSorted(sorted, q3 + reach, true) - 1
  return plainZeros({
    count: n,
    mean: exactSum(sorted) / n,
    min: sorted[0],
    q1,
    median: quantile(sorted, 0.5) as number,
    q3,
    max: sorted[n - 1],
    // interpolated quartiles can sit between a far outlier and the next value: the box still bounds the whisker
    lowerWhisker: Math.min(sorted[first], q1),
    upperWhisker: Math.max(sorted[last], q3),
    outliers: first + (n - 1 - last),
  })
}

/**
 * −0 and 0 are the same amount, but which of them a figure held depended on the values' order (and
 * differed between the two summaries): every figure is given as 0 instead (x + 0 is x for every other x).
 */
function plainZeros(summary: BoxSummary): BoxSummary {
  return {
    count: summary.count,
    mean: summary.mean + 0,
    min: summary.min + 0,
    q1: summary.q1 + 0,
    median: summary.median + 0,
    q3: summary.q3 + 0,
    max: summary.max + 0,
    lowerWhisker: summary.lowerWhisker + 0,
    upperWhisker: summary.upperWhisker + 0,
    outliers: summary.outliers,
  }
}

/**
 * The same figures as `boxSummaryOfSorted`, of finite values in any order, without sorting them:
 * the order statistics the quartiles need are found by selection (Floyd–Rivest), the rest in one
 * pass, so 100,000 values cost a few passes rather than a sort. Reorders `values` in place.
 */
export function boxSummaryOf(values: Float64Array): BoxSummary | null {
  const n = values.length
  if (n === 0) return null
  // The order statistics around each quartile's position, smallest first: each selection then
  // searches only what lies above the previous one.
  let from = 0
  const orderStatistic = (k: number): number => {
    if (k > from) select(values, k, from, n - 1)
    else {
      if (k === 0 && from === 0) select(values, 0, 0, n - 1)
    }
    from = k
    return values[k]
  }
  const quartile = (p: number): number => {
    const h = (n - 1) * p
    const low = Math.floor(h)
    const high = Math.ceil(h)
    const below = orderStatistic(low)
    return below + (h - low) * (orderStatistic(high) - below)
  }
  const q1 = quartile(0.25)
  const median = quartile(0.5)
  const q3 = quartile(0.75)
  const reach = WHISKER_IQR_FACTOR * (q3 - q1)
  const lowFence = q1 - reach
  const highFence = q3 + reach
  let min = Infinity
  let max = -Infinity
  let lower = Infinity
  let upper = -Infinity
  let outliers = 0
  for (let i = 0; i < n; i++) {
    const v = values[i]
    if (v < min) min = v
    if (v > max) max = v
    if (v < lowFence || v > highFence) outliers++
    else {
      if (v < lower) lower = v
      if (v > upper) upper = v
    }
  }
  return plainZeros({
    count: n,
    mean: exactSum(values) / n,
    min,
    q1,
    median,
    q3,
    max,
    lowerWhisker: Math.min(lower, q1),
    upperWhisker: Math.max(upper, q3),
    outliers,
  })
}

/**
 * Rearranges `a[left..right]` so that `a[k]` holds the value a sort would put there, smaller or
 * equal values before it and greater or equal after (Floyd–Rivest selection).
 */
function select(a: Float64Array, k: number, left: number, right: number): void {
  while (right > left) {
    if (right - left > 600) {
      // Narrow to a sample's likely range around k first.
      const n = right - left + 1
      const m = k - left + 1
      const z = Math.log(n)
      const s = 0.5 * Math.exp((2 * z) / 3)
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1)
      select(
        a,
        k,
        Math.max(left, Math.floor(k - (m * s) / n + sd)),
        Math.min(right, Math.floor(k + ((n - m) * s) / n + sd)),
      )
    }
    const t = a[k]
    let i = left
    let j = right
    swap(a, left, k)
    if (a[right] > t) swap(a, left, right)
    while (i < j) {
      swap(a, i, j)
      i++
      j--
      while (a[i] < t) i++
      while (a[j] > t) j--
    }
    if (a[left] === t) swap(a, left, j)
    else {
      j++
      swap(a, j, right)
    }
    if (j <= k) left = j + 1
    if (k <= j) right = j - 1
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]
  a[i] = a[j]
  a[j] = t
}

/**
 * The sum of the values correctly rounded, whatever their order (Shewchuk's exact partial sums, as
 * Python's math.fsum): a group's mean is the same however its values were gathered.
 */
export function exactSum(values: ArrayLike<number>): number {
  // Non-overlapping partial sums, smallest first; doubles need at most about 40 of them.
  let partials = new Float64Array(32)
  let count = 0
  for (let v = 0; v < values.length; v++) {
    let x = values[v]
    let used = 0
    for (let j = 0; j < count; j++) {
      const y = partials[j]
      const big = Math.abs(x) < Math.abs(y) ? y : x
      const small = big === x ? y : x
      const high = big + small
      const low = small - (high - big)
      if (low !== 0) partials[used++] = low
      x = high
    }
    if (used === partials.length) {
      const grown = new Float64Array(partials.length * 2)
      grown.set(partials)
      partials = grown
    }
    partials[used] = x
    count = used + 1
  }
  let high = 0
  let low = 0
  let i = count
  if (i > 0) {
    high = partials[--i]
    while (i > 0) {
      const x = high
      const y = partials[--i]
      high = x + y
      low = y - (high - x)
      if (low !== 0) break
    }
    // Round half to even across the remaining partials (as fsum does).
    if (i > 0 && ((low < 0 && partials[i - 1] < 0) || (low > 0 && partials[i - 1] > 0))) {
      const y = low * 2
      const x = high + y
      if (y === x - high) high = x
    }
  }
  return high
}

/** Box-plot figures of the finite values (others are ignored); null when there are none. */
export function boxPlot(values: readonly (number | null | undefined)[]): BoxPlotStats | null {
  const sorted = finiteSorted(values)
  const summary = boxSummaryOfSorted(sorted)
  if (!summary) return null
  const reach = WHISKER_IQR_FACTOR * (summary.q3 - summary.q1)
  return {
    ...summary,
    outliers: sorted.filter((v) => v < summary.q1 - reach || v > summary.q3 + reach),
  }
}

/**
 * Skewness as the Fisher–Pearson moment coefficient g1 = m3 ÷ m2^1.5 (population moments) of the finite
 * values; 0 when all values are equal, null with fewer than 3 values.
 */
export function skewness(values: readonly (number | null | undefined)[]): number | null {
  // Moments need no order: no sort.
  const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  const n = finite.length
  if (n < 3) return null
  const mean = finite.reduce((sum, v) => sum + v, 0) / n
  let m2 = 0
  let m3 = 0
  for (const v of finite) {
    const d = v - mean
    m2 += d * d
    m3 += d * d * d
  }
  m2 /= n
  m3 /= n
  // equal values can leave a spread of float noise around the computed mean: that is no shape
  if (m2 === 0 || Math.sqrt(m2) <= 1e-12 * Math.abs(mean)) return 0
  return m3 / m2 ** 1.5
}

export type SkewDirection = 'left' | 'right' | 'symmetric'

/** Above +0.05 is right (a long tail of high values), below −0.05 left; ±0.05 itself is symmetric. */
export function skewDirection(skew: number): SkewDirection {
  if (skew > SKEW_THRESHOLD) return 'right'
  if (skew < -SKEW_THRESHOLD) return 'left'
  return 'symmetric'
}

/**
 * The distribution plot's narrative (the spec leaves the wording to us). `subject` names what is
 * plotted, in the plural ("salary increases").
 */
export function skewNarrative(skew: number | null, subject = 'values'): string {
  if (skew === null) return `There are too few ${subject} to describe their distribution.`
  const value = skew.toFixed(2)
  switch (skewDirection(skew)) {
    case 'right':
      return `The distribution of ${subject} is skewed right (skew ${value}): most ${subject} sit below the average, and a few high ones pull it up.`
    case 'left':
      return `The distribution of ${subject} is skewed left (skew ${value}): most ${subject} sit above the average, and a few low ones pull it down.`
    case 'symmetric':
      return `The distribution of ${subject} is roughly symmetric (skew ${value}): they spread evenly around the average.`
  }
}

/** A planned employee's actual increase percent and their recommended_increase_per, both percent numbers. */
export interface IncreaseComparison {
  actualIncreasePercent: number | null | undefined
  recommendedIncreasePer: number | null | undefined
}

export interface RankedDifference<T> {
  item: T
  /** actual − recommended, in percent points. */
  difference: number
}

/**
 * Spec §9 top over/under lists, ranked by actual increase percent − recommended_increase_per: `over`
 * holds the largest positive differences first, `under` the most negative first. Items missing either
 * percent, or with no difference, are left out; ties keep the input order.
 */
export function topOverUnder<T extends IncreaseComparison>(
  items: readonly T[],
  size = TOP_OVER_UNDER_SIZE,
): { over: RankedDifference<T>[]; under: RankedDifference<T>[] } {
  const ranked: RankedDifference<T>[] = []
  for (const item of items) {
    const { actualIncreasePercent: actual, recommendedIncreasePer: recommended } = item
    if (actual == null || recommended == null || !Number.isFinite(actual) || !Number.isFinite(recommended))
      continue
    const difference = actual - recommended
    if (difference !== 0) ranked.push({ item, difference })
  }
  const count = Math.max(0, Math.floor(size))
  const over = ranked.filter((r) => r.difference > 0)
  const under = ranked.filter((r) => r.difference < 0)
  return {
    over: over.sort((a, b) => b.difference - a.difference).slice(0, count),
    under: under.sort((a, b) => a.difference - b.difference).slice(0, count),
  }
}

/**
 * At most `max` of `count` positions, evenly spread from the first (every position when `count` is
 * not above `max`): the dashboards' scatter draws these of its points.
 */
export function evenSample(count: number, max: number): number[] {
  const n = Math.min(count, max)
  return Array.from({ length: n }, (_, i) => Math.floor((i * count) / n))
}
