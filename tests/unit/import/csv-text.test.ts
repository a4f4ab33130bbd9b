import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readImportCsv } from '../../../src-main/services/import/read-csv'
import { CsvTextDecoder, MixedEncodingError } from '../../../src-main/services/import/csv-text'
import { IMPORT_HEADERS } from '../../../src-shared/domain/import-format'
import { tempDir } from '../../support/temp'

const line = fc
  .array(fc.constantFrom('a', 'Z', '7', ',', '"', ' ', '\r', 'ø', 'é', 'ł', 'ń', '€', '😀'), {
    maxLength: 12,
  })
  .map((chars) => chars.join(''))

/** The decoder's text for `chunks` (each whole lines), fed in order. */
function decode(...chunks: Buffer[]): string[] {
  const decoder = new CsvTextDecoder()
  return chunks.flatMap((chunk) => [...decoder.lines(chunk)])
}

describe('CsvTextDecoder', () => {
  it('gives the UTF-8 text of the bytes in pieces that each end at a line break', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.boolean(), (lines, lastBreak) => {
        const text = lines.join('\n') + (lastBreak ? '\n' : '')
        const pieces = decode(Buffer.from(text, 'utf8'))
        expect(pieces.join('')).toBe(text)
        for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n')).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('drops a UTF-8 BOM at the start of the file only', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf])
    const text = Buffer.from('Employee Id\nE1\n')
    expect(decode(Buffer.concat([bom, text]), Buffer.concat([bom, text])).join('')).toBe(
      'Employee Id\nE1\n\ufeffEmployee Id\nE1\n',
    )
  })

  it('reads a Windows-1252 file (a spreadsheet saved as plain CSV on Windows) from its first line that is not UTF-8 on', () => {
    // "Müller" with ü = 0xFC, "O’Brien" with ’ = 0x92, "€" = 0x80 in Windows-1252.
    const ascii = Buffer.from('E1,Kim\n')
    const later = Buffer.from([
      ...Buffer.from('E2,M'),
      0xfc,
      ...Buffer.from('ller\nE3,O'),
      0x92,
      ...Buffer.from('Brien '),
      0x80,
      0x0a,
    ])
    expect(decode(ascii, later, Buffer.from([0x45, 0x34, 0x2c, 0xe9, 0x0a])).join('')).toBe(
      'E1,Kim\nE2,Müller\nE3,O’Brien €\nE4,é\n',
    )
  })

  it('refuses a file that mixes UTF-8 and Windows-1252 lines, either way round, or a BOM file with a line not UTF-8', () => {
    const utf8 = Buffer.from('E1,Søren\n')
    const windows = Buffer.from([0x45, 0x32, 0x2c, 0xfc, 0x0a])
    expect(() => decode(utf8, windows)).toThrow(MixedEncodingError)
    // The other way round: a UTF-8 line ('ł' is two bytes) after Windows-1252 lines would turn into 'Å‚'.
    expect(() => decode(windows, Buffer.from('E3,Michał\n'))).toThrow(
      expect.objectContaining({ readAs: 'Windows-1252' }),
    )
    expect(() => decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), windows]))).toThrow(
      MixedEncodingError,
    )
  })
})

describe('readImportCsv across read chunks', () => {
  const dir = tempDir()

  it('reads a name whose multi-byte character straddles the 1 MiB read boundary', async () => {
    const straddling = 'Zoë 😀 Núñez'
    const lines = [IMPORT_HEADERS.join(',')]
    const names: string[] = []
    let size = Buffer.byteLength(lines[0]) + 1
    const add = (id: string, name: string) => {
      const line = [id, name, ...IMPORT_HEADERS.slice(2).map(() => '')].join(',')
      lines.push(line)
      names.push(name)
      size += Buffer.byteLength(line) + 1
    }
    while ((1 << 20) - size > 300) add(`E${lines.length}`, 'Łukasz Wiśniewski')
    // The emoji starts 5 bytes into the name ('Zoë ' is 5 bytes), the name 1 byte after the id.
    add(`B${'x'.repeat((1 << 20) - size - 8)}`, straddling)
    for (let i = 0; i < 10; i++) add(`A${i}`, 'Søren Bjørnsen')
    const bytes = Buffer.from(lines.join('\n') + '\n')
    expect(bytes.subarray((1 << 20) - 1, (1 << 20) + 3).toString('utf8')).toBe('😀')
    const file = path.join(dir, 'names.csv')
    fs.writeFileSync(file, bytes)
    const result = await readImportCsv(file)
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows.map((cells) => cells[1])).toEqual(names)
  })
})
