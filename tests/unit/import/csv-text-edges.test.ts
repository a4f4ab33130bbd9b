import { describe, expect, it } from 'vitest'
import {
  CsvTextDecoder,
  MixedEncodingError,
  notCsvReason,
  otherSeparatorReason,
} from '../../../src-main/services/import/csv-text'

/** The import's checks of a file's bytes and header at their edges (mutation testing, issue 20). */
const SAVE_AS = 'In Excel, use File › Save As › "CSV UTF-8 (Comma delimited)" and choose that file.'

describe('notCsvReason', () => {
  it('names an Excel workbook by either of its signatures, and UTF-16 text by either byte order', () => {
    const excel = (name: string) =>
      `${name} is an Excel workbook (or another packed file), not CSV text. ${SAVE_AS}`
    const utf16 = (name: string) =>
      `${name} is UTF-16 text (Excel's "Unicode Text"), not CSV UTF-8. ${SAVE_AS}`
    expect(notCsvReason(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x41]), 'a.xlsx')).toBe(excel('a.xlsx'))
    expect(notCsvReason(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'b.xls')).toBe(
      excel('b.xls'),
    )
    expect(notCsvReason(Buffer.from([0xff, 0xfe, 0x45, 0x00]), 'le.txt')).toBe(utf16('le.txt'))
    expect(notCsvReason(Buffer.from([0xfe, 0xff, 0x00, 0x45]), 'be.txt')).toBe(utf16('be.txt'))
  })

  it('refuses bytes with a NUL anywhere as not text', () => {
    expect(notCsvReason(Buffer.from('Employee Id,Name\nE1,A\u0000n\n'), 'nul.csv')).toBe(
      'nul.csv is not a text file, so it cannot be a CSV file.',
    )
  })

  it('lets text through, also text that starts like a signature without the whole of it', () => {
    expect(notCsvReason(Buffer.from('Employee Id,Name\n'), 'ok.csv')).toBeNull()
    expect(notCsvReason(Buffer.alloc(0), 'empty.csv')).toBeNull()
    // 'PK' and 'PK\x03' then text; 0xD0 0xCF as the start of Cyrillic UTF-8 ('Џ' is D0 8F).
    expect(notCsvReason(Buffer.from([0x50, 0x4b, 0x03, 0x05, 0x0a]), 'pk.csv')).toBeNull()
    expect(notCsvReason(Buffer.from([0x50, 0x4b, 0x41, 0x04]), 'pk.csv')).toBeNull()
    expect(notCsvReason(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0x0a]), 'ole.csv')).toBeNull()
    expect(notCsvReason(Buffer.from([0xff, 0x41]), 'ff.csv')).toBeNull()
    expect(notCsvReason(Buffer.from([0xfe, 0x41]), 'fe.csv')).toBeNull()
  })
})

describe('otherSeparatorReason', () => {
  const reason = (separator: string, name: string) =>
    `The columns of ${name} are separated by ${separator}, not commas. ${SAVE_AS}`

  it('names semicolons, tabs or vertical bars in a header read as one cell, semicolons first', () => {
    expect(otherSeparatorReason(['Employee Id;Name'], 'semi.csv')).toBe(reason('semicolons', 'semi.csv'))
    expect(otherSeparatorReason(['Employee Id\tName'], 'tabs.txt')).toBe(reason('tabs', 'tabs.txt'))
    expect(otherSeparatorReason(['Employee Id|Name'], 'bars.csv')).toBe(reason('vertical bars', 'bars.csv'))
    expect(otherSeparatorReason(['Id|Name\tX;Y'], 'all.csv')).toBe(reason('semicolons', 'all.csv'))
  })

  it('says nothing of a header with several cells or without another separator', () => {
    expect(otherSeparatorReason(['Employee Id;x', 'Name'], 'two.csv')).toBeNull()
    expect(otherSeparatorReason(['Employee Id'], 'one.csv')).toBeNull()
    expect(otherSeparatorReason([], 'none.csv')).toBeNull()
  })
})

describe('CsvTextDecoder at its edges', () => {
  it('maps every Windows-1252 character of 0x80–0x9F, and reads the bytes above as Latin-1', () => {
    const decoder = new CsvTextDecoder()
    const bytes = Buffer.from([0x80, 0x8a, 0x8c, 0x92, 0x99, 0x9f, 0x81, 0x20, 0xe9, 0xff, 0x0a])
    expect([...decoder.lines(bytes)].join('')).toBe('€ŠŒ’™Ÿ\u0081 éÿ\n')
    expect(decoder.encoding).toBe('Windows-1252')
  })

  it('takes bytes that begin like a BOM without being one as text, and a BOM with ASCII as UTF-8', () => {
    const notBom = new CsvTextDecoder()
    expect([...notBom.lines(Buffer.from([0xef, 0xbb, 0x41, 0x0a]))].join('')).toBe('ï»A\n')
    expect(notBom.encoding).toBe('Windows-1252')
    const ef = new CsvTextDecoder()
    expect([...ef.lines(Buffer.from([0xef, 0x41, 0xbf, 0x0a]))].join('')).toBe('ïA¿\n')
    const tail = new CsvTextDecoder()
    expect([...tail.lines(Buffer.from([0x41, 0xbb, 0xbf, 0x0a]))].join('')).toBe('A»¿\n')
    const bom = new CsvTextDecoder()
    expect([...bom.lines(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x0a]))].join('')).toBe('A\n')
    expect(bom.encoding).toBe('UTF-8')
    // After a BOM, a line that is not UTF-8 is a mix, not Windows-1252.
    expect(() => [...bom.lines(Buffer.from([0x42, 0xe9, 0x0a]))]).toThrow(
      'A row is not UTF-8 text like the rows before it.',
    )
  })

  it('keeps ASCII lines around a non-ASCII one in file order, each piece ending at its line break', () => {
    const decoder = new CsvTextDecoder()
    const pieces = [...decoder.lines(Buffer.from('a,b\nc,d\nZoë,e\nf,g\nh,ł\ni'))]
    expect(pieces).toEqual(['a,b\nc,d\n', 'Zoë,e\n', 'f,g\n', 'h,ł\n', 'i'])
    expect(decoder.encoding).toBe('UTF-8')
  })

  it('names the encoding the file was read in when a row does not fit it', () => {
    const error = new MixedEncodingError('Windows-1252')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('MixedEncodingError')
    expect(error.message).toBe('A row is not Windows-1252 text like the rows before it.')
  })
})
