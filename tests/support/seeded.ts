/** mulberry32: a small seeded generator, so a failing case is replayed from its printed seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [0, n). */
export function below(random: () => number, n: number): number {
  return Math.floor(random() * n)
}

/** A seed from the environment variable (a replay), else a new one; printed either way. */
export function seedFrom(variable: string): number {
  const given = Number(process.env[variable])
  const seed = Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1
  console.log(`${variable}=${seed}`)
  return seed
}
