import crypto from 'node:crypto'
import type { ServerDb } from '../db/connect'
import { randomToken, tokenHash } from './tokens'

export const REFRESH_TOKEN_DAYS = 30

/**
 * Issues a refresh token in a new family (a sign-in), or null when the user's token version is no
 * longer `tokenVersion` (a password was set while the sign-in checked the old one).
 */
export async function issueRefreshToken(
  db: ServerDb,
  userId: number,
  tokenVersion: number,
  now = new Date(),
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // Shared lock: a password change (which locks the row to bump it) waits, then revokes this token too.
    const user = await trx
      .selectFrom('app_user')
      .select('token_version')
      .where('id', '=', userId)
      .forShare()
      .executeTakeFirst()
    if (user?.token_version !== tokenVersion) return null
    const token = randomToken()
    await trx
      .insertInto('refresh_token')
      .values({
        user_id: userId,
        family: crypto.randomUUID(),
        token_hash: tokenHash(token),
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
      })
      .execute()
    return token
  })
}

export type Rotation =
  | { ok: true; userId: number; token: string; tokenVersion: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Trades a refresh token for a new one of the same family, with the user's token version for the
 * access token that goes with it. A token already rotated is a replay (the token was stolen, or a
 * race): the whole family is revoked, signing that session out.
 */
export async function rotateRefreshToken(db: ServerDb, token: string, now = new Date()): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('refresh_token')
      .select('user_id')
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst()
    if (!owner) return { ok: false, reason: 'unknown' }
    // The user's row before the token, in the order a password change locks them: a change either
    // committed before (this token is revoked) or waits and then revokes the token made here.
    const user = await trx
      .selectFrom('app_user')
      .select('token_version')
      .where('id', '=', owner.user_id)
      .forShare()
      .executeTakeFirst()
    const row = await trx
      .selectFrom('refresh_token')
      .selectAll()
      .where('token_hash', '=', tokenHash(token))
      .forUpdate()
      .executeTakeFirst()
    if (!row || !user) return { ok: false, reason: 'unknown' }
    if (row.revoked_at) return { ok: false, reason: 'revoked' }
    if (row.rotated_at) {
      await trx
        .updateTable('refresh_token')
        .set({ revoked_at: now })
        .where('family', '=', row.family)
        .where('revoked_at', 'is', null)
        .execute()
      return { ok: false, reason: 'reused' }
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
    await trx.updateTable('refresh_token').set({ rotated_at: now }).where('id', '=', row.id).execute()
    const next = randomToken()
    await trx
      .insertInto('refresh_token')
      .values({
        user_id: row.user_id,
        family: row.family,
        token_hash: tokenHash(next),
        expires_at: row.expires_at,
      })
      .execute()
    return { ok: true, userId: row.user_id, token: next, tokenVersion: user.token_version }
  })
}

/** A password was set: every refresh family of the user stops working. */
export async function revokeUserRefreshTokens(db: ServerDb, userId: number, now = new Date()): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Sign-out: the token's whole family stops working. */
export async function revokeRefreshFamily(db: ServerDb, token: string, now = new Date()): Promise<void> {
  const row = await db
    .selectFrom('refresh_token')
    .select('family')
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst()
  if (row)
    await db
      .updateTable('refresh_token')
      .set({ revoked_at: now })
      .where('family', '=', row.family)
      .where('revoked_at', 'is', null)
      .execute()
}
