import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import type { EventPayloads, ImportSummary } from '../../src-shared/contract'
import { importHeaderLine } from '../../src-shared/domain/csv-format'
import { exportCompany } from '../../src-main/services/import/export'
import { ImportJobs } from '../../src-main/services/import/jobs'
import { readImportCsv } from '../../src-main/services/import/read-csv'
import { openWorkbook, type Workbook } from '../../src-main/workbook/open'
import { call } from '../support/import-review'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/**
 * Manage Data's import jobs at their edges (mutation testing, issue 20), with small files so that
 * each test is cheap to re-run: what a job reports while and after reading, files added, refused,
 * empty or cancelled, the rows' pages, the commit's progress and a failed write, the export.
 * tests/integration/import-jobs.test.ts reads a 30,000-row file for the progress of a large read.
 */
const dir = tempDir()
const { dispatcher, session, events, logs } = testBackend(dir)
const HEADER = 'Name,Employee Id,Notes,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay'
/** HEADER's columns in the import format's order (Notes is not one of them). */
const HEADERS = [
  'Employee Id',
  'Name',
  'Pay Currency',
  'Salaried',
  'Hire Date',
  'Job Code',
  'Pay Range Name',
  'Min Pay',
]

/** A valid row of HEADER for employee `id`. */
const row = (id: string, name = `Person ${id}`) => `${name},${id},,USD,true,2020-01-01,J,Band,1000`

function writeCsv(name: string, rows: string[], header = HEADER): string {
  const target = path.join(dir, name)
  fs.writeFileSync(target, [header, ...rows].join('\r\n') + '\r\n')
  return target
}

function workbook(): Workbook {
  if (!session.workbook) throw new Error('No workbook is open.')
  return session.workbook
}

async function readFile(csv: string): Promise<ImportSummary> {
  const { importId } = await call(dispatcher.dispatch('import.start', { path: csv }))
  return session.imports.whenSettled(importId)
}

async function append(importId: string, csv: string): Promise<ImportSummary> {
  await call(dispatcher.dispatch('import.append', { importId, path: csv }))
  return session.imports.whenSettled(importId)
}

const progressOf = () =>
  events.filter((e) => e.event === 'task.progress').map((e) => e.payload as EventPayloads['task.progress'])
const changedOf = () =>
  events.filter((e) => e.event === 'import.changed').map((e) => e.payload as EventPayloads['import.changed'])

const NOT_OPEN = { code: 'NOT_FOUND', message: 'This import is no longer open; choose the file again.' }

beforeAll(async () => {
  const created = await dispatcher.dispatch('workbook.create', {
    path: path.join(dir, 'edges.paycycle'),
    companyName: 'Edges',
    ownerName: 'Owner',
    ownerEmail: 'owner@edges.test',
  })
  expect(created.ok).toBe(true)
})

afterEach(() => session.imports.discardAll())

