import { z } from 'zod'

/**
 * Text a person or a client may send: any Unicode except NUL and lone surrogates, which PostgreSQL
 * refuses (NUL in `text`, broken UTF-16 in UTF-8) and SQLite stores but no other side can read back.
 * Every string of a schema on either side of the contract is `text()`, so such input is refused with
 * the field's name before it reaches a database.
 */
// eslint-disable-next-line no-control-regex -- NUL is the character refused.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UNSTORABLE_TEXT = 'must not hold a NUL character or broken Unicode (a lone surrogate).'

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value)
}

/** `z.string()` that refuses NUL and lone surrogates; chain `.trim()`, `.min()`, `.max()` as usual. */
export function text(): z.ZodString {
  return z.string().refine(isStorableText, UNSTORABLE_TEXT)
}
