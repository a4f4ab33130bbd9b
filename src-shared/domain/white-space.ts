/**
 * The white space `String#trim` removes (ECMAScript's WhiteSpace and LineTerminator): what the
 * spec's "trimmed" means for every cell of an import, a paste or a CLI argument. Excel exports pad
 * cells with the no-break space (U+00A0), which a test of `code <= 32` missed.
 */
export function isTrimmedSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13)
  if (code < 0xa0) return false
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** True when `text` has nothing for `String#trim` to remove (empty text included). */
export function isTrimmed(text: string): boolean {
  return (
    text.length === 0 ||
    (!isTrimmedSpace(text.charCodeAt(0)) && !isTrimmedSpace(text.charCodeAt(text.length - 1)))
  )
}