describe('an import job, reading', () => {
  it('is parsing at first, then in review with its batch, the headers in the format’s order, the read’s and the check’s progress', async () => {
    events.length = 0
    const csv = writeCsv('three.csv', [
      row('A1'),
      row('A2'),
      'Person A3,A3,,USD,maybe,2020-01-01,J,Band,1000',
    ])
    const started = await call(dispatcher.dispatch('import.start', { path: csv }))
    expect(started).toEqual({
      importId: expect.any(String),
      phase: 'parsing',
      batches: [],
      rows: 0,
      rowsWithErrors: 0,
      errorCount: 0,
      headers: [],
      abortReason: null,
      imported: 0,
      undoLabel: null,
      redoLabel: null,
      outcome: null,
      pendingEdit: null,
    })
    const read = await session.imports.whenSettled(started.importId)
    expect(read).toEqual({
      ...started,
      phase: 'review',
      batches: [{ fileName: 'three.csv', offset: 0, rows: 3, encoding: 'UTF-8' }],
      rows: 3,
      rowsWithErrors: 1,
      errorCount: 1,
      headers: HEADERS,
    })
    const size = fs.statSync(csv).size
    expect(progressOf()).toEqual([
      {
        task: 'import',
        done: size,
        total: size,
        message: expect.stringMatching(/^3 rows · [\d,]+ rows\/s$/),
        step: { phase: 'read', rows: 3, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: size,
        total: size,
        message: expect.stringMatching(/^3 rows · [\d,]+ rows\/s$/),
        step: { phase: 'read', rows: 3, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: 0,
        total: 3,
        message: 'Checking 3 rows',
        step: { phase: 'validate', rows: 0, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: 3,
        total: 3,
        message: '3 rows checked',
        step: { phase: 'validate', rows: 3, rowsTotal: 3 },
      },
    ])
    expect(changedOf()).toEqual([read])
  })

  it('reports a read of more than one chunk with the rows so far, their total only at the end, in thousands', async () => {
    events.length = 0
    // 1,200 rows of about 1 KiB each (in the Notes column, which the import drops): two reads of 1 MiB.
    const notes = 'n'.repeat(1000)
    const rows = Array.from({ length: 1200 }, (_, i) => row(`B${i}`).replace(',,', `,${notes},`))
    const csv = writeCsv('wide.csv', rows)
    const from = performance.now()
    const read = await readFile(csv)
    const seconds = (performance.now() - from) / 1000
    expect(read).toMatchObject({ phase: 'review', rows: 1200, errorCount: 0 })
    const reads = progressOf().filter((p) => p.step?.phase === 'read')
    expect(reads.length).toBe(3)
    expect(reads[0].done).toBe(1 << 20)
    expect(reads[0].step).toEqual({ phase: 'read', rows: expect.any(Number), rowsTotal: null })
    expect(reads[0].step?.rows).toBeGreaterThan(900)
    expect(reads[0].step?.rows).toBeLessThan(1200)
    expect(reads[2].message).toMatch(/^1,200 rows · [\d,]+ rows\/s$/)
    // Rows per second over the read so far: at least the rows over the whole wait, and reading 1.2 MB
    // takes longer than the millisecond the rate is floored at.
    const perSecond = Number(reads[2].message.split(' · ')[1].replace(/[^\d]/g, ''))
    expect(perSecond).toBeGreaterThanOrEqual(Math.floor(1200 / seconds))
    expect(perSecond).toBeLessThan(1200 * 1000)
    expect(reads[2].step).toEqual({ phase: 'read', rows: 1200, rowsTotal: 1200 })
    expect(
      progressOf()
        .filter((p) => p.step?.phase === 'validate')
        .map((p) => p.message),
    ).toEqual(['Checking 1,200 rows', '1,200 rows checked'])
  })

  it('ends aborted with the file’s first refusal, whose report is that refusal alone', async () => {
    const refused = await readFile(writeCsv('refused.csv', ['E1,Eve'], 'Employee Id,Email,email'))
    expect(refused).toMatchObject({ phase: 'aborted', rows: 0, batches: [], errorCount: 0 })
    expect(refused.abortReason).toEqual({
      row: 0,
      header: 'Name',
      id: '',
      code: 'MissingRequiredHeader',
      message: 'Your data is missing the required header: Name',
      consistencyKey: null,
    })
    const report = await call(dispatcher.dispatch('import.errorReport', { importId: refused.importId }))
    expect(parse(report.csv)).toEqual([
      ['Row', 'Employee Id', 'Header', 'Code', 'Message', 'Consistency Key'],
      ['0', '', 'Name', 'MissingRequiredHeader', 'Your data is missing the required header: Name', ''],
    ])
    expect(
      await dispatcher.dispatch('import.editCell', {
        importId: refused.importId,
        row: 1,
        field: 'name',
        value: 'x',
      }),
    ).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'The import is aborted, not waiting for review.' },
    })
    expect(
      await dispatcher.dispatch('import.append', {
        importId: refused.importId,
        path: writeCsv('later.csv', [row('L1')]),
      }),
    ).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Another file can be added only while reviewing an import.' },
    })
  })

  it('ends aborted when the file has a header and no rows, naming the file', async () => {
    const empty = await readFile(writeCsv('nobody.csv', []))
    expect(empty).toMatchObject({ phase: 'aborted', rows: 0, batches: [] })
    expect(empty.abortReason).toEqual({
      row: 0,
      header: '',
      id: '',
      code: 'NoRows',
      message: 'nobody.csv has no employee rows.',
      consistencyKey: null,
    })
  })

  it('ends aborted, "Cancelled", when cancelled while reading; a cancel in review changes nothing', async () => {
    events.length = 0
    const started = session.imports.start(workbook(), writeCsv('cancel.csv', [row('C1')]))
    const cancelled = session.imports.cancel(started.importId)
    expect(cancelled.phase).toBe('parsing')
    const settled = await session.imports.whenSettled(started.importId)
    expect(settled).toMatchObject({ phase: 'aborted', rows: 0, errorCount: 0 })
    expect(settled.abortReason).toEqual({
      row: 0,
      header: '',
      id: '',
      code: 'Cancelled',
      message: 'The import was cancelled.',
      consistencyKey: null,
    })
    expect(progressOf()).toEqual([])
    expect(changedOf()).toEqual([settled])

    const read = await readFile(writeCsv('kept.csv', [row('K1')]))
    expect(await call(dispatcher.dispatch('import.cancel', { importId: read.importId }))).toEqual(read)
    expect(await session.imports.whenSettled(read.importId)).toEqual(read)
  })

  it('keeps the rows it read, in review, when checking them fails, saying the file could not be read', async () => {
    const closed = await openWorkbook(workbook().path, { readonly: true })
    await closed.close()
    if (closed.sqlite.open) closed.sqlite.close()
    const started = session.imports.start(closed, writeCsv('closed.csv', [row('W1')]))
    const settled = await session.imports.whenSettled(started.importId)
    expect(settled).toMatchObject({ phase: 'review', rows: 1 })
    expect(settled.abortReason).toEqual({
      row: 0,
      header: '',
      id: '',
      code: 'ReadFailed',
      message: expect.stringMatching(/^The file could not be read: ./),
      consistencyKey: null,
    })
  })

  it('is no longer open once discarded, even while reading, and says nothing more of it', async () => {
    events.length = 0
    const started = session.imports.start(workbook(), writeCsv('dropped.csv', [row('D1')]))
    await call(dispatcher.dispatch('import.discard', { importId: started.importId }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(changedOf()).toEqual([])
    expect(await dispatcher.dispatch('import.summary', { importId: started.importId })).toEqual({
      ok: false,
      error: NOT_OPEN,
    })
    const other = await readFile(writeCsv('other.csv', [row('O1')]))
    session.imports.discardAll()
    expect(
      await dispatcher.dispatch('import.rows', {
        importId: other.importId,
        onlyErrors: false,
        offset: 0,
        limit: 1,
      }),
    ).toEqual({
      ok: false,
      error: NOT_OPEN,
    })
  })
})

