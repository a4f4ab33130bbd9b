import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { ImportResult } from '../../src-shared/contract'
import { IMPORT_HEADERS } from '../../src-shared/domain/import-format'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const at = (name: string) => path.join(dir, name)

async function importFile(workbook: string, csv: string) {
  const result = await cli('import', workbook, csv, '--json')
  return { ...result, value: result.json[0] as ImportResult }
}

async function counts(file: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const count = (table: string) =>
      workbook.sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number
    return {
      employees: count('employee'),
      teams: count('team'),
      payRanges: count('pay_range'),
      jobProfiles: count('job_profile'),
    }
  } finally {
    await workbook.close()
  }
}

/**
 * Writes `contents` as `name`, imports it into a new workbook and expects the file refused: exit 1,
 * status 'aborted', no row read, nothing written, and one file-level error.
 */
async function expectRefused(
  name: string,
  contents: string | Buffer,
  error: Omit<ImportResult['errors'][number], 'id'>,
) {
  const csv = at(name)
  fs.writeFileSync(csv, contents)
  const target = at(`${name}.paycycle`)
  const { code, value } = await importFile(target, csv)
  expect(code).toBe(1)
  expect(value).toEqual({
    status: 'aborted',
    rows: 0,
    imported: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    plansAffected: 0,
    planMode: 'keep-percent',
    errors: [{ ...error, id: '' }],
    warnings: [],
  })
  expect((await counts(target)).employees).toBe(0)
}

