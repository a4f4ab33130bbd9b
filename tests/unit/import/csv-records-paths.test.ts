import type * as CsvParseSync from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { CSV_OPTIONS, CsvRecordReader } from '../../../src-main/services/import/csv-records'

/**
 * CsvRecordReader's promises besides reading what csv-parse reads (csv-records.test.ts): csv-parse
 * reads the irregular records only, and every record whose line break has arrived is given out at
 * once, not at the end of the file (mutation testing, issue 20).
 */
const parseCalls = vi.hoisted(() => ({ count: 0 }))

vi.mock('csv-parse/sync', async (importOriginal) => {
  const real = await importOriginal<typeof CsvParseSync>()
  const parse = (...args: Parameters<typeof real.parse>) => {
    parseCalls.count++
    return real.parse(...args)
  }
  return { ...real, parse }
})

const { parse: csvParse } = await vi.importActual<typeof CsvParseSync>('csv-parse/sync')

/** What the reader gives out while `pieces` are pushed (each push's records apart), then at the end. */
function pushes(pieces: string[]): { byPush: string[][][]; atEnd: string[][]; parsed: number } {
  const records: string[][] = []
  const reader = new CsvRecordReader((record) => records.push(record))
  parseCalls.count = 0
  const byPush = pieces.map((piece) => {
    const before = records.length
    reader.push(piece)
    return records.slice(before)
  })
  const before = records.length
  reader.end()
  return { byPush, atEnd: records.slice(before), parsed: parseCalls.count }
}

/** RFC 4180 fields: plain ones without quotes, commas or line breaks; quoted ones with anything. */
const plain = fc
  .array(fc.constantFrom('a', 'b', ' ', '1', "'", 'é', '\r'), { maxLength: 4 })
  .map((chars) => chars.join('').replace(/\r$/, ''))
const quoted = fc
  .array(fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', '\r', 'é'), { maxLength: 4 })
  .map((chars) => `"${chars.join('').replace(/"/g, '""')}"`)
const record = fc.array(fc.oneof(plain, quoted), { minLength: 1, maxLength: 4 }).map((f) => f.join(','))
const wellFormed = fc
  .tuple(fc.array(record, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([records, eol, lastBreak]) => records.join(eol) + (lastBreak ? eol : ''))

describe('CsvRecordReader, well-formed text', () => {
  it('reads it without csv-parse, however it is cut, as csv-parse would', () => {
    fc.assert(
      fc.property(
        wellFormed.chain((text) =>
          fc.tuple(fc.constant(text), fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 3 })),
        ),
        ([text, cuts]) => {
          const at = [0, ...[...new Set(cuts)].sort((a, b) => a - b), text.length]
          const pieces = at.slice(1).map((end, i) => text.slice(at[i], end))
          const { byPush, atEnd, parsed } = pushes(pieces)
          expect([...byPush.flat(), ...atEnd]).toEqual(csvParse(text, CSV_OPTIONS))
          expect(parsed).toBe(0)
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('gives out every record as soon as its line break is read', () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n'),
        (records, eol) => {
          // Each piece is one record and its line break; a quoted field's line break is inside it.
          const pieces = records.map((r) => r + eol)
          const { byPush, atEnd } = pushes(pieces)
          expect(atEnd).toEqual([])
          byPush.forEach((given, i) => {
            const expected = csvParse(pieces[i], CSV_OPTIONS)
            expect(given).toEqual(expected)
          })
        },
      ),
      { numRuns: 1500 },
    )
  })
})

describe('CsvRecordReader, irregular text', () => {
  it('gives an irregular record out when its line break is read, through csv-parse', () => {
    const { byPush, atEnd, parsed } = pushes(['a"b"c,d\n', 'x,"y"z\n', '5\'10",w\n'])
    expect(byPush).toEqual([[['a"b"c', 'd']], [['x', '"y"z']], []])
    // An odd number of quotes may open a field that a later line closes: that record waits for the end.
    expect(atEnd).toEqual([['5\'10"', 'w']])
    expect(parsed).toBeGreaterThan(0)
  })

  it('gives an irregular record out at its line break, whatever quotes the next line opens', () => {
    // Two quotes on the irregular line: it ends there, though the open quote after it makes three in the piece.
    const { byPush, atEnd } = pushes(['a"b"c,d\n"open,', 'ed",x\n'])
    expect(byPush).toEqual([[['a"b"c', 'd']], [['open,ed', 'x']]])
    expect(atEnd).toEqual([])
    expect(byPush.flat()).toEqual(csvParse('a"b"c,d\n"open,ed",x\n', CSV_OPTIONS))
  })

  it('keeps a CR at the very end of the text, as csv-parse does, after plain or quoted fields', () => {
    expect(pushes(['a,b\r']).atEnd).toEqual([['a', 'b\r']])
    expect(pushes(['"a",b\r']).atEnd).toEqual([['a', 'b\r']])
    expect(csvParse('"a",b\r', CSV_OPTIONS)).toEqual([['a', 'b\r']])
  })
})
