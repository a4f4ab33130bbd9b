import crypto from 'node:crypto'
import argon2 from 'argon2'

/** argon2id with the library's defaults (64 MiB, 3 passes), as OWASP's password storage guide advises. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id })
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | null = null

/**
 * The hash a sign-in verifies against: the user's, or for an unknown user or one without a password
 * a hash of a random password made once with the same parameters, so that every sign-in costs one
 * argon2 verify and its time does not tell who has an account.
 */
export function hashToVerify(stored: string | null): Promise<string> {
  if (stored) return Promise.resolve(stored)
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString('base64url')).catch((error: unknown) => {
    dummyHash = null
    throw error
  })
  return dummyHash
}

export const MIN_PASSWORD_LENGTH = 12
export const PASSWORD_TOO_SHORT = `Passwords have at least ${MIN_PASSWORD_LENGTH} characters.`
