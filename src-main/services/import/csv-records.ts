import { CsvError, parse as parseCsv, type Options } from 'csv-parse/sync'

/**
 * How the import reads CSV: csv-parse's rules with these options. Records end at CRLF or LF; a
 * quote inside an unquoted field is kept as text (relax_quotes), as spreadsheets write it.
 */
export const CSV_OPTIONS: Readonly<Options> = {
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
  record_delimiter: ['\r\n', '\n'],
}

const QUOTE = '"'
const QUOTE_CODE = 34
const COMMA = 44
const LF = 10
const CR = 13
/** scanRecord's answers besides the start of the next record. */
const NEEDS_MORE = -1
const IRREGULAR = -2

/**
 * The fields of the well-formed record at `start` (quoted fields with doubled quotes and line
 * breaks included) into `fields`; returns where the next record starts, NEEDS_MORE when the text
 * ends inside the record, or IRREGULAR for what only csv-parse's relaxed rules read (a quote inside
 * an unquoted field, text after a closing quote).
 */
function scanRecord(text: string, start: number, final: boolean, fields: string[]): number {
  const length = text.length
  let at = start
  for (;;) {
    if (text.charCodeAt(at) === QUOTE_CODE) {
      let value = ''
      let from = at + 1
      for (;;) {
        const close = text.indexOf(QUOTE, from)
        if (close < 0 || (close + 1 === length && !final)) return final ? IRREGULAR : NEEDS_MORE
        if (text.charCodeAt(close + 1) === QUOTE_CODE) {
          value += text.slice(from, close + 1)
          from = close + 2
          continue
        }
        value += text.slice(from, close)
        at = close + 1
        break
      }
      fields.push(value)
      if (at === length) return final ? length : NEEDS_MORE
      const code = text.charCodeAt(at)
      if (code === COMMA) at++
      else if (code === LF) return at + 1
      else if (code === CR && text.charCodeAt(at + 1) === LF) return at + 2
      else {
        return at + 1 === length && !final ? NEEDS_MORE : IRREGULAR
      }
      continue
    }
    // Unquoted fields, split at commas up to the line's end or the next quoted field.
    let lineEnd = text.indexOf('\n', at)
    if (lineEnd < 0) {
      if (!final) return NEEDS_MORE
      lineEnd = length
    }
    const quote = text.indexOf(QUOTE, at)
    if (quote === -1 || quote > lineEnd) {
      // csv-parse strips the CR of a CRLF, not a CR before the end of the text.
      const end =
        lineEnd < length && lineEnd > at && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd
      for (const field of text.slice(at, end).split(',')) fields.push(field)
      return Math.min(lineEnd + 1, length)
    }
    if (text.charCodeAt(quote - 1) !== COMMA) return IRREGULAR
    for (const field of text.slice(at, quote - 1).split(',')) fields.push(field)
    at = quote
  }
}

/**
 * Turns a CSV text, fed in chunks, into records exactly as csv-parse reads it with CSV_OPTIONS, at
 * a fraction of the cost: a line without a quote can only be fields split at commas, so it is
 * split with `String#split`; a record with quotes is scanned by the RFC 4180 rules; csv-parse reads
 * the irregular records only (relaxed quotes), from their start to the next record boundary: a
 * line break with an even number of quotes before it, confirmed by csv-parse ending that stretch
 * outside a quoted field. tests/unit/import/csv-records.test.ts holds the two readings equal.
 */
export class CsvRecordReader {
  private carry = ''

  constructor(private readonly emit: (record: string[]) => void) {}

  /** Reads every complete record in `chunk` (after what was left over); keeps the incomplete rest. */
  push(chunk: string): void {
    const text = this.carry + chunk
    this.carry = text.slice(this.read(text, false))
  }

  /** The end of the text: what is left is the last record. */
  end(): void {
    this.read(this.carry, true)
    this.carry = ''
  }

  private read(text: string, final: boolean): number {
    const length = text.length
    let at = 0
    let quote = text.indexOf(QUOTE)
    while (at < length) {
      let lineEnd = text.indexOf('\n', at)
      if (lineEnd < 0) {
        if (!final) break
        lineEnd = length
      }
      if (quote !== -1 && quote < at) quote = text.indexOf(QUOTE, at)
      if (quote === -1 || quote > lineEnd) {
        // csv-parse strips the CR of a CRLF, not a CR before the end of the text.
        const end =
          lineEnd < length && lineEnd > at && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd
        if (end > at) this.emit(text.slice(at, end).split(','))
        at = lineEnd + 1
        continue
      }
      const fields: string[] = []
      let next = scanRecord(text, at, final, fields)
      if (next === IRREGULAR) next = this.readIrregular(text, at, final)
      else if (next !== NEEDS_MORE) this.emit(fields)
      if (next === NEEDS_MORE) break
      at = next
    }
    return Math.min(at, length)
  }

  /**
   * csv-parse reads from `start` (a record's start) to the first line break that ends a record;
   * returns where the next record starts, or NEEDS_MORE when the text ends first and more is to come.
   */
  private readIrregular(text: string, start: number, final: boolean): number {
    let quotes = 0
    let scanned = start
    for (;;) {
      const lineEnd = text.indexOf('\n', scanned)
      if (lineEnd < 0) {
        if (!final) return NEEDS_MORE
        this.parse(text.slice(start))
        return text.length
      }
      for (let q = text.indexOf(QUOTE, scanned); q !== -1 && q < lineEnd; q = text.indexOf(QUOTE, q + 1))
        quotes++
      scanned = lineEnd + 1
      if (quotes % 2 === 1) continue
      // Parsed before any record is handed on: an error the callback throws is the caller's, never
      // taken for csv-parse's "quote not closed" (which reads the stretch again, one line longer).
      let records: string[][]
      try {
        records = parseCsv(text.slice(start, scanned), CSV_OPTIONS) as string[][]
      } catch (error) {
        if (!(error instanceof CsvError) || error.code !== 'CSV_QUOTE_NOT_CLOSED') throw error
        continue
      }
      this.emitAll(records)
      return scanned
    }
  }

  private parse(text: string): void {
    this.emitAll(parseCsv(text, CSV_OPTIONS) as string[][])
  }

  private emitAll(records: readonly string[][]): void {
    for (const record of records) this.emit(record)
  }
}
