import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'

/**
 * The rate limiter's counts on the server's own clock (`ServerContext.now`), so a test moves time
 * instead of waiting an hour, and the limits count the same time the tokens and links do. The same
 * contract as `@fastify/rate-limit`'s LocalStore (fixed windows, the least recently used count
 * forgotten past `cache`), without its backoff options, which this server does not use.
 */

interface Count {
  current: number
  ttl: number
  iterationStartMs: number
}

type Answer = (error: Error | null, count: { current: number; ttl: number }) => void

const DEFAULT_CACHE = 5000

/** A window that has run out, or one started after `at` (a clock set back: a test's, an operator's). */
const expired = (count: Count, timeWindow: number, at: number) =>
  count.iterationStartMs + timeWindow <= at || count.iterationStartMs > at

/** The plugin's or a limiter's options, as the plugin hands them to a store: only `cache` is read. */
const cacheOf = (options: object): number => {
  const cache = (options as { cache?: unknown }).cache
  return typeof cache === 'number' && cache > 0 ? cache : DEFAULT_CACHE
}

/** A store class (the plugin constructs it) whose counts read time from `now`. */
export function clockStore(now: () => Date): FastifyRateLimitStoreCtor {
  return class ClockStore implements FastifyRateLimitStore {
    private readonly counts = new Map<string, Count>()
    private readonly cache: number

    constructor(options: object) {
      this.cache = cacheOf(options)
    }

    incr(key: string, answer: Answer, timeWindow: number): void {
      const at = now().getTime()
      let count = this.counts.get(key)
      if (!count || expired(count, timeWindow, at))
        count = { current: 1, ttl: timeWindow, iterationStartMs: at }
      else {
        count.current++
        count.ttl = timeWindow - (at - count.iterationStartMs)
      }
      // Most recently used last: the first key is the one to forget.
      this.counts.delete(key)
      this.counts.set(key, count)
      if (this.counts.size > this.cache) this.counts.delete(this.counts.keys().next().value as string)
      answer(null, { current: count.current, ttl: count.ttl })
    }

    read(key: string, answer: Answer, timeWindow: number): void {
      const at = now().getTime()
      const count = this.counts.get(key)
      if (!count || expired(count, timeWindow, at)) answer(null, { current: 0, ttl: 0 })
      else answer(null, { current: count.current, ttl: timeWindow - (at - count.iterationStartMs) })
    }

    child(options: object): FastifyRateLimitStore {
      return new ClockStore(options)
    }
  }
}
