import type {} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { HttpError } from './errors'

/** What a caller over an account's limit is told, with how long to wait ("58 seconds", "1 hour"). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts for this account: try again in'
/** What a client address over its limit across accounts is told. */
export const TOO_MANY_FROM_ADDRESS = 'Too many attempts from your network address: try again in'

export interface Limit {
  max: number
  /** Milliseconds. */
  window: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * Sign-in and recovery limits (docs/decisions.md, "Limits that count the right thing"). An account is
 * counted per client address, so a run of wrong passwords from one place does not lock its owner out
 * elsewhere, under a larger ceiling across addresses; an address is counted across accounts (spraying).
 */
export const SIGN_IN_LIMITS = {
  accountAtAddress: { max: 10, window: MINUTE },
  /** So that one address alone never reaches the account's ceiling. */
  accountAtAddressHourly: { max: 30, window: HOUR },
  account: { max: 100, window: HOUR },
  address: { max: 30, window: MINUTE },
} satisfies Record<string, Limit>

/** Each recovery call mails the account: few per account whatever the address, and per address. */
export const RECOVERY_LIMITS = {
  account: { max: 5, window: HOUR },
  address: { max: 20, window: HOUR },
} satisfies Record<string, Limit>

/** An account as limits count it: the e-mail trimmed and case-folded, as sign-in finds it. */
export function normalisedAccount(value: unknown): string {
  return typeof value === 'string' ? value.normalize('NFKC').trim().toLowerCase() : ''
}

export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

export interface LimitRule {
  /** Names the count, so that two rules never share one. */
  name: string
  limit: Limit
  /** The count's key; '' counts nothing (no account named). */
  key: (request: FastifyRequest) => string
  refusal: string
}

/**
 * A route's limits as one preHandler (after the body is read, so keys can name the account). Rules
 * are counted in order; the first one over its limit answers 429 with Retry-After.
 */
export function limits(app: FastifyInstance, rules: readonly LimitRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.limit.max,
      timeWindow: rule.limit.window,
      keyGenerator: (request) => `${rule.name}|${rule.key(request)}`,
    }),
  }))
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { rule, check } of checks) {
      if (rule.key(request) === '') continue
      const result = await check(request)
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('retry-after', String(result.ttlInSeconds))
        throw new HttpError(429, `${rule.refusal} ${waitText(result.ttl)}.`)
      }
    }
  }
}

/** The client's address: the socket's, or the first untrusted hop when proxies are trusted. */
export const addressOf = (request: FastifyRequest): string => request.ip

/** The account a request's body names in `field`, normalised. */
export const accountIn =
  (field: string) =>
  (request: FastifyRequest): string =>
    normalisedAccount((request.body as Record<string, unknown> | null | undefined)?.[field])

/** Addresses an account signed in from lately (kept for this many accounts and addresses at most). */
const KNOWN_SIGN_INS = 50_000

/**
 * Sign-in: this address across accounts (spraying); the account at this address, a minute and an hour
 * (one address alone stays under the ceiling); the account from anywhere but an address it signed in
 * from before (a run spread over many addresses stops, and its owner at their usual desk is not locked out).
 * `remember` records a successful sign-in.
 */
export function signInLimits(app: FastifyInstance, context: ServerContext) {
  const account = accountIn('username')
  const atAddress = (r: FastifyRequest) => (account(r) ? `${addressOf(r)}|${account(r)}` : '')
  const known = new Set<string>()
  // A test signing in from many processes at once raises every count together.
  const perMinute = context.signInsPerMinute ?? SIGN_IN_LIMITS.accountAtAddress.max
  const scale = perMinute / SIGN_IN_LIMITS.accountAtAddress.max
  const scaled = (limit: Limit) => ({ ...limit, max: Math.max(1, Math.round(limit.max * scale)) })
  const preHandler = limits(app, [
    {
      name: 'sign-in address',
      limit: scaled(SIGN_IN_LIMITS.address),
      key: addressOf,
      refusal: TOO_MANY_FROM_ADDRESS,
    },
    {
      name: 'sign-in account at address',
      limit: scaled(SIGN_IN_LIMITS.accountAtAddress),
      key: atAddress,
      refusal: TOO_MANY_ATTEMPTS,
    },
    {
      name: 'sign-in account at address, hourly',
      limit: scaled(SIGN_IN_LIMITS.accountAtAddressHourly),
      key: atAddress,
      refusal: TOO_MANY_ATTEMPTS,
    },
    {
      name: 'sign-in account',
      limit: scaled(SIGN_IN_LIMITS.account),
      key: (r) => (known.has(atAddress(r)) ? '' : account(r)),
      refusal: TOO_MANY_ATTEMPTS,
    },
  ])
  const remember = (request: FastifyRequest) => {
    if (known.size >= KNOWN_SIGN_INS) known.delete(known.values().next().value as string)
    known.delete(atAddress(request))
    known.add(atAddress(request))
  }
  return { preHandler, remember }
}

/** Recovery mails: per account whatever the address, and per address across accounts. */
export function recoveryLimits(app: FastifyInstance) {
  return limits(app, [
    {
      name: 'recovery address',
      limit: RECOVERY_LIMITS.address,
      key: addressOf,
      refusal: TOO_MANY_FROM_ADDRESS,
    },
    {
      name: 'recovery account',
      limit: RECOVERY_LIMITS.account,
      key: accountIn('email'),
      refusal: TOO_MANY_ATTEMPTS,
    },
  ])
}
