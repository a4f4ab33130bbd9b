import { z } from 'zod'
import { isStorableText, UNSTORABLE_TEXT } from '../domain/free-text'

/**
 * Text a person or a client may send: any Unicode except NUL and lone surrogates, which PostgreSQL
 * refuses (NUL in `text`, broken UTF-16 in UTF-8) and SQLite stores but no other side can read back.
 * Every string of a schema on either side of the contract is `text()`, so such input is refused with
 * the field's name before it reaches a database.
 */
export { isStorableText, UNSTORABLE_TEXT } from '../domain/free-text'

/**
 * `z.string()` that refuses NUL and lone surrogates; chain `.trim()`, `.min()`, `.max()` as usual.
 * `notText`: the message when the value is not a string at all (missing, a number).
 */
export function text(notText?: string): z.ZodString {
  return z.string(notText).refine(isStorableText, UNSTORABLE_TEXT)
}

/** An e-mail address: `text()` first, so NUL or a lone surrogate is named as such, then `z.email()`. */
export function emailText(message?: string): z.ZodPipe<z.ZodString, z.ZodEmail> {
  return text(message).pipe(z.email(message))
}

/** Deeper JSON than any of the product's own values; refused rather than walked. */
export const MAX_JSON_DEPTH = 64

/**
 * True when no string or key anywhere in a JSON value holds NUL or a lone surrogate (jsonb refuses
 * both) and it nests at most MAX_JSON_DEPTH deep; walked without recursion, so no depth overflows the stack.
 */
export function isStorableJson(value: unknown): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }]
  while (stack.length > 0) {
    const { item, depth } = stack.pop() as { item: unknown; depth: number }
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return false
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return false
        stack.push({ item: child, depth: depth + 1 })
      }
    }
  }
  return true
}

/** Any JSON value a client may send into a jsonb column: `z.unknown()` refusing unstorable text. */
export function storableJson(): z.ZodUnknown {
  return z
    .unknown()
    .refine(
      isStorableJson,
      `${UNSTORABLE_TEXT.replace(/\.$/, '')} in any of its texts, and must not nest more than ${MAX_JSON_DEPTH} deep.`,
    )
}
