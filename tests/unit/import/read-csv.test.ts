import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImportError } from '../../../src-shared/contract'
import { IMPORT_HEADERS } from '../../../src-shared/domain/import-format'
import { ImportCancelled, readImportCsv, type ReadProgress } from '../../../src-main/services/import/read-csv'
import { tempDir } from '../../support/temp'

/**
 * The import's file reader on its own (mutation testing, issue 20): the refusals, the header
 * matching and row alignment, line breaks, encodings and progress, which the CLI tests check only
 * through a child process.
 */
const dir = tempDir()
const SAVE_AS = 'In Excel, use File › Save As › "CSV UTF-8 (Comma delimited)" and choose that file.'
const REQUIRED = 'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name'

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, content)
  return file
}

const fileError = (code: string, message: string, row = 0, header = ''): ImportError => ({
  row,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/** A row of the whole import format: `cells` by header, '' elsewhere. */
function fullRow(cells: Record<string, string>): string[] {
  return IMPORT_HEADERS.map((header) => cells[header] ?? '')
}

describe('readImportCsv refuses', () => {
  it('a file it cannot read, naming its path', async () => {
    const missing = path.join(dir, 'nowhere.csv')
    expect(await readImportCsv(missing)).toEqual({
      ok: false,
      errors: [fileError('FileNotFound', `${missing} cannot be read.`)],
    })
  })

  const missingHeader = (header: string) =>
    fileError('MissingRequiredHeader', `Your data is missing the required header: ${header}`, 0, header)
  const duplicateHeader = (header: string, columns: string) =>
    fileError(
      'DuplicateHeader',
      `The header "${header}" appears twice, in columns ${columns}. Keep one and choose the file again.`,
      0,
      header,
    )
  const semicolons = (name: string) =>
    fileError(
      'NotCommaSeparated',
      `The columns of ${name} are separated by semicolons, not commas. ${SAVE_AS}`,
    )
  const mixed = (row: number, words: string) =>
    fileError('MixedEncoding', `${words} Save the file as "CSV UTF-8" and choose it again.`, row)

  it.each<[string, string, string | Buffer, ImportError[]]>([
    [
      'an Excel workbook with line breaks and high bytes in it, as not CSV text',
      'people.xlsx',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x0a, 0xfc, 0x0a, 0x22, 0x0a, 0xe9, 0x0a]),
      [
        fileError(
          'NotCsv',
          `people.xlsx is an Excel workbook (or another packed file), not CSV text. ${SAVE_AS}`,
        ),
      ],
    ],
    [
      'a file whose header is separated by semicolons',
      'europe.csv',
      [REQUIRED.replace(/,/g, ';'), 'E0;Eva', 'E1;Eva', 'E2;Eva'].join('\n') + '\n',
      [semicolons('europe.csv')],
    ],
    [
      'a file by its header, even when a last line without a line break is not text of the same encoding',
      'semi-mixed.csv',
      Buffer.concat([Buffer.from('Employee Id;Name\nE1;Søren\n'), Buffer.from('E2;Jürgen', 'latin1')]),
      [semicolons('semi-mixed.csv')],
    ],
    [
      "missing required headers ('Your data is missing the required header: <label>') and a header twice, all at once",
      'bad-headers.csv',
      'Employee Id,Pay Currency,Salaried,Hire Date,Job Code,NAME,Email, email \nE1,USD\n',
      [missingHeader('Pay Range Name'), duplicateHeader('Email', 'G and H')],
    ],
    [
      'a header missing a required column alone, looking at no line after it',
      'no-range.csv',
      'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code\nx;y\n',
      [missingHeader('Pay Range Name')],
    ],
    [
      'a header with a column twice alone',
      'twice.csv',
      `${REQUIRED},Job Code\nE1,Eve\n`,
      [duplicateHeader('Job Code', 'F and H')],
    ],
    ['an empty file as missing its first required header', 'empty.csv', '', [missingHeader('Employee Id')]],
    [
      'a file of empty lines as missing its first required header',
      'blank.csv',
      '\n\r\n\n',
      [missingHeader('Employee Id')],
    ],
    [
      'a row not UTF-8 after UTF-8 rows, naming the data row',
      'mixed.csv',
      Buffer.concat([Buffer.from(`${REQUIRED}\nE1,Søren\nE2,Kim\n`), Buffer.from('E3,Jürgen\n', 'latin1')]),
      [mixed(3, 'Data row 3 is not UTF-8 text, but the rows before it are.')],
    ],
    [
      'a UTF-8 row after Windows-1252 rows, naming the data row',
      'back.csv',
      Buffer.concat([Buffer.from(`${REQUIRED}\nE1,Jürgen\n`, 'latin1'), Buffer.from('E2,Michał\n')]),
      [mixed(2, 'Data row 2 is UTF-8 text, but the rows before it are not (they read as Windows-1252).')],
    ],
  ])('%s', async (_, name, content, errors) => {
    expect(await readImportCsv(write(name, content))).toEqual({ ok: false, errors })
  })

  it.each([
    ['an Excel workbook', 'packed.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x0a, 0x0a])],
    ['a file separated by semicolons', 'semi.csv', `${REQUIRED.replace(/,/g, ';')}\nE0;Eva\n`],
  ])('%s without reading on or reporting progress', async (_, name, content) => {
    const progress: ReadProgress[] = []
    const result = await readImportCsv(write(name, content), { onProgress: (p) => progress.push(p) })
    expect(result.ok).toBe(false)
    expect(progress).toEqual([])
  })

  it('a quote left open to the end of the file, as not valid CSV near the data row, with the parser’s words', async () => {
    const result = await readImportCsv(write('open.csv', `${REQUIRED}\nE1,Kim\nE2,Ann\n"E3,Open\nE4,Lee\n`))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual([
      fileError(
        'MalformedCsv',
        expect.stringMatching(/^The file is not valid CSV near data row 3: .*Quote Not Closed/i),
        3,
      ),
    ])
  })

  it('a read that was cancelled before it began, with ImportCancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const read = readImportCsv(write('cancelled.csv', `${REQUIRED}\nE1,Kim\n`), { signal: controller.signal })
    await expect(read).rejects.toThrow(ImportCancelled)
    await expect(read).rejects.toThrow('The import was cancelled.')
    await expect(read).rejects.toMatchObject({ name: 'ImportCancelled' })
  })
})

