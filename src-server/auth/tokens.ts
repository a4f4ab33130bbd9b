import crypto from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { RoleName } from '../../src-shared/domain/roles'

/**
 * What an access token says: who, in which company, with which role; `set_password` tokens do only that.
 * `tokenVersion` is the user's token version when it was issued: a password change bumps it, and a token
 * of an older version is refused (http/context.ts), which also makes a set-password token single-use.
 */
export interface AccessClaims {
  userId: number
  companyId: number
  role: RoleName
  purpose: 'access' | 'set_password'
  tokenVersion: number
}

export const ACCESS_TOKEN_SECONDS = 15 * 60
export const SET_PASSWORD_TOKEN_SECONDS = 30 * 60

// The secret imported once per secret (jose would import raw bytes again for every token).
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>()
export function keyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    keys.set(secret, key)
  }
  return key
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  now = new Date(),
): Promise<string> {
  const seconds = claims.purpose === 'access' ? ACCESS_TOKEN_SECONDS : SET_PASSWORD_TOKEN_SECONDS
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    cid: claims.companyId,
    role: claims.role,
    pur: claims.purpose,
    tv: claims.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .setIssuer('meritbook')
    .sign(await keyOf(secret))
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now = new Date(),
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: 'meritbook',
      algorithms: ['HS256'],
      currentDate: now,
    })
    // A statement's token (statement-tokens.ts) is never a user's.
    if (payload.pur === 'statement') return null
    const userId = Number(payload.sub)
    if (
      !Number.isSafeInteger(userId) ||
      typeof payload.cid !== 'number' ||
      typeof payload.role !== 'string' ||
      !Number.isSafeInteger(payload.tv)
    )
      return null
    const purpose = payload.pur === 'set_password' ? 'set_password' : 'access'
    return {
      userId,
      companyId: payload.cid,
      role: payload.role as RoleName,
      purpose,
      tokenVersion: payload.tv as number,
    }
  } catch {
    return null
  }
}

/** A random, URL-safe secret (refresh tokens, one-time links). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** Tokens are stored only as their SHA-256: a stolen database holds no usable token. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** Compares a secret a client sent with the server's in constant time. */
export function sameSecret(sent: string, secret: string): boolean {
  const a = crypto.createHash('sha256').update(sent).digest()
  const b = crypto.createHash('sha256').update(secret).digest()
  return crypto.timingSafeEqual(a, b)
}
