const LF = 0x0a
const NON_ASCII = /[\u0080-\uffff]/g

/**
 * The UTF-8 text of `bytes` (whole lines), as pieces that each end at a line break (the last one
 * at the end of `bytes`); joined, they equal `bytes.toString('utf8')`.
 *
 * Why pieces: V8 keeps a string with any character above U+00FF in two bytes per character, and
 * so is every cell cut from it. One 'ł' in a 1 MiB chunk makes the whole chunk two-byte, which
 * slows every split, hash, comparison and SQLite bind after it. Decoding line runs separately keeps
 * the ASCII and Latin-1 lines one-byte; only a line with such a character is two-byte.
 */
export function* utf8Lines(bytes: Buffer): Generator<string> {
  // Latin-1 decoding maps byte i to character i, so positions in `latin` are byte offsets.
  const latin = bytes.toString('latin1')
  NON_ASCII.lastIndex = 0
  let from = 0
  for (let match = NON_ASCII.exec(latin); match !== null; match = NON_ASCII.exec(latin)) {
    const lineStart = latin.lastIndexOf('\n', match.index) + 1
    const nextBreak = bytes.indexOf(LF, match.index)
    const lineEnd = nextBreak < 0 ? bytes.length : nextBreak + 1
    // ASCII runs are the same text in Latin-1 and UTF-8.
    if (lineStart > from) yield latin.slice(from, lineStart)
    yield bytes.toString('utf8', lineStart, lineEnd)
    from = lineEnd
    NON_ASCII.lastIndex = lineEnd
  }
  if (from < latin.length) yield from === 0 ? latin : latin.slice(from)
}
