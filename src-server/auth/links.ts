import type { ServerDb } from '../db/connect'
import { randomToken, tokenHash } from './tokens'

export type LinkPurpose = 'invite' | 'recover'

/** Invitations last a week, recovery links an hour; each works once. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { invite: 7 * 86_400_000, recover: 3_600_000 }

export async function createLink(
  db: ServerDb,
  userId: number,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomToken()
  await db
    .insertInto('one_time_link')
    .values({
      user_id: userId,
      purpose,
      token_hash: tokenHash(token),
      expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
    })
    .execute()
  return token
}

/** Uses a link: its user and purpose, or null when it is unknown, used or expired. */
export async function consumeLink(
  db: ServerDb,
  token: string,
  now = new Date(),
): Promise<{ userId: number; purpose: LinkPurpose } | null> {
  const row = await db
    .updateTable('one_time_link')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst()
  return row ? { userId: row.user_id, purpose: row.purpose } : null
}
