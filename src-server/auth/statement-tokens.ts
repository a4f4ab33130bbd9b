import { jwtVerify, SignJWT } from 'jose'
import { keyOf } from './tokens'

/**
 * What verify_link gives for a statement's magic link: a token that reads that one statement and
 * nothing else (no user, no role). Each use checks the link again, so a revoke takes effect at once.
 */
export interface StatementClaims {
  companyId: number
  statementId: number
  employeeId: number
}

export const STATEMENT_TOKEN_SECONDS = 15 * 60

export async function signStatementToken(
  claims: StatementClaims,
  secret: Uint8Array,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ cid: claims.companyId, eid: claims.employeeId, pur: 'statement' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(`statement:${claims.statementId}`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + STATEMENT_TOKEN_SECONDS)
    .setIssuer('meritbook')
    .sign(await keyOf(secret))
}

/** The claims of a valid, unexpired statement token; null for anything else (a user's token included). */
export async function verifyStatementToken(
  token: string,
  secret: Uint8Array,
  now = new Date(),
): Promise<StatementClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      issuer: 'meritbook',
      algorithms: ['HS256'],
      currentDate: now,
    })
    const match = /^statement:(\d+)$/.exec(payload.sub ?? '')
    if (
      payload.pur !== 'statement' ||
      !match ||
      typeof payload.cid !== 'number' ||
      typeof payload.eid !== 'number'
    )
      return null
    return { companyId: payload.cid, statementId: Number(match[1]), employeeId: payload.eid }
  } catch {
    return null
  }
}