describe('an import job in review', () => {
  it('adds a file after the rows it has; a refused, empty or cancelled one keeps them and says why', async () => {
    const first = await readFile(writeCsv('first.csv', [row('F1'), row('F2')]))
    const { importId } = first

    const refused = await append(importId, writeCsv('semi.csv', [], 'Employee Id;Name'))
    expect(refused).toMatchObject({ phase: 'review', rows: 2, batches: first.batches })
    expect(refused.abortReason).toMatchObject({ code: 'NotCommaSeparated' })
    const report = await call(dispatcher.dispatch('import.errorReport', { importId }))
    expect(
      parse(report.csv)
        .slice(1)
        .map((line: string[]) => line[3]),
    ).toEqual(['NotCommaSeparated'])

    const empty = await append(importId, writeCsv('none.csv', []))
    expect(empty).toMatchObject({
      phase: 'review',
      rows: 2,
      abortReason: { code: 'NoRows', message: 'none.csv has no employee rows.' },
    })

    await call(dispatcher.dispatch('import.append', { importId, path: writeCsv('stop.csv', [row('S1')]) }))
    session.imports.cancel(importId)
    const stopped = await session.imports.whenSettled(importId)
    expect(stopped).toMatchObject({ phase: 'review', rows: 2, abortReason: { code: 'Cancelled' } })

    const second = await append(
      importId,
      writeCsv(
        'second.csv',
        [
          'F3,Person F3,Fay,USD,maybe,2020-01-01,J,Band,1000',
          'F4,Person F4,Flo,USD,true,2020-01-01,J,Band,1000',
        ],
        'Employee Id,Name,Preferred name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay',
      ),
    )
    expect(second).toMatchObject({ phase: 'review', rows: 4, abortReason: null, rowsWithErrors: 1 })
    expect(second.batches).toEqual([
      { fileName: 'first.csv', offset: 0, rows: 2, encoding: 'UTF-8' },
      { fileName: 'second.csv', offset: 2, rows: 2, encoding: 'UTF-8' },
    ])
    expect(second.headers).toEqual(['Employee Id', 'Name', 'Preferred name', ...HEADERS.slice(2)])
    const report2 = await call(dispatcher.dispatch('import.errorReport', { importId }))
    expect(
      parse(report2.csv)
        .slice(1)
        .map((line: string[]) => line.slice(0, 2)),
    ).toEqual([['3', 'F3']])
  })

  it('pages its rows, or only those with errors in row order, with the ids trimmed and the present columns’ values', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(` G${i + 1} `))
    rows[9] = rows[9].replace('true', 'maybe')
    rows[8] = rows[8].replace('2020-01-01', 'soon')
    rows[1] = rows[1].replace('USD', 'XXX')
    const read = await readFile(writeCsv('pages.csv', rows))
    const { importId } = read
    expect(read).toMatchObject({ rows: 12, rowsWithErrors: 3, errorCount: 3 })
    const errors = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: true, offset: 0, limit: 10 }),
    )
    expect(errors.total).toBe(3)
    expect(errors.rows.map((r) => r.row)).toEqual([2, 9, 10])
    expect(errors.rows.map((r) => r.errors.length)).toEqual([1, 1, 1])
    const page = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 10, limit: 5 }),
    )
    expect(page.total).toBe(12)
    expect(page.rows).toEqual([
      {
        row: 11,
        id: 'G11',
        values: {
          employeeId: ' G11 ',
          employeeName: 'Person  G11 ',
          payCurrency: 'USD',
          salaried: 'true',
          hireDate: '2020-01-01',
          jobCode: 'J',
          payRangeName: 'Band',
          minPay: '1000',
        },
        errors: [],
      },
      expect.objectContaining({ row: 12, id: 'G12' }),
    ])
  })

  it('counts the imports in review with fixes, and their fixes', async () => {
    const one = await readFile(writeCsv('p1.csv', [row('P1'), row('P2')]))
    const two = await readFile(writeCsv('p2.csv', [row('P3')]))
    await readFile(writeCsv('p3.csv', [row('P4')]))
    const edit = (importId: string, value: string) =>
      call(dispatcher.dispatch('import.editCell', { importId, row: 1, field: 'employeeName', value }))
    await edit(one.importId, 'Pat')
    await edit(one.importId, 'Pia')
    await edit(two.importId, 'Quinn')
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 2, fixes: 3 })
  })
})

