import fs from 'node:fs'

/** A setting read at start, or the one line that says why the server does not start. */
export type Setting<T> = { ok: true; value: T } | { ok: false; message: string }

export const MIN_JWT_SECRET_BYTES = 32
const MAKE_ONE = 'make one with `openssl rand -base64 32`'

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/
const URL_SAFE = /^[A-Za-z0-9_-]*={0,2}$/

/**
 * MERITBOOK_JWT_SECRET as its bytes: base64 (standard or URL-safe, one alphabet, padding optional but
 * right) of at least 32 bytes. Checked strictly because Buffer.from skips characters it does not know:
 * '!!!!!!!!' became an empty key and 'hunter2' five bytes.
 */
export function jwtSecretOf(text: string): Setting<Uint8Array> {
  const secret = text.trim()
  const bare = secret.replace(/=+$/, '')
  const encoding = STANDARD.test(secret) ? 'base64' : URL_SAFE.test(secret) ? 'base64url' : null
  const paddingRight = bare.length % 4 !== 1 && (bare.length === secret.length || secret.length % 4 === 0)
  const bytes = encoding && paddingRight ? Buffer.from(bare, encoding) : null
  // The round trip refuses what decodes but is not what an encoder writes (stray bits in the last character).
  if (!encoding || !bytes || bytes.toString(encoding).replace(/=+$/, '') !== bare)
    return { ok: false, message: `MERITBOOK_JWT_SECRET is not base64: ${MAKE_ONE}.` }
  if (bytes.length < MIN_JWT_SECRET_BYTES)
    return {
      ok: false,
      message: `MERITBOOK_JWT_SECRET decodes to ${bytes.length} bytes, fewer than ${MIN_JWT_SECRET_BYTES}: ${MAKE_ONE}.`,
    }
  return { ok: true, value: new Uint8Array(bytes) }
}

/**
 * The database URL: `--database-url` or `--database-url-file` (a flag wins over the environment), else
 * MERITBOOK_DATABASE_URL or MERITBOOK_DATABASE_URL_FILE. A file's trimmed contents keep the password out
 * of `ps` and of the process's command line.
 */
export function databaseUrlOf(
  flags: { url?: string; file?: string },
  env: { MERITBOOK_DATABASE_URL?: string; MERITBOOK_DATABASE_URL_FILE?: string },
  readFile: (path: string) => string = (path) => fs.readFileSync(path, 'utf8'),
): Setting<string> {
  const fromFile = (path: string): Setting<string> => {
    let contents: string
    try {
      contents = readFile(path).trim()
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return { ok: false, message: `The database URL file cannot be read: ${reason}` }
    }
    return contents
      ? { ok: true, value: contents }
      : { ok: false, message: `The database URL file ${path} is empty.` }
  }
  if (flags.url !== undefined && flags.file !== undefined)
    return { ok: false, message: 'Give --database-url or --database-url-file, not both.' }
  if (flags.url) return { ok: true, value: flags.url }
  if (flags.file !== undefined) return fromFile(flags.file)
  if (env.MERITBOOK_DATABASE_URL && env.MERITBOOK_DATABASE_URL_FILE)
    return { ok: false, message: 'Set MERITBOOK_DATABASE_URL or MERITBOOK_DATABASE_URL_FILE, not both.' }
  if (env.MERITBOOK_DATABASE_URL_FILE) return fromFile(env.MERITBOOK_DATABASE_URL_FILE)
  if (env.MERITBOOK_DATABASE_URL) return { ok: true, value: env.MERITBOOK_DATABASE_URL }
  return {
    ok: false,
    message:
      'A database is required: --database-url, --database-url-file, MERITBOOK_DATABASE_URL or MERITBOOK_DATABASE_URL_FILE.',
  }
}
