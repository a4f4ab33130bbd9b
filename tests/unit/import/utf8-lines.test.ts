import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readImportCsv } from '../../../src-main/services/import/read-csv'
import { utf8Lines } from '../../../src-main/services/import/utf8-lines'
import { IMPORT_HEADERS } from '../../../src-shared/domain/import-format'
import { tempDir } from '../../support/temp'

const line = fc
  .array(fc.constantFrom('a', 'Z', '7', ',', '"', ' ', '\r', 'ø', 'é', 'ł', 'ń', '€', '😀'), {
    maxLength: 12,
  })
  .map((chars) => chars.join(''))

describe('utf8Lines', () => {
  it('gives the text of the bytes in pieces that each end at a line break', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.boolean(), (lines, lastBreak) => {
        const text = lines.join('\n') + (lastBreak ? '\n' : '')
        const pieces = [...utf8Lines(Buffer.from(text, 'utf8'))]
        expect(pieces.join('')).toBe(text)
        for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n')).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('decodes invalid UTF-8 as Node does, one replacement character per bad byte run', () => {
    const bytes = Buffer.from([0x61, 0x0a, 0xff, 0x62, 0x0a, 0xc3])
    expect([...utf8Lines(bytes)].join('')).toBe(bytes.toString('utf8'))
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
