/**
 * A small seeded PRNG (mulberry32) and helpers. Only integer and + - * / arithmetic is used, so the
 * same seed gives the same numbers on every platform. Never Math.random.
 */

function hashString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function mixSeed(seed: number, label: string): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ hashString(label)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

export class Random {
  private state: number

  constructor(
    private readonly seed: number,
    label = 'root',
  ) {
    this.state = mixSeed(seed, label)
  }

  /** An independent stream for one concern, so changing one part of the generator leaves the others alone. */
  fork(label: string): Random {
    return new Random(this.seed, label)
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** Roughly normal (Irwin–Hall of four uniforms), mean 0 and standard deviation ≈ 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508075688772
  }

  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const swap = items[i]
      items[i] = items[j]
      items[j] = swap
    }
    return items
  }
}

/** Weighted choice with precomputed cumulative weights; build once, pick many times. */
export class WeightedPicker<T> {
  private readonly cumulative: number[] = []
  private readonly total: number

  constructor(private readonly entries: readonly (readonly [T, number])[]) {
    let sum = 0
    for (const [, weight] of entries) {
      sum += weight
      this.cumulative.push(sum)
    }
    this.total = sum
  }

  pick(random: Random): T {
    const target = random.next() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.cumulative[mid] > target) hi = mid
      else lo = mid + 1
    }
    return this.entries[lo][0]
  }
}
