import { skewDirection, type BoxSummary } from './statistics'

/**
 * The distribution plot of salary increases (spec §1 "distribution plot with a written narrative"):
 * counts in bins of a round width, and the narrative an HR reader gets beside it.
 */

export interface HistogramBin {
  /** Inclusive. */
  start: number
  /** Exclusive, except for the last bin, which holds its end. */
  end: number
  count: number
}

export interface Histogram {
  width: number
  bins: HistogramBin[]
  /** Values below the first bin / above the last (far from the rest: beyond 3 × IQR of the quartiles). */
  below: number
  above: number
}

/** Round bin widths, in the unit of the values (percent points for increases). */
const NICE_WIDTHS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 250, 500, 1000]
/** Far from the rest: beyond this many IQRs of the quartiles, a value is counted aside, not binned. */
const FAR_IQR_FACTOR = 3
export const MAX_BINS = 40

/**
 * Counts ascending finite values in bins of the smallest round width giving at most `maxBins` bins
 * over the values that are not far from the rest (a single 60 % promotion raise would otherwise
 * squeeze every ordinary raise into one bar); far values are counted as `below` and `above`.
 */
export function histogramOfSorted(sorted: ArrayLike<number>, maxBins = MAX_BINS): Histogram {
  const n = sorted.length
  if (n === 0) return { width: 1, bins: [], below: 0, above: 0 }
  const q1 = quantileOf(sorted, 0.25)
  const q3 = quantileOf(sorted, 0.75)
  const iqr = q3 - q1
  const low = Math.max(sorted[0], q1 - FAR_IQR_FACTOR * iqr)
  const high = Math.min(sorted[n - 1], q3 + FAR_IQR_FACTOR * iqr)
  const width =
    NICE_WIDTHS.find((w) => binCount(low, high, w) <= maxBins) ??
    10 ** Math.ceil(Math.log10((high - low) / maxBins))
  const start = Math.floor(round(low / width)) * width
  const count = binCount(low, high, width)
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({
    start: round(start + i * width),
    end: round(start + (i + 1) * width),
    count: 0,
  }))
  let below = 0
  let above = 0
  for (let i = 0; i < n; i++) {
    const v = sorted[i]
    if (v < low) below++
    else if (v > high) above++
    else {
      bins[Math.min(count - 1, Math.floor(round((v - start) / width)))].count++
    }
  }
  return { width, bins, below, above }
}

function quantileOf(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  return sorted[lo] + (h - lo) * (sorted[Math.ceil(h)] - sorted[lo])
}

/** Rounds away float noise (0.1 + 0.2) so a value on a bin edge lands in the bin it starts. */
function round(value: number): number {
  return Math.round(value * 1e9) / 1e9
}

function binCount(low: number, high: number, width: number): number {
  const start = Math.floor(round(low / width)) * width
  return Math.floor(round((high - start) / width)) + 1
}

export interface IncreaseFacts {
  /** Box figures of the planned increases (percent); null when none is planned. */
  summary: BoxSummary | null
  /** statistics.ts `skewness` of the same values. */
  skew: number | null
  /** Planned increases below zero (pay cuts). */
  negative: number
  /** Employees in view with no planned salary. */
  unplanned: number
}

const count = (n: number) => n.toLocaleString('en-US')
const percent = (value: number) => `${value.toFixed(2)}%`
const employees = (n: number) => `${count(n)} employee${n === 1 ? '' : 's'}`

/**
 * The distribution's narrative, computed from the data and worded for an HR reader: how many
 * increases are planned, the typical one and the middle half, which way they lean (spec §9: skew
 * beyond ±0.05 leans; within it is even) and what to look at, pay cuts, and who is not counted yet.
 */
export function increaseNarrative(facts: IncreaseFacts): string[] {
  const { summary, skew, negative, unplanned } = facts
  const lines: string[] = []
  if (!summary) {
    lines.push('No salary increases are planned yet for these employees.')
  } else {
    lines.push(
      `${employees(summary.count)} ${summary.count === 1 ? 'has' : 'have'} a planned salary increase: ` +
        `the typical (median) increase is ${percent(summary.median)} and the average ${percent(summary.mean)}.`,
    )
    if (summary.count >= 2) {
      lines.push(`Half of the increases fall between ${percent(summary.q1)} and ${percent(summary.q3)}.`)
    }
    if (skew === null) {
      lines.push('Too few increases are planned to say which way they lean.')
    } else {
      const value = `skew ${skew.toFixed(2)}`
      switch (skewDirection(skew)) {
        case 'right':
          lines.push(
            `Increases lean low, with a tail of larger ones (${value}): most employees get less than the ` +
              'average, which a few large increases pull up. Check that the largest increases are intended.',
          )
          break
        case 'left':
          lines.push(
            `Increases lean high, with a tail of smaller ones (${value}): most employees get more than the ` +
              'average, which a few small increases pull down. Check that the smallest increases are intended.',
          )
          break
        case 'symmetric':
          lines.push(`Increases are spread evenly around the average (${value}).`)
      }
    }
  }
  if (negative > 0) {
    lines.push(
      `${count(negative)} planned ${negative === 1 ? 'increase is' : 'increases are'} negative: a pay cut.`,
    )
  }
  if (unplanned > 0 && summary) {
    lines.push(
      `${employees(unplanned)} in view ${unplanned === 1 ? 'has' : 'have'} no planned salary yet and ${unplanned === 1 ? 'is' : 'are'} not counted.`,
    )
  }
  return lines
}
