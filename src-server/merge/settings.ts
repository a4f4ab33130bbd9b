import crypto from 'node:crypto'
import { HttpError } from '../http/errors'

/** Merge's production address; MERITBOOK_MERGE_BASE_URL points elsewhere (an EU region, a test stand-in). */
export const MERGE_DEFAULT_BASE_URL = 'https://api.merge.dev'

/** Merge's settings as the server read them at start (main.ts); a missing one is named when a call needs it. */
export interface MergeSettings {
  baseUrl: string
  apiKey: string | null
  /** 32 bytes (MERITBOOK_MERGE_TOKEN_KEY, base64) that seal account tokens; null when unset. */
  tokenKey: Uint8Array | null
}

export const NO_MERGE_API_KEY =
  'The HRIS integration is not set up on this server: set MERITBOOK_MERGE_API_KEY (your Merge API key) and restart it.'
export const NO_MERGE_TOKEN_KEY =
  'The HRIS integration is not set up on this server: set MERITBOOK_MERGE_TOKEN_KEY (32 random bytes, base64: `openssl rand -base64 32`) and restart it.'

/** Merge's settings from the environment; a token key that is not 32 bytes of base64 is the one line that says so. */
export function mergeSettingsOf(env: {
  MERITBOOK_MERGE_BASE_URL?: string
  MERITBOOK_MERGE_API_KEY?: string
  MERITBOOK_MERGE_TOKEN_KEY?: string
}): { ok: true; value: MergeSettings } | { ok: false; message: string } {
  let tokenKey: Uint8Array | null = null
  const keyText = env.MERITBOOK_MERGE_TOKEN_KEY?.trim()
  if (keyText) {
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(keyText) ? Buffer.from(keyText, 'base64') : Buffer.alloc(0)
    if (bytes.length !== 32)
      return {
        ok: false,
        message:
          'MERITBOOK_MERGE_TOKEN_KEY is not 32 bytes of base64: make one with `openssl rand -base64 32`.',
      }
    tokenKey = new Uint8Array(bytes)
  }
  return {
    ok: true,
    value: {
      baseUrl: (env.MERITBOOK_MERGE_BASE_URL?.trim() || MERGE_DEFAULT_BASE_URL).replace(/\/+$/, ''),
      apiKey: env.MERITBOOK_MERGE_API_KEY?.trim() || null,
      tokenKey,
    },
  }
}

/** The settings a call to Merge needs, or a 503 naming the one missing. */
export function mergeReady(settings: MergeSettings | undefined): MergeSettings & { apiKey: string } {
  if (!settings?.apiKey) throw new HttpError(503, NO_MERGE_API_KEY)
  return { ...settings, apiKey: settings.apiKey }
}

function tokenKeyOf(settings: MergeSettings): Uint8Array {
  if (!settings.tokenKey) throw new HttpError(503, NO_MERGE_TOKEN_KEY)
  return settings.tokenKey
}

/**
 * An account token sealed with AES-256-GCM: a fresh 12-byte nonce, the 16-byte tag, then the
 * ciphertext. The company's id is the associated data, so a token moved to another company's row
 * does not open.
 */
export function sealToken(settings: MergeSettings, companyId: number, token: string): Buffer {
  const nonce = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', tokenKeyOf(settings), nonce)
  cipher.setAAD(Buffer.from(`company:${companyId}`))
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed])
}

/** The account token back; a 503 when the key that sealed it is not the server's key now. */
export function openToken(settings: MergeSettings, companyId: number, sealed: Buffer): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', tokenKeyOf(settings), sealed.subarray(0, 12))
  decipher.setAAD(Buffer.from(`company:${companyId}`))
  decipher.setAuthTag(sealed.subarray(12, 28))
  try {
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    throw new HttpError(
      503,
      'This HRIS connection was saved with another MERITBOOK_MERGE_TOKEN_KEY: restore that key, or connect the HRIS again.',
    )
  }
}