describe('an import job’s changes', () => {
  const edit = (importId: string, row: number, value: string) =>
    dispatcher.dispatch('import.editCell', { importId, row, field: 'employeeName', value })

  it('refuses an edit of a row the import does not have', async () => {
    const read = await readFile(writeCsv('short.csv', [row('S1'), row('S2')]))
    expect(await edit(read.importId, 3, 'Sam')).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'The import has no row 3.' },
    })
  })

  it('keeps the last 100 changes to undo, and redoes the last one taken back first', async () => {
    const { importId } = await readFile(writeCsv('many.csv', [row('M1')]))
    for (let n = 1; n <= 100; n++) await call(edit(importId, 1, `Name ${n}`))
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 1, fixes: 100 })
    await call(edit(importId, 1, 'Name 101'))
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 1, fixes: 100 })
    const undo = () => call(dispatcher.dispatch('import.undo', { importId }))
    await undo()
    await undo()
    const third = await undo()
    expect(third).toMatchObject({ undoLabel: 'Name in row 1', redoLabel: 'Name in row 1' })
    const page = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 1 }),
    )
    expect(page.rows[0].values.employeeName).toBe('Name 98')
    await call(dispatcher.dispatch('import.redo', { importId }))
    const again = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 1 }),
    )
    expect(again.rows[0].values.employeeName).toBe('Name 99')
  })
})

