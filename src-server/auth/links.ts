import type { ServerDb } from '../db/connect'
import { randomToken, tokenHash } from './tokens'

export type LinkPurpose = 'invite' | 'recover'

/** Invitations last a week, recovery links an hour; each works once. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { invite: 7 * 86_400_000, recover: 3_600_000 }

/** Issues a link; the user's older outstanding links of the same purpose stop working (only the newest mail does). */
export async function createLink(
  db: ServerDb,
  userId: number,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomToken()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('one_time_link')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute()
    await trx
      .insertInto('one_time_link')
      .values({
        user_id: userId,
        purpose,
        token_hash: tokenHash(token),
        expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
      })
      .execute()
  })
  return token
}

/**
 * Uses a link: its user, purpose and the user's token version as the link was used (so that a
 * password set meanwhile voids the set-password token made from it), or null when it is unknown,
 * used or expired.
 */
export async function consumeLink(
  db: ServerDb,
  token: string,
  now = new Date(),
): Promise<{ userId: number; purpose: LinkPurpose; tokenVersion: number } | null> {
  const row = await db
    .updateTable('one_time_link')
    .set({ used_at: now })
    .from('app_user')
    .whereRef('app_user.id', '=', 'one_time_link.user_id')
    .where('one_time_link.token_hash', '=', tokenHash(token))
    .where('one_time_link.used_at', 'is', null)
    .where('one_time_link.expires_at', '>', now)
    .returning(['one_time_link.user_id', 'one_time_link.purpose', 'app_user.token_version'])
    .executeTakeFirst()
  return row ? { userId: row.user_id, purpose: row.purpose, tokenVersion: row.token_version } : null
}

/** Every outstanding link of a user stops working (a password was set). */
export async function voidLinks(db: ServerDb, userId: number, now = new Date()): Promise<void> {
  await db
    .updateTable('one_time_link')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}
