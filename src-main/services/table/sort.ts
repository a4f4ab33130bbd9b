/**
 * Sorting 100,000 rows without a comparator callback per comparison (the slow part of sorting in
 * JavaScript): numeric keys go through an LSD radix sort on their IEEE-754 bits, text is ranked once
 * per column. Radix sort is stable, so equal keys keep the given order (ascending row index, that is
 * employee id) in both directions.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
const LOW = LITTLE_ENDIAN ? 0 : 1
const HIGH = LITTLE_ENDIAN ? 1 : 0

/** Below this many rows a comparator sort is quicker than four radix passes over 65,536 buckets. */
const SMALL = 2048

/** `indexes` ordered by `keys` (aligned with them; no NaN); −0 and 0 are equal keys, kept in the given order. */
export function orderByNumber(
  indexes: readonly number[],
  keys: Float64Array,
  direction: 'asc' | 'desc',
): number[] {
  const n = indexes.length
  if (n < SMALL) {
    const dir = direction === 'asc' ? 1 : -1
    const positions = Array.from(indexes, (_, i) => i)
    positions.sort((a, b) => (keys[a] - keys[b]) * dir || a - b)
    return positions.map((i) => indexes[i])
  }
  const words = new Uint32Array(keys.buffer, keys.byteOffset, n * 2)
  const lo = new Uint32Array(n)
  const hi = new Uint32Array(n)
  const flip = direction === 'desc'
  for (let i = 0; i < n; i++) {
    let l = words[2 * i + LOW]
    let h = words[2 * i + HIGH]
    // −0 is 0: the same key as the comparator path sees it (its subtraction makes them equal).
    if (h === 0x80000000 && l === 0) h = 0
    // Sortable bits: negative numbers flip entirely, positive ones flip the sign bit.
    if (h >>> 31) {
      h = ~h >>> 0
      l = ~l >>> 0
    } else h = (h | 0x80000000) >>> 0
    if (flip) {
      h = ~h >>> 0
      l = ~l >>> 0
    }
    lo[i] = l
    hi[i] = h
  }
  let order = new Int32Array(n)
  for (let i = 0; i < n; i++) order[i] = i
  let next = new Int32Array(n)
  const count = new Int32Array(65537)
  const passes: [Uint32Array, number][] = [
    [lo, 0],
    [lo, 16],
    [hi, 0],
    [hi, 16],
  ]
  for (const [source, shift] of passes) {
    count.fill(0)
    for (let i = 0; i < n; i++) count[((source[i] >>> shift) & 0xffff) + 1]++
    if (count[((source[0] >>> shift) & 0xffff) + 1] === n) continue // one digit: nothing to do
    for (let d = 0; d < 65536; d++) count[d + 1] += count[d]
    for (let i = 0; i < n; i++) {
      const at = order[i]
      next[count[(source[at] >>> shift) & 0xffff]++] = at
    }
    ;[order, next] = [next, order]
  }
  const out = new Array<number>(n)
  for (let i = 0; i < n; i++) out[i] = indexes[order[i]]
  return out
}

/**
 * Each value's rank among the distinct keys (code-unit order, as `<` compares); NaN for null. `key`
 * runs once per distinct value.
 */
export function rankTexts(
  values: readonly (string | null)[],
  key: (value: string) => string = (value) => value,
): Float64Array {
  const keyOf = new Map<string, string>()
  for (const value of values) if (value !== null && !keyOf.has(value)) keyOf.set(value, key(value))
  const keys = [...new Set(keyOf.values())].sort()
  const rankOfKey = new Map<string, number>()
  keys.forEach((k, rank) => rankOfKey.set(k, rank))
  const rankOf = new Map<string, number>()
  for (const [value, k] of keyOf) rankOf.set(value, rankOfKey.get(k) as number)
  return Float64Array.from(values, (v) => (v === null ? Number.NaN : (rankOf.get(v) as number)))
}