describe('readImportCsv reads', () => {
  it('a header only as no rows, with the columns it has', async () => {
    const result = await readImportCsv(write('header.csv', `${REQUIRED}\n`))
    expect(result).toEqual({
      ok: true,
      fileName: 'header.csv',
      presentColumns: [0, 1, 7, 8, 9, 19, 25],
      rows: [],
      encoding: 'UTF-8',
    })
  })

  it('columns in any order, matched ignoring case and spaces, unknown ones dropped, empty lines and lines of empty fields skipped', async () => {
    const text = [
      ' pay range name ,Nickname,employee id,NAME,Pay Currency,Salaried,Hire Date,Job Code',
      'R,Bo,E1,Bob,USD,true,2020-01-01,J',
      '',
      ',,,,,,,',
      ',,',
      'R2,,E2,Ann',
    ].join('\r\n')
    const result = await readImportCsv(write('order.csv', text))
    expect(result).toEqual({
      ok: true,
      fileName: 'order.csv',
      presentColumns: [0, 1, 7, 8, 9, 19, 25],
      rows: [
        fullRow({
          'Employee Id': 'E1',
          Name: 'Bob',
          'Pay Currency': 'USD',
          Salaried: 'true',
          'Hire Date': '2020-01-01',
          'Job Code': 'J',
          'Pay Range Name': 'R',
        }),
        fullRow({ 'Employee Id': 'E2', Name: 'Ann', 'Pay Range Name': 'R2' }),
      ],
      encoding: 'UTF-8',
    })
  })

  it('rows under the whole format in order as they are, shorter and longer ones aligned to it', async () => {
    const full = IMPORT_HEADERS.map((_, i) => `c${i}`)
    const text = [IMPORT_HEADERS.join(','), full.join(','), 'E2,Ann', [...full, 'extra'].join(',')].join('\n')
    const result = await readImportCsv(write('whole.csv', text))
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.presentColumns).toEqual(IMPORT_HEADERS.map((_, i) => i))
    expect(result.rows).toEqual([full, fullRow({ 'Employee Id': 'E2', Name: 'Ann' }), full])
  })

  it.each([
    ['its first two columns swapped', [1, 0, ...IMPORT_HEADERS.slice(2).map((_, i) => i + 2)]],
    ['every column moved', IMPORT_HEADERS.map((_, i) => (i + 1) % IMPORT_HEADERS.length)],
  ])('the whole format with %s, aligning each row to the format', async (_, order) => {
    const cells = IMPORT_HEADERS.map((_, i) => `c${i}`)
    const text = [order.map((i) => IMPORT_HEADERS[i]).join(','), order.map((i) => cells[i]).join(',')].join(
      '\n',
    )
    const result = await readImportCsv(write('moved.csv', text))
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows).toEqual([cells])
  })

  it('a BOM file whose first line is longer than a read (1 MiB), dropping the BOM', async () => {
    // The first header quoted: a BOM left before it would make it an irregular field, not 'Employee Id'.
    const header = `"Employee Id",${REQUIRED.slice('Employee Id,'.length)},${'x'.repeat(1 << 20)}`
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${header}\nE1,Kim\n`)])
    const result = await readImportCsv(write('long-header.csv', bytes))
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows.map((cells) => cells.slice(0, 2))).toEqual([['E1', 'Kim']])
    expect(result.encoding).toBe('UTF-8')
  })

  it('a file of LF line breaks by its first read: CRs in a quoted field longer than two reads are kept', async () => {
    // No LF in the whole second read: only the first read says how the file's lines end.
    const title = `${'x'.repeat(99)}\r`.repeat(30_000)
    const text = `Job Title,${REQUIRED}\n"${title}",E1,Kim\nx,E2,Lee\n`
    const result = await readImportCsv(write('long-field.csv', text))
    if (!result.ok) throw new Error(result.errors[0].message)
    const jobTitle = IMPORT_HEADERS.indexOf('Job Title')
    expect(result.rows.map((cells) => [cells[0], cells[1], cells[jobTitle].length])).toEqual([
      ['E1', 'Kim', title.length],
      ['E2', 'Lee', 1],
    ])
    expect(result.rows[0][jobTitle] === title).toBe(true)
  })

  it('a file in reads of 1 MiB, reporting each', async () => {
    const line = `E1,${'n'.repeat(1000)}`
    const text = [REQUIRED, ...Array.from({ length: 1500 }, () => line)].join('\n') + '\n'
    const progress: ReadProgress[] = []
    const result = await readImportCsv(write('reads.csv', text), { onProgress: (p) => progress.push(p) })
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows.length).toBe(1500)
    const size = Buffer.byteLength(text)
    expect(progress.map((p) => p.bytes)).toEqual([1 << 20, size, size])
  })

  it.each([
    ['lines that end with CR alone (old Mac spreadsheets)', `${REQUIRED}\rE1,Kim\rE2,Lee\r`, 'Lee'],
    ['a file of CR line breaks that starts with an empty line', `\r${REQUIRED}\rE1,Kim\rE2,Lee\r`, 'Lee'],
    [
      'CR line breaks with quoted fields holding commas',
      `${REQUIRED}\r"E1",Kim\rE2,"Lee, Ann"\r`,
      'Lee, Ann',
    ],
    [
      'CRLF line breaks, one inside a quoted field',
      `${REQUIRED}\r\nE1,Kim\r\nE2,"Lee\r\nAnn"\r\n`,
      'Lee\r\nAnn',
    ],
  ])('%s', async (_, text, second) => {
    const result = await readImportCsv(write('breaks.csv', text))
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows.map((cells) => cells.slice(0, 2))).toEqual([
      ['E1', 'Kim'],
      ['E2', second],
    ])
  })

  it('a Windows-1252 file as such, saying so', async () => {
    const bytes = Buffer.from(`${REQUIRED}\nE1,Jürgen Müller\nE2,Siobhán\n`, 'latin1')
    const result = await readImportCsv(write('windows.csv', bytes))
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.encoding).toBe('Windows-1252')
    expect(result.rows.map((cells) => cells[1])).toEqual(['Jürgen Müller', 'Siobhán'])
  })

  it('reports its progress after each read, and the whole file at the end with the last line counted', async () => {
    const text = `${REQUIRED}\nE1,Kim\nE2,Lee\nE3,Ann`
    const file = write('progress.csv', text)
    const progress: ReadProgress[] = []
    const result = await readImportCsv(file, { onProgress: (p) => progress.push(p) })
    if (!result.ok) throw new Error(result.errors[0].message)
    expect(result.rows.map((cells) => cells[0])).toEqual(['E1', 'E2', 'E3'])
    const size = Buffer.byteLength(text)
    expect(progress).toEqual([
      { bytes: size, totalBytes: size, rows: 2 },
      { bytes: size, totalBytes: size, rows: 3 },
    ])
  })
})
