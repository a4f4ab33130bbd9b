/**
 * Free text a person types (comments, notes, names, reasons, template text) may hold any Unicode
 * but NUL and lone surrogates: PostgreSQL refuses both (NUL in `text`, broken UTF-16 in UTF-8) and
 * SQLite stores them where no other side can read them back. One rule for every door: the
 * renderer's inputs, the channels' schemas (`text()` in src-shared/contract/text.ts), the
 * desktop's services and the server's routes.
 */
// eslint-disable-next-line no-control-regex -- NUL is the character refused.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UNSTORABLE_TEXT = 'must not hold a NUL character or broken Unicode (a lone surrogate).'

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value)
}

/** The refusal of a free-text field's value, naming the field ('Comments: must not hold…'), or null. */
export function textRefusal(field: string, value: string | null | undefined): string | null {
  return typeof value === 'string' && !isStorableText(value) ? `${field}: ${UNSTORABLE_TEXT}` : null
}

/** The first refusal among named free-text values (label → value), or null when every one is storable. */
export function firstTextRefusal(values: Readonly<Record<string, string | null | undefined>>): string | null {
  for (const [field, value] of Object.entries(values)) {
    const refusal = textRefusal(field, value)
    if (refusal !== null) return refusal
  }
  return null
}