describe('an import job’s labels and counts', () => {
  it('names the last change taken back as the one to redo', async () => {
    const { importId } = await readFile(writeCsv('labels.csv', [row('L1'), row('L2'), row('L3')]))
    for (const n of [1, 2, 3])
      await call(
        dispatcher.dispatch('import.editCell', {
          importId,
          row: n,
          field: 'employeeName',
          value: `Lee ${n}`,
        }),
      )
    const undo = () => call(dispatcher.dispatch('import.undo', { importId }))
    expect(await undo()).toMatchObject({ undoLabel: 'Name in row 2', redoLabel: 'Name in row 3' })
    await undo()
    expect(await undo()).toMatchObject({ undoLabel: null, redoLabel: 'Name in row 1' })
  })

  it('counts no fixes of an import already written', async () => {
    const { importId } = await readFile(writeCsv('written.csv', [row('V1')]))
    await call(
      dispatcher.dispatch('import.editCell', { importId, row: 1, field: 'employeeName', value: 'Val' }),
    )
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 1, fixes: 1 })
    await call(dispatcher.dispatch('import.commit', { importId }))
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 0, fixes: 0 })
  })

  it('keeps the errors of its rows when a file added is refused', async () => {
    const read = await readFile(writeCsv('kept-errors.csv', [row('K1'), row('K2').replace('true', 'maybe')]))
    expect(read).toMatchObject({ rowsWithErrors: 1, errorCount: 1 })
    const refused = await append(read.importId, writeCsv('refused-too.csv', [], 'Employee Id;Name'))
    expect(refused).toMatchObject({ phase: 'review', rows: 2, rowsWithErrors: 1, errorCount: 1 })
  })
})

