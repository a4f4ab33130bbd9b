import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../src-shared/contract/sync-dto'
import { text } from '../../src-shared/contract/text'
import { HttpError } from '../http/errors'
import type { Caller } from '../http/context'

/** An idempotency key with the request it came with: route, user and a SHA-256 of the body. */
export interface PushKey {
  key: string
  scope: string
}

export const KEY_REUSED =
  'This idempotency key was used for another request (another route, user or body); send a new key.'

const keyText = text().min(8).max(200)
const headerKey = keyText.nullable()

/** A key with its scope: the route (method and path), the user and a SHA-256 of the body's JSON. */
export function scopedKey(
  key: string,
  caller: Pick<Caller, 'userId'>,
  route: string,
  body: unknown,
): PushKey {
  const hash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')
  return { key, scope: `${route} user ${caller.userId} body ${hash}` }
}

/**
 * The route of a request as a replay must repeat it: method and path, ids included (no query); with
 * `pattern`, the route's pattern instead, for pushes whose id is looked up anew at each try.
 */
export function routeOf(request: FastifyRequest, pattern = false): string {
  return `${request.method} ${pattern ? request.routeOptions.url : request.url.split('?')[0]}`
}

/** The request's `Idempotency-Key` header scoped to its route, user and body; null without one. */
export function pushKeyOf(
  request: FastifyRequest,
  caller: Pick<Caller, 'userId'>,
  pattern = false,
): PushKey | null {
  const key = headerKey.parse(request.headers[IDEMPOTENCY_HEADER] ?? null)
  return key === null ? null : scopedKey(key, caller, routeOf(request, pattern), request.body)
}

/** A body's key (one push of a batch). */
export const itemKeySchema = keyText

/**
 * Refuses a stored key whose request was another: keys stored before scopes (null) match as before.
 */
export function requireSameRequest(stored: string | null, key: PushKey): void {
  if (stored !== null && stored !== key.scope) throw new HttpError(409, KEY_REUSED)
}
