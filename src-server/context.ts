import type { ScopeRowsLimits } from './sync/scope-rows'
import type { ServerDb } from './db/connect'
import type { Mailer } from './mail'
import type { MergeSettings } from './merge/settings'

/** What every route needs: the database, the token secret, the mailer and where links point. */
export interface ServerContext {
  db: ServerDb
  jwtSecret: Uint8Array
  mailer: Mailer
  /** The address people open (links in e-mails): `https://meritbook.example.com`. */
  publicUrl: string
  /** Cookies carry `Secure` (off only for plain-HTTP tests on loopback). */
  secureCookies: boolean
  /** Onboarding (a new company with its owner) needs this key; null: only a SUPER_USER may onboard. */
  onboardingKey: string | null
  now: () => Date
  /** How many people the feed brings in full to a planner's replica (default SCOPE_ROWS_LIMITS; tests make it small). */
  scopeRowsLimits?: ScopeRowsLimits
  /**
   * The reverse proxies whose X-Forwarded-For names the client (addresses or CIDRs, from
   * MERITBOOK_TRUSTED_PROXIES); none by default, so the client's address is the socket's and no header
   * can reset a limit.
   */
  trustedProxies?: readonly string[]
  /** Merge (the HRIS integration): its address, API key and the key that seals account tokens. */
  merge?: MergeSettings
  /** Sign-ins a minute per account and client address (default 10; a test that signs in from many processes raises it). */
  signInsPerMinute?: number
}