describe('an import job, committed', () => {
  it('refuses while rows have errors, naming how many', async () => {
    const read = await readFile(
      writeCsv('errors.csv', [row('X1').replace('true', 'maybe'), row('X2').replace('USD', 'XXX')]),
    )
    expect(await dispatcher.dispatch('import.commit', { importId: read.importId })).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Fix the 2 errors before importing.' },
    })
    expect(await session.imports.whenSettled(read.importId)).toEqual(read)
  })

  it('refuses a commit asked for while its rows are being checked: "The import has not been validated yet."', async () => {
    const csv = writeCsv('checking.csv', [row('V1')])
    let commit: Promise<ImportSummary> | null = null
    // Its own jobs, whose progress asks for the commit at the moment the rows' check begins.
    const jobs = new ImportJobs((event, payload) => {
      const step = event === 'task.progress' ? (payload as EventPayloads['task.progress']).step : null
      if (step?.phase === 'validate' && step.rows === 0) commit = jobs.commit(workbook(), session.user!, id)
    })
    const id = jobs.start(workbook(), csv).importId
    const read = await jobs.whenSettled(id)
    expect(commit).not.toBeNull()
    await expect(commit).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'The import has not been validated yet.',
    })
    // The refusal changed nothing: checked, it is in review and can be written.
    expect(read).toMatchObject({ phase: 'review', rows: 1, errorCount: 0, imported: 0 })
    expect(await jobs.commit(workbook(), session.user!, id)).toMatchObject({ phase: 'imported', imported: 1 })
  })

  it('stays in review when the write fails, and imports when it is tried again', async () => {
    const read = await readFile(writeCsv('retry.csv', [row('Y1')]))
    const sqlite = workbook().sqlite
    sqlite.exec(`CREATE TEMP TRIGGER refuse_batch BEFORE INSERT ON main.import_batch
      BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`)
    try {
      const failed = await dispatcher.dispatch('import.commit', { importId: read.importId })
      expect(failed.ok).toBe(false)
      expect(logs.some((line) => line.includes('the disk is full'))).toBe(true)
    } finally {
      sqlite.exec('DROP TRIGGER refuse_batch')
    }
    const summary = await session.imports.whenSettled(read.importId)
    expect(summary).toMatchObject({ phase: 'review', outcome: null, imported: 0 })
    const done = await call(dispatcher.dispatch('import.commit', { importId: read.importId }))
    expect(done).toMatchObject({ phase: 'imported', imported: 1 })
  })

  it('writes the rows of every file, saying how far it got, and records the files, the reader and the pay cycle', async () => {
    const before = new Date().toISOString()
    const first = await readFile(writeCsv('c1.csv', [row('Z1', 'Zoe'), row('Z2', 'Zak')]))
    const read = await append(first.importId, writeCsv('c2.csv', [row('Z3', 'Zia')]))
    const afterRead = new Date().toISOString()
    events.length = 0
    const done = await call(dispatcher.dispatch('import.commit', { importId: read.importId }))
    expect(done).toEqual({
      ...read,
      phase: 'imported',
      imported: 3,
      outcome: { created: 3, updated: 0, unchanged: 0, plansAffected: 0, planMode: 'keep-percent' },
    })
    expect(progressOf()).toEqual([
      {
        task: 'import',
        done: 0,
        total: 3,
        message: '0 employees written',
        step: { phase: 'write', rows: 0, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: 3,
        total: 3,
        message: '3 employees written',
        step: { phase: 'write', rows: 3, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: 0,
        total: 3,
        message: 'Saving 3 employees',
        step: { phase: 'commit', rows: 0, rowsTotal: 3 },
      },
      {
        task: 'import',
        done: 3,
        total: 3,
        message: '3 employees saved',
        step: { phase: 'commit', rows: 3, rowsTotal: 3 },
      },
    ])
    expect(changedOf()).toEqual([done])
    const sqlite = workbook().sqlite
    const batch = sqlite
      .prepare(
        'SELECT file_name, started_at, finished_at, user_id FROM import_batch ORDER BY id DESC LIMIT 1',
      )
      .get() as { file_name: string; started_at: string; finished_at: string; user_id: number }
    expect(batch.file_name).toBe('c1.csv, c2.csv')
    expect(batch.started_at >= before && batch.started_at <= afterRead).toBe(true)
    expect(batch.finished_at >= afterRead).toBe(true)
    expect(batch.user_id).toBe(session.user?.id)
    const cycle = sqlite.prepare('SELECT id FROM pay_cycle ORDER BY id DESC LIMIT 1').pluck().get()
    const cycles = sqlite
      .prepare("SELECT DISTINCT pay_cycle_id FROM employee WHERE company_employee_id LIKE 'Z%'")
      .pluck()
      .all()
    expect(cycles).toEqual([cycle])
  })

  it('exports the company in the import format, a file the import reads back', async () => {
    const target = path.join(dir, 'export.csv')
    const rows = await exportCompany(workbook(), target)
    const count = workbook().sqlite.prepare('SELECT COUNT(*) FROM employee').pluck().get()
    expect(rows).toBe(count)
    expect(fs.readFileSync(target, 'utf8').split(/\r?\n/)[0]).toBe(importHeaderLine())
    const back = await readImportCsv(target)
    if (!back.ok) throw new Error(back.errors[0].message)
    expect(back.rows.length).toBe(rows)
    expect(back.rows.map((cells) => cells[0])).toEqual(expect.arrayContaining(['Z1', 'Z2', 'Z3']))
  })
})
