import { CsvError, parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CSV_OPTIONS, CsvRecordReader } from '../../../src-main/services/import/csv-records'

/** Reads `text` fed in pieces cut at `cuts` (positions), as the import's file stream does. */
function readInPieces(text: string, cuts: number[]): string[][] {
  const records: string[][] = []
  const reader = new CsvRecordReader((record) => records.push(record))
  let from = 0
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.push(text.slice(from, cut))
    from = cut
  }
  reader.push(text.slice(from))
  reader.end()
  return records
}

/** csv-parse's error as its code; any other error (a crash of the reader) is not caught. */
function csvErrorCode(error: unknown): string {
  if (error instanceof CsvError) return `csv-parse error ${error.code}`
  throw error
}

function csvParse(text: string): string[][] | string {
  try {
    return parse(text, CSV_OPTIONS) as string[][]
  } catch (error) {
    return csvErrorCode(error)
  }
}

function readOrError(text: string, cuts: number[]): string[][] | string {
  try {
    return readInPieces(text, cuts)
  } catch (error) {
    return csvErrorCode(error)
  }
}

/** Fields made of the characters that matter to a CSV reader. */
const piece = fc.constantFrom('a', 'b c', ' ', ',', '"', '""', '\n', '\r\n', '\r', "O'Brien", 'é', '😀')
const rawField = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''))
const quoted = rawField.map((value) => `"${value.replace(/"/g, '""')}"`)
const plain = fc
  .array(fc.constantFrom('a', 'b', ' ', '1', '-', "'", 'é'), { maxLength: 5 })
  .map((p) => p.join(''))
const line = fc
  .array(fc.oneof(plain, quoted, rawField), { minLength: 1, maxLength: 5 })
  .map((f) => f.join(','))
const csvText = fc
  .tuple(fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, lastBreak]) => lines.join(eol) + (lastBreak ? eol : ''))
const cutsIn = (text: string) => fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 4 })

describe('CsvRecordReader', () => {
  it('reads what csv-parse reads (or fails where it fails), however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        csvText.chain((text) => fc.tuple(fc.constant(text), cutsIn(text))),
        ([text, cuts]) => {
          expect(readOrError(text, cuts)).toEqual(csvParse(text))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('splits lines without quotes at commas, keeps quoted commas, quotes and line breaks', () => {
    const text = 'a,b,,c\r\n\r\nx,"1,2","say ""hi""","two\nlines"\nO\'Brien,5\'10",z\n'
    expect(readInPieces(text, [3, 17])).toEqual([
      ['a', 'b', '', 'c'],
      ['x', '1,2', 'say "hi"', 'two\nlines'],
      ["O'Brien", '5\'10"', 'z'],
    ])
  })

  it('passes on at once an error the record callback throws inside an irregular stretch, whatever its class', () => {
    // `x"y"` is a quote inside an unquoted field: only csv-parse's relaxed rules read that record.
    const text = 'a,b\nx"y",z\nq,r\n'
    for (const thrown of [new TypeError('bad record'), new CsvError('CSV_QUOTE_NOT_CLOSED', 'nested')]) {
      const seen: string[][] = []
      const reader = new CsvRecordReader((record) => {
        seen.push(record)
        if (record[0] === 'x"y"') throw thrown
      })
      expect(() => reader.push(text)).toThrow(thrown)
      expect(seen).toEqual([
        ['a', 'b'],
        ['x"y"', 'z'],
      ])
    }
  })

  it('a quote left open to the end of the file is an error, as csv-parse reports it', () => {
    expect(() => readInPieces('a,b\n"open,c\nd,e\n', [])).toThrow(/Quote Not Closed/i)
  })
})