describe('cli import and export', () => {
  const demoCsv = at('demo.csv')
  const workbook = at('imported.paycycle')

  beforeAll(async () => {
    expect((await cli('demo-csv', demoCsv, '--employees', '300', '--seed', '4')).code).toBe(0)
  })

  it('imports the demo company into a new workbook: employees, pay ranges, job profiles and a team per manager', async () => {
    const { code, value } = await importFile(workbook, demoCsv)
    expect(code).toBe(0)
    expect(value).toEqual({
      status: 'imported',
      rows: 300,
      imported: 300,
      created: 300,
      updated: 0,
      unchanged: 0,
      plansAffected: 0,
      planMode: 'keep-percent',
      errors: [],
      warnings: [],
    })
    const imported = await counts(workbook)
    expect(imported.employees).toBe(300)
    expect(imported.payRanges).toBeGreaterThan(3)
    const db = await openWorkbook(workbook, { readonly: true })
    const managers = db.sqlite
      .prepare('SELECT COUNT(DISTINCT manager_id) FROM employee WHERE manager_id IS NOT NULL')
      .pluck()
      .get()
    const names = db.sqlite
      .prepare(
        "SELECT COUNT(*) FROM team t JOIN employee m ON m.id = t.manager_id WHERE t.name = m.name || '''s Team'",
      )
      .pluck()
      .get()
    const misplaced = db.sqlite
      .prepare(
        'SELECT COUNT(*) FROM employee e JOIN team t ON t.id = e.team_id WHERE t.manager_id IS NOT e.manager_id',
      )
      .pluck()
      .get()
    await db.close()
    expect(imported.teams).toBe(managers)
    expect(names).toBe(managers)
    expect(misplaced).toBe(0)
  })

  it('export → import → export is the identity', async () => {
    const first = at('export-1.csv')
    expect((await cli('export', workbook, first)).code).toBe(0)
    // The demo CSV is written in the export's normalised form, so the export gives back the source file.
    expect(fs.readFileSync(first, 'utf8')).toBe(fs.readFileSync(demoCsv, 'utf8'))
    const again = at('again.paycycle')
    expect((await importFile(again, first)).value.status).toBe('imported')
    const second = at('export-2.csv')
    expect((await cli('export', again, second)).code).toBe(0)
    expect(fs.readFileSync(second, 'utf8')).toBe(fs.readFileSync(first, 'utf8'))
    expect(fs.readFileSync(first, 'utf8').split('\r\n')[0]).toBe(IMPORT_HEADERS.join(','))
    // Its own export, imported again, changes no employee.
    expect((await importFile(again, first)).value).toMatchObject({ created: 0, updated: 0, unchanged: 300 })
  })

  it('a re-import updates employees by Employee Id instead of adding them', async () => {
    const csv = at('rename.csv')
    const lines = fs.readFileSync(at('export-1.csv'), 'utf8').trimEnd().split('\r\n')
    const header = lines[0].split(',')
    const nameAt = header.indexOf('Name')
    const fields = lines[1].split(',')
    fields[nameAt] = 'Renamed Person'
    fs.writeFileSync(csv, `${lines[0]}\r\n${fields.join(',')}\r\n`)
    expect((await importFile(workbook, csv)).value).toMatchObject({
      status: 'imported',
      imported: 1,
      created: 0,
      updated: 1,
      unchanged: 0,
    })
    expect((await counts(workbook)).employees).toBe(300)
    const db = await openWorkbook(workbook, { readonly: true })
    const name = db.sqlite
      .prepare('SELECT name FROM employee WHERE company_employee_id = ?')
      .pluck()
      .get(fields[0])
    await db.close()
    expect(name).toBe('Renamed Person')
  })

  it('a re-import that moves people keeps teams following the manager column, with names and budgets kept', async () => {
    const target = at('moves.paycycle')
    const header =
      'Employee Id,Name,Manager Employee Id,Job Code,Pay Range Name,Pay Currency,Salaried,Hire Date'
    const write = (name: string, rows: string[]) => {
      fs.writeFileSync(at(name), [header, ...rows].join('\r\n'))
      return at(name)
    }
    const first = write('moves-1.csv', [
      'A,Ann,,J,R,,,2020-01-01',
      'B,Bo,A,J,R,,,2020-01-01',
      'C,Cy,B,J,R,,,2020-01-01',
      'D,Di,B,J,R,,,2020-01-01',
    ])
    expect((await importFile(target, first)).value.status).toBe('imported')
    const budget = await openWorkbook(target)
    budget.sqlite.prepare("UPDATE team SET budget = 5000 WHERE name = 'Bo''s Team'").run()
    await budget.close()
    // D now reports to C (who becomes a manager), B to nobody; A is not in the file and keeps no reports.
    const second = write('moves-2.csv', [
      'B,Bo,,J,R,,,2020-01-01',
      'C,Cy,B,J,R,,,2020-01-01',
      'D,Di,C,J,R,,,2020-01-01',
    ])
    expect((await importFile(target, second)).value).toMatchObject({ status: 'imported', imported: 3 })
    const db = await openWorkbook(target, { readonly: true })
    const teams = db.sqlite
      .prepare(
        `SELECT t.name, m.company_employee_id AS manager, p.name AS parent, t.budget FROM team t
         JOIN employee m ON m.id = t.manager_id LEFT JOIN team p ON p.id = t.parent_team_id ORDER BY t.id`,
      )
      .all()
    const members = db.sqlite
      .prepare(
        'SELECT e.company_employee_id AS id, t.name AS team FROM employee e LEFT JOIN team t ON t.id = e.team_id ORDER BY 1',
      )
      .all()
    const broken = db.sqlite.pragma('foreign_key_check')
    await db.close()
    expect(teams).toEqual([
      { name: "Ann's Team", manager: 'A', parent: null, budget: null },
      { name: "Bo's Team", manager: 'B', parent: null, budget: 5000 },
      { name: "Cy's Team", manager: 'C', parent: "Bo's Team", budget: null },
    ])
    expect(members).toEqual([
      { id: 'A', team: null },
      { id: 'B', team: null },
      { id: 'C', team: "Bo's Team" },
      { id: 'D', team: "Cy's Team" },
    ])
    expect(broken).toEqual([])
  })

  it('escapes text that would run as a spreadsheet formula, keeps numbers as numbers, and reads it back', async () => {
    const csv = at('formula.csv')
    fs.writeFileSync(
      csv,
      [
        'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Current Base Pay (Country Currency),Job Title',
        'F1,=HYPERLINK("http://x"),usd,yes,1/2/2020,J1,R1,"52,000.5",@SUM(A1)',
      ].join('\r\n'),
    )
    const target = at('formula.paycycle')
    expect((await importFile(target, csv)).value.status).toBe('imported')
    const out = at('formula-out.csv')
    await cli('export', target, out)
    const line = fs.readFileSync(out, 'utf8').split('\r\n')[1]
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(line).toContain("'@SUM(A1)")
    expect(line).toContain(',52000.5,')
    expect(line).toContain(',USD,true,2020-01-02,')
    const back = at('formula-back.paycycle')
    expect((await importFile(back, out)).value.status).toBe('imported')
    const db = await openWorkbook(back, { readonly: true })
    const row = db.sqlite.prepare('SELECT name, job_title FROM employee').get()
    await db.close()
    expect(row).toEqual({ name: '=HYPERLINK("http://x")', job_title: '@SUM(A1)' })
  })

  it('reads a UTF-8 BOM, CRLF, quoted commas, quotes and newlines, any header case; skips empty lines and drops unknown headers', async () => {
    const csv = at('tricky.csv')
    fs.writeFileSync(
      csv,
      '\uFEFF EMPLOYEE ID ,name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Favourite Colour\r\n' +
        '\r\n' +
        'T1,"O\'Brien, Jr., ""Pat""",USD,true,2021-05-01,J9,R9,blue\r\n' +
        ',,,,,,,\r\n' +
        'T2,"Line\nBreak",USD,true,2021-05-01,J9,R9,red\r\n',
    )
    const target = at('tricky.paycycle')
    const { value } = await importFile(target, csv)
    expect(value).toEqual({
      status: 'imported',
      rows: 2,
      imported: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      plansAffected: 0,
      planMode: 'keep-percent',
      errors: [],
      warnings: [],
    })
    const db = await openWorkbook(target, { readonly: true })
    const names = db.sqlite.prepare('SELECT name FROM employee ORDER BY company_employee_id').pluck().all()
    await db.close()
    expect(names).toEqual(['O\'Brien, Jr., "Pat"', 'Line\nBreak'])
  })

  it('reads a file saved as plain CSV on Windows (Windows-1252) with its accents and quotes intact', async () => {
    const header = 'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name\r\n'
    const csv = at('windows.csv')
    fs.writeFileSync(
      csv,
      Buffer.concat([
        Buffer.from(`${header}W1,Kim,USD,true,2021-05-01,J9,R9\r\n`),
        Buffer.from(
          'W2,Jürgen Müller,USD,true,2021-05-01,J9,R9\r\nW3,Siobhán O’Neill,USD,true,2021-05-01,J9,R9\r\n',
          'latin1',
        ),
      ]),
    )
    // 'latin1' wrote ’ (U+2019) as 0x19; Windows-1252 has it at 0x92.
    const bytes = fs.readFileSync(csv)
    bytes[bytes.indexOf(0x19)] = 0x92
    fs.writeFileSync(csv, bytes)
    const target = at('windows.paycycle')
    const { value } = await importFile(target, csv)
    expect(value).toEqual({
      status: 'imported',
      rows: 3,
      imported: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      plansAffected: 0,
      planMode: 'keep-percent',
      errors: [],
      warnings: [],
    })
    // Without --json the CLI says how it read the file.
    const again = await cli('import', at('windows-text.paycycle'), csv)
    expect(again.text).toEqual([
      'imported: 3 of 3 rows imported, 0 errors.',
      '  3 new, 0 updated, 0 unchanged.',
      'windows.csv is not UTF-8: read as Windows-1252, check accented names.',
    ])
    const db = await openWorkbook(target, { readonly: true })
    const names = db.sqlite.prepare('SELECT name FROM employee ORDER BY company_employee_id').pluck().all()
    await db.close()
    expect(names).toEqual(['Kim', 'Jürgen Müller', 'Siobhán O’Neill'])
  })

  it('aborts without writing when a row is not UTF-8 after UTF-8 rows, naming the row', async () => {
    await expectRefused(
      'mixed.csv',
      Buffer.concat([
        Buffer.from(
          'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name\r\nM1,Søren,USD,true,2021-05-01,J9,R9\r\n',
        ),
        Buffer.from('M2,Jürgen,USD,true,2021-05-01,J9,R9\r\n', 'latin1'),
      ]),
      {
        row: 2,
        header: '',
        code: 'MixedEncoding',
        message:
          'Data row 2 is not UTF-8 text, but the rows before it are. Save the file as "CSV UTF-8" and choose it again.',
      },
    )
  })

  it('aborts without writing when a UTF-8 row follows rows read as Windows-1252, naming the row', async () => {
    await expectRefused(
      'mixed-back.csv',
      Buffer.concat([
        Buffer.from(
          'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name\r\nM1,Jürgen,USD,true,2021-05-01,J9,R9\r\n',
          'latin1',
        ),
        Buffer.from('M2,Michał,USD,true,2021-05-01,J9,R9\r\n', 'utf8'),
      ]),
      {
        row: 2,
        header: '',
        code: 'MixedEncoding',
        message:
          'Data row 2 is UTF-8 text, but the rows before it are not (they read as Windows-1252). Save the file as "CSV UTF-8" and choose it again.',
      },
    )
  })

  it('aborts without writing when a header appears twice, naming its columns', async () => {
    await expectRefused(
      'twice.csv',
      'Employee Id,Name,Email,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name, email\r\n' +
        'D1,Dee,old@example.com,USD,true,2020-01-01,J,R,new@example.com\r\n',
      {
        row: 0,
        header: 'Email',
        code: 'DuplicateHeader',
        message: 'The header "Email" appears twice, in columns C and I. Keep one and choose the file again.',
      },
    )
  })

  it('refuses an Excel workbook, UTF-16 text or a file not separated by commas, saying how to save a CSV', async () => {
    const saveAs = 'In Excel, use File › Save As › "CSV UTF-8 (Comma delimited)" and choose that file.'
    const notCsv = (message: string) => ({ row: 0, header: '', code: 'NotCsv', message })
    await expectRefused(
      'people.xlsx',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      notCsv(`people.xlsx is an Excel workbook (or another packed file), not CSV text. ${saveAs}`),
    )
    await expectRefused(
      'people.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]),
      notCsv(`people.xls is an Excel workbook (or another packed file), not CSV text. ${saveAs}`),
    )
    await expectRefused(
      'unicode.txt',
      Buffer.from('\ufeffEmployee Id,Name\r\n', 'utf16le'),
      notCsv(`unicode.txt is UTF-16 text (Excel's "Unicode Text"), not CSV UTF-8. ${saveAs}`),
    )
    await expectRefused(
      'europe.csv',
      'Employee Id;Name;Pay Currency;Salaried;Hire Date;Job Code;Pay Range Name\r\nE1;Eva;EUR;true;2020-01-01;J;R\r\n',
      {
        row: 0,
        header: '',
        code: 'NotCommaSeparated',
        message: `The columns of europe.csv are separated by semicolons, not commas. ${saveAs}`,
      },
    )
    await expectRefused('tabs.txt', 'Employee Id\tName\r\nE1\tEva\r\n', {
      row: 0,
      header: '',
      code: 'NotCommaSeparated',
      message: `The columns of tabs.txt are separated by tabs, not commas. ${saveAs}`,
    })
    await expectRefused(
      'photo.csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
      notCsv('photo.csv is not a text file, so it cannot be a CSV file.'),
    )
  })

  it("aborts without writing when a required header is missing: 'Your data is missing the required header: <label>'", async () => {
    await expectRefused(
      'noname.csv',
      'Employee Id,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name\r\nX1,USD,true,2020-01-01,J,R\r\n',
      {
        row: 0,
        header: 'Name',
        code: 'MissingRequiredHeader',
        message: 'Your data is missing the required header: Name',
      },
    )
  })

  it('reports every invalid row with row, header, id, code and message, and writes nothing', async () => {
    const csv = at('invalid.csv')
    fs.writeFileSync(
      csv,
      [
        'Employee Id,Name,Email,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name',
        'V1,Valid One,v1@x.test,USD,true,2020-01-01,J,R',
        'V2,Bad Mail,nope,USD,maybe,2020-01-01,J,R',
        'V3,,v3@x.test,XYZ,true,someday,J,R',
      ].join('\n'),
    )
    const target = at('invalid.paycycle')
    const { code, value } = await importFile(target, csv)
    expect(code).toBe(1)
    expect(value.status).toBe('invalid')
    expect(value.errors).toEqual([
      { row: 2, header: 'Email', id: 'V2', code: 'InvalidEmail', message: 'Invalid email format' },
      { row: 2, header: 'Salaried', id: 'V2', code: 'InvalidBoolean', message: 'Invalid boolean value' },
      {
        row: 3,
        header: 'Name',
        id: 'V3',
        code: 'Missing-employeeName',
        message: 'Required field "employeeName" is missing in row 3',
      },
      {
        row: 3,
        header: 'Pay Currency',
        id: 'V3',
        code: 'UnsupportedCurrency',
        message: 'Unsupported currency',
      },
      { row: 3, header: 'Hire Date', id: 'V3', code: 'InvalidDate', message: 'Invalid date' },
    ])
    expect((await counts(target)).employees).toBe(0)
  })

  it("a blank Hire Date is the spec's Missing-hireDate, not the import's date (docs/decisions.md); blank Pay Currency and Salaried take USD and true", async () => {
    const csv = at('no-hire-date.csv')
    fs.writeFileSync(
      csv,
      [
        'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name',
        'H1,Has Date,,,2020-01-01,J,R',
        'H2,No Date,USD,true,,J,R',
        'H3,Null Date,USD,true,n/a,J,R',
      ].join('\n'),
    )
    const target = at('no-hire-date.paycycle')
    const { code, value } = await importFile(target, csv)
    expect(code).toBe(1)
    expect(value.errors).toEqual([
      {
        row: 2,
        header: 'Hire Date',
        id: 'H2',
        code: 'Missing-hireDate',
        message: 'Required field "hireDate" is missing in row 2',
      },
      {
        row: 3,
        header: 'Hire Date',
        id: 'H3',
        code: 'Missing-hireDate',
        message: 'Required field "hireDate" is missing in row 3',
      },
    ])
    expect((await counts(target)).employees).toBe(0)
  })

  it('prints a --json answer longer than a pipe holds whole before exiting', () => {
    const csv = at('bad-emails.csv')
    const lines = ['Employee Id,Name,Email,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name']
    for (let i = 1; i <= 5000; i++) lines.push(`B${i},Person ${i},not-an-email-${i},USD,true,2020-01-01,J,R`)
    fs.writeFileSync(csv, lines.join('\r\n'))
    // The CLI as its own process, its answer (about 700 KB) read through a pipe, which holds far less.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'import', at('bad-emails.paycycle'), csv, '--json'],
      { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    )
    expect(run.status).toBe(1)
    const answer = JSON.parse(run.stdout) as ImportResult
    expect(answer.errors).toHaveLength(5000)
    expect(answer.errors.at(-1)).toMatchObject({ row: 5000, id: 'B5000', code: 'InvalidEmail' })
  })

  it('without --json, says what was imported and lists the errors, or why the file was refused', async () => {
    const csv = at('text-mode.csv')
    const lines = ['Employee Id,Name,Email,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name']
    for (let i = 1; i <= 25; i++) lines.push(`T${i},Person ${i},not-an-email,USD,true,2020-01-01,J,R`)
    fs.writeFileSync(csv, lines.join('\r\n'))
    const invalid = await cli('import', at('text-mode.paycycle'), csv)
    expect(invalid.code).toBe(1)
    expect(invalid.text).toHaveLength(1 + 20 + 1)
    expect(invalid.text[0]).toBe('invalid: 0 of 25 rows imported, 25 errors.')
    expect(invalid.text[1]).toBe('  row 1, Email (T1): Invalid email format')
    expect(invalid.text.at(-1)).toBe('  … and 5 more (--json lists them all).')

    fs.writeFileSync(csv, 'Employee Id,Email\r\nT1,t@example.com\r\n')
    const refused = await cli('import', at('text-mode.paycycle'), csv)
    expect(refused.text).toEqual([
      'aborted: 0 of 0 rows imported, 1 error.',
      '  Your data is missing the required header: Name',
    ])
  })

  it('exits 2 on a missing CSV or workbook problems', async () => {
    expect((await cli('import', at('x.paycycle'), at('missing.csv'), '--json')).code).toBe(2)
    fs.writeFileSync(at('not.paycycle'), 'hello')
    expect((await cli('import', at('not.paycycle'), demoCsv, '--json')).code).toBe(2)
    expect((await cli('export', at('absent.paycycle'), at('o.csv'))).code).toBe(2)
  })
})
