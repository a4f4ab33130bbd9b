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
const CR = 13

/**
 * Turns a CSV text, fed in chunks, into records with csv-parse's results but most of the work
 * skipped: a line without a quote can only be fields split at commas, so it is split with
 * `String#split`; from a line holding a quote to the next record boundary csv-parse parses. A
 * boundary is a line break with an even number of quotes before it, confirmed by csv-parse ending
 * that stretch outside a quoted field (with relax_quotes a lone quote in a field is text, so the
 * count alone could mislead). tests/unit/import/csv-records.test.ts holds the two readings equal.
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
      const next = this.readQuoted(text, at, final)
      if (next < 0) break
      at = next
    }
    return Math.min(at, length)
  }

  /**
   * Parses from `start` (a record's start) to the first line break that ends a record; returns
   * where the next record starts, or -1 when the text ends first and more is to come.
   */
  private readQuoted(text: string, start: number, final: boolean): number {
    let quotes = 0
    let scanned = start
    for (;;) {
      const lineEnd = text.indexOf('\n', scanned)
      if (lineEnd < 0) {
        if (!final) return -1
        this.parse(text.slice(start))
        return text.length
      }
      for (let q = text.indexOf(QUOTE, scanned); q !== -1 && q < lineEnd; q = text.indexOf(QUOTE, q + 1))
        quotes++
      scanned = lineEnd + 1
      if (quotes % 2 === 1) continue
      try {
        this.parse(text.slice(start, scanned))
        return scanned
      } catch (error) {
        if (!(error instanceof CsvError) || error.code !== 'CSV_QUOTE_NOT_CLOSED') throw error
      }
    }
  }

  private parse(text: string): void {
    for (const record of parseCsv(text, CSV_OPTIONS) as string[][]) this.emit(record)
  }
}
