import { isUtf8 } from 'node:buffer'

const LF = 0x0a
const NON_ASCII = /[\u0080-\uffff]/g
const C1 = /[\u0080-\u009f]/g

/** Windows-1252's characters for the bytes 0x80–0x9F (Latin-1 has control codes there). */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

const SAVE_AS_CSV = 'In Excel, use File › Save As › "CSV UTF-8 (Comma delimited)" and choose that file.'

/**
 * Why the file that starts with `bytes` cannot be CSV text, for the files people choose by
 * mistake: an Excel workbook (.xlsx is a zip, .xls an OLE2 file), UTF-16 text (Excel's "Unicode
 * Text"), anything else with NUL bytes. Null when it may be CSV.
 */
export function notCsvReason(bytes: Buffer, fileName: string): string | null {
  const startsWith = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte)
  if (startsWith(0x50, 0x4b, 0x03, 0x04) || startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    return `${fileName} is an Excel workbook (or another packed file), not CSV text. ${SAVE_AS_CSV}`
  if (startsWith(0xff, 0xfe) || startsWith(0xfe, 0xff))
    return `${fileName} is UTF-16 text (Excel's "Unicode Text"), not CSV UTF-8. ${SAVE_AS_CSV}`
  if (bytes.includes(0)) return `${fileName} is not a text file, so it cannot be a CSV file.`
  return null
}

const SEPARATORS: readonly { char: string; name: string }[] = [
  { char: ';', name: 'semicolons' },
  { char: '\t', name: 'tabs' },
  { char: '|', name: 'vertical bars' },
]

/**
 * Why a file whose header line read as the single cell `header` is not comma-separated, when it
 * holds another separator (Excel in many European locales saves "CSV" with semicolons). Null
 * otherwise.
 */
export function otherSeparatorReason(header: readonly string[], fileName: string): string | null {
  if (header.length !== 1) return null
  const separator = SEPARATORS.find(({ char }) => header[0].includes(char))
  if (!separator) return null
  return `The columns of ${fileName} are separated by ${separator.name}, not commas. ${SAVE_AS_CSV}`
}

/** Raised when a line is not UTF-8 although earlier lines held UTF-8 text: the file mixes encodings. */
export class MixedEncodingError extends Error {
  constructor(
    /** The encoding the file was being read in: the row at hand is not in it. */
    readonly readAs: 'UTF-8' | 'Windows-1252',
  ) {
    super(`A row is not ${readAs} text like the rows before it.`)
    this.name = 'MixedEncodingError'
  }
}

/**
 * The text of an employee CSV, decoded from its bytes line by line. A file is UTF-8 unless a line
 * is not: a spreadsheet saved as plain "CSV" on Windows is Windows-1252, so when the first line
 * that is not UTF-8 comes before any non-ASCII UTF-8 line (the lines read so far are the same text
 * in both), the rest of the file is read as Windows-1252. A file that turns out to mix the two is
 * an error (MixedEncodingError) rather than names silently turned into '�' or 'Å‚'; so is a line
 * that is not UTF-8 in a file with a UTF-8 BOM.
 *
 * Why line by line: V8 keeps a string with any character above U+00FF in two bytes per character,
 * and so is every cell cut from it. One 'ł' in a 1 MiB chunk would make the whole chunk two-byte,
 * which slows every split, hash, comparison and SQLite bind after it. Decoding runs of lines
 * separately keeps the ASCII and Latin-1 lines one-byte; only a line with such a character is not.
 */
export class CsvTextDecoder {
  /**
   * The text of `bytes` (whole lines, in file order) in pieces that each end at a line break (the
   * last one at the end); a UTF-8 BOM at the start of the file is dropped.
   */
  *lines(bytes: Buffer): Generator<string> {
    if (!this.started) {
      this.started = true
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.sawUtf8Text = true
        bytes = bytes.subarray(3)
      }
    }
    // Latin-1 decoding maps byte i to character i, so positions in `latin` are byte offsets.
    const latin = bytes.toString('latin1')
    NON_ASCII.lastIndex = 0
    let from = 0
    for (let match = NON_ASCII.exec(latin); match !== null; match = NON_ASCII.exec(latin)) {
      const lineStart = latin.lastIndexOf('\n', match.index) + 1
      const nextBreak = bytes.indexOf(LF, match.index)
      const lineEnd = nextBreak < 0 ? bytes.length : nextBreak + 1
      // ASCII runs are the same text in Latin-1, UTF-8 and Windows-1252.
      if (lineStart > from) yield latin.slice(from, lineStart)
      yield this.line(bytes, latin, lineStart, lineEnd)
      from = lineEnd
      NON_ASCII.lastIndex = lineEnd
    }
    if (from < latin.length) yield from === 0 ? latin : latin.slice(from)
  }

  /**
   * One line with non-ASCII bytes. Windows-1252 text is almost never valid UTF-8 (its accented
   * letters are single bytes above 0x7F), so a valid UTF-8 line after Windows-1252 lines, like an
   * invalid one after UTF-8 lines, means the file mixes encodings.
   */
  private line(bytes: Buffer, latin: string, start: number, end: number): string {
    const utf8 = isUtf8(bytes.subarray(start, end))
    if (this.windows1252) {
      if (utf8) throw new MixedEncodingError('Windows-1252')
      return fromWindows1252(latin.slice(start, end))
    }
    if (utf8) {
      this.sawUtf8Text = true
      return bytes.toString('utf8', start, end)
    }
    if (this.sawUtf8Text) throw new MixedEncodingError('UTF-8')
    this.windows1252 = true
    return fromWindows1252(latin.slice(start, end))
  }

  /** How the file has been read so far. */
  get encoding(): 'UTF-8' | 'Windows-1252' {
    return this.windows1252 ? 'Windows-1252' : 'UTF-8'
  }

  // After the generator method: a field initialiser right before `*lines` would multiply into it.
  private started = false
  private windows1252 = false
  /** Set by a UTF-8 BOM or a line of non-ASCII UTF-8. */
  private sawUtf8Text = false
}

function fromWindows1252(latin: string): string {
  return latin.replace(C1, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80])
}
