import { randomToken, tokenHash } from '../auth/tokens'
import type { ServerDb } from '../db/connect'

/**
 * A statement's magic link: 256 random bits (base64url), stored only as its SHA-256; it lasts
 * STATEMENT_LINK_DAYS and works any number of times until then, unless revoked. The token travels
 * in the address's fragment (`/statement#…`), which browsers never send to a server or a proxy.
 */
export const STATEMENT_LINK_DAYS = 30

export function newStatementLink(now: Date): { token: string; hash: string; expiresAt: Date } {
  const token = randomToken()
  return {
    token,
    hash: tokenHash(token),
    expiresAt: new Date(now.getTime() + STATEMENT_LINK_DAYS * 86_400_000),
  }
}

export const statementLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/statement#${token}`

export const LINK_REVOKED = 'This statement link was revoked. Ask your HR team for a new one.'
export const LINK_EXPIRED = 'This statement link has expired. Ask your HR team for a new one.'

export type LinkState =
  { ok: true; companyId: number; statementId: number; employeeId: number } | { ok: false; reason: string }

/** The statement a link opens, checked now: unknown, revoked and expired links open nothing. */
export async function statementOfLink(db: ServerDb, token: string, now: Date): Promise<LinkState | null> {
  const row = await db
    .selectFrom('reward_statement')
    .select(['company_id', 'id', 'employee_id', 'link_expires_at', 'link_revoked_at'])
    .where('link_hash', '=', tokenHash(token))
    .executeTakeFirst()
  if (!row) return null
  return linkState(row, now)
}

export function linkState(
  row: {
    company_id: number
    id: number
    employee_id: number
    link_expires_at: Date | null
    link_revoked_at: Date | null
  },
  now: Date,
): LinkState {
  if (row.link_revoked_at) return { ok: false, reason: LINK_REVOKED }
  if (!row.link_expires_at || row.link_expires_at.getTime() <= now.getTime())
    return { ok: false, reason: LINK_EXPIRED }
  return { ok: true, companyId: row.company_id, statementId: row.id, employeeId: row.employee_id }
}
