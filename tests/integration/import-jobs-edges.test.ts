import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import type { EventPayloads, ImportProgressStep } from '../../src-shared/contract'
import { importHeaderLine } from '../../src-shared/domain/csv-format'
import { exportCompany } from '../../src-main/services/import/export'
import { ImportJobs } from '../../src-main/services/import/jobs'
import { readImportCsv } from '../../src-main/services/import/read-csv'
import { openWorkbook } from '../../src-main/workbook/open'
import { abortReason, call, importSession, refusal, writeCsv } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * Manage Data's import jobs at their edges (mutation testing, issue 20), with small files so that
 * each test is cheap to re-run: what a job reports while and after reading, files added, refused,
 * empty or cancelled, the rows' pages, the commit's progress and a failed write, the export.
 * tests/integration/import-jobs.test.ts reads a 30,000-row file for the progress of a large read.
 */
const dir = tempDir()
const { dispatcher, session, events, logs, workbook, readFile, append, progressOf, changedOf } =
  importSession(dir, 'Edges')
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

const csvOf = (name: string, rows: string[], header = HEADER) => writeCsv(dir, name, header, rows)

/** One progress event of the import. */
const progress = (done: number, total: number, message: string | RegExp, step: ImportProgressStep) => ({
  task: 'import',
  done,
  total,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
  step,
})

const NOT_OPEN = refusal('This import is no longer open; choose the file again.', 'NOT_FOUND')

/** Row `row`'s Name set to `value` (one change to undo), as answered. */
const editName = (importId: string, row: number, value: string) =>
  dispatcher.dispatch('import.editCell', { importId, row, field: 'employeeName', value })
const undo = (importId: string) => call(dispatcher.dispatch('import.undo', { importId }))
const pending = () => call(dispatcher.dispatch('import.pending', {}))
/** The name in the import's first row. */
const firstName = async (importId: string) =>
  (await call(dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 1 })))
    .rows[0].values.employeeName

afterEach(() => session.imports.discardAll())

describe('an import job, reading', () => {
  it('is parsing at first, then in review with its batch, the headers in the format’s order, the read’s and the check’s progress', async () => {
    events.length = 0
    const csv = csvOf('three.csv', [row('A1'), row('A2'), 'Person A3,A3,,USD,maybe,2020-01-01,J,Band,1000'])
    const started = await call(dispatcher.dispatch('import.start', { path: csv }))
    expect(started).toEqual({
      importId: expect.any(String),
      phase: 'parsing',
      batches: [],
      rows: 0,
      rowsWithErrors: 0,
      errorCount: 0,
      warnings: [],
      warningCount: 0,
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
      progress(size, size, /^3 rows · [\d,]+ rows\/s$/, { phase: 'read', rows: 3, rowsTotal: 3 }),
      progress(size, size, /^3 rows · [\d,]+ rows\/s$/, { phase: 'read', rows: 3, rowsTotal: 3 }),
      progress(0, 3, 'Checking 3 rows', { phase: 'validate', rows: 0, rowsTotal: 3 }),
      progress(3, 3, '3 rows checked', { phase: 'validate', rows: 3, rowsTotal: 3 }),
    ])
    expect(changedOf()).toEqual([read])
  })

  it('reports a read of more than one chunk with the rows so far, their total only at the end, in thousands', async () => {
    events.length = 0
    // 1,200 rows of about 1 KiB each (in the Notes column, which the import drops): two reads of 1 MiB.
    const notes = 'n'.repeat(1000)
    const rows = Array.from({ length: 1200 }, (_, i) => row(`B${i}`).replace(',,', `,${notes},`))
    const csv = csvOf('wide.csv', rows)
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
    const refused = await readFile(csvOf('refused.csv', ['E1,Eve'], 'Employee Id,Email,email'))
    expect(refused).toMatchObject({ phase: 'aborted', rows: 0, batches: [], errorCount: 0 })
    expect(refused.abortReason).toEqual(
      abortReason('MissingRequiredHeader', 'Your data is missing the required header: Name', 'Name'),
    )
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
    ).toEqual(refusal('The import is aborted, not waiting for review.'))
    expect(
      await dispatcher.dispatch('import.append', {
        importId: refused.importId,
        path: csvOf('later.csv', [row('L1')]),
      }),
    ).toEqual(refusal('Another file can be added only while reviewing an import.'))
  })

  it('ends aborted when the file has a header and no rows, naming the file', async () => {
    const empty = await readFile(csvOf('nobody.csv', []))
    expect(empty).toMatchObject({ phase: 'aborted', rows: 0, batches: [] })
    expect(empty.abortReason).toEqual(abortReason('NoRows', 'nobody.csv has no employee rows.'))
  })

  it('ends aborted, "Cancelled", when cancelled while reading; a cancel in review changes nothing', async () => {
    events.length = 0
    const started = session.imports.start(workbook(), csvOf('cancel.csv', [row('C1')]))
    const cancelled = session.imports.cancel(started.importId)
    expect(cancelled.phase).toBe('parsing')
    const settled = await session.imports.whenSettled(started.importId)
    expect(settled).toMatchObject({ phase: 'aborted', rows: 0, errorCount: 0 })
    expect(settled.abortReason).toEqual(abortReason('Cancelled', 'The import was cancelled.'))
    expect(progressOf()).toEqual([])
    expect(changedOf()).toEqual([settled])

    const read = await readFile(csvOf('kept.csv', [row('K1')]))
    expect(await call(dispatcher.dispatch('import.cancel', { importId: read.importId }))).toEqual(read)
    expect(await session.imports.whenSettled(read.importId)).toEqual(read)
  })

  it('keeps the rows it read, in review, when checking them fails, saying the file could not be read', async () => {
    const closed = await openWorkbook(workbook().path, { readonly: true })
    await closed.close()
    if (closed.sqlite.open) closed.sqlite.close()
    const started = session.imports.start(closed, csvOf('closed.csv', [row('W1')]))
    const settled = await session.imports.whenSettled(started.importId)
    expect(settled).toMatchObject({ phase: 'review', rows: 1 })
    expect(settled.abortReason).toEqual(
      abortReason('ReadFailed', expect.stringMatching(/^The file could not be read: ./)),
    )
  })

  it('is no longer open once discarded, even while reading, and says nothing more of it', async () => {
    events.length = 0
    const started = session.imports.start(workbook(), csvOf('dropped.csv', [row('D1')]))
    await call(dispatcher.dispatch('import.discard', { importId: started.importId }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(changedOf()).toEqual([])
    expect(await dispatcher.dispatch('import.summary', { importId: started.importId })).toEqual(NOT_OPEN)
    const other = await readFile(csvOf('other.csv', [row('O1')]))
    session.imports.discardAll()
    expect(
      await dispatcher.dispatch('import.rows', {
        importId: other.importId,
        onlyErrors: false,
        offset: 0,
        limit: 1,
      }),
    ).toEqual(NOT_OPEN)
  })
})

describe('an import job in review', () => {
  it('adds a file after the rows it has; a refused, empty or cancelled one keeps them and says why', async () => {
    const first = await readFile(csvOf('first.csv', [row('F1'), row('F2')]))
    const { importId } = first

    const refused = await append(importId, csvOf('semi.csv', [], 'Employee Id;Name'))
    expect(refused).toMatchObject({ phase: 'review', rows: 2, batches: first.batches })
    expect(refused.abortReason).toMatchObject({ code: 'NotCommaSeparated' })
    const report = await call(dispatcher.dispatch('import.errorReport', { importId }))
    expect(
      parse(report.csv)
        .slice(1)
        .map((line: string[]) => line[3]),
    ).toEqual(['NotCommaSeparated'])

    const empty = await append(importId, csvOf('none.csv', []))
    expect(empty).toMatchObject({
      phase: 'review',
      rows: 2,
      abortReason: { code: 'NoRows', message: 'none.csv has no employee rows.' },
    })

    await call(dispatcher.dispatch('import.append', { importId, path: csvOf('stop.csv', [row('S1')]) }))
    session.imports.cancel(importId)
    const stopped = await session.imports.whenSettled(importId)
    expect(stopped).toMatchObject({ phase: 'review', rows: 2, abortReason: { code: 'Cancelled' } })

    const second = await append(
      importId,
      csvOf(
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
    const read = await readFile(csvOf('pages.csv', rows))
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
    const one = await readFile(csvOf('p1.csv', [row('P1'), row('P2')]))
    const two = await readFile(csvOf('p2.csv', [row('P3')]))
    await readFile(csvOf('p3.csv', [row('P4')]))
    await call(editName(one.importId, 1, 'Pat'))
    await call(editName(one.importId, 1, 'Pia'))
    await call(editName(two.importId, 1, 'Quinn'))
    expect(await pending()).toEqual({ imports: 2, fixes: 3 })
  })
})

describe('an import job’s changes', () => {
  it('refuses an edit of a row the import does not have', async () => {
    const read = await readFile(csvOf('short.csv', [row('S1'), row('S2')]))
    expect(await editName(read.importId, 3, 'Sam')).toEqual(refusal('The import has no row 3.'))
  })

  it('keeps the last 100 changes to undo, and redoes the last one taken back first', async () => {
    const { importId } = await readFile(csvOf('many.csv', [row('M1')]))
    for (let n = 1; n <= 100; n++) await call(editName(importId, 1, `Name ${n}`))
    expect(await pending()).toEqual({ imports: 1, fixes: 100 })
    await call(editName(importId, 1, 'Name 101'))
    expect(await pending()).toEqual({ imports: 1, fixes: 100 })
    await undo(importId)
    await undo(importId)
    const third = await undo(importId)
    expect(third).toMatchObject({ undoLabel: 'Name in row 1', redoLabel: 'Name in row 1' })
    expect(await firstName(importId)).toBe('Name 98')
    await call(dispatcher.dispatch('import.redo', { importId }))
    expect(await firstName(importId)).toBe('Name 99')
  })
})

describe('an import job’s labels and counts', () => {
  it('names the last change taken back as the one to redo', async () => {
    const { importId } = await readFile(csvOf('labels.csv', [row('L1'), row('L2'), row('L3')]))
    for (const n of [1, 2, 3]) await call(editName(importId, n, `Lee ${n}`))
    expect(await undo(importId)).toMatchObject({ undoLabel: 'Name in row 2', redoLabel: 'Name in row 3' })
    await undo(importId)
    expect(await undo(importId)).toMatchObject({ undoLabel: null, redoLabel: 'Name in row 1' })
  })

  it('counts no fixes of an import already written', async () => {
    const { importId } = await readFile(csvOf('written.csv', [row('V1')]))
    await call(editName(importId, 1, 'Val'))
    expect(await pending()).toEqual({ imports: 1, fixes: 1 })
    await call(dispatcher.dispatch('import.commit', { importId }))
    expect(await pending()).toEqual({ imports: 0, fixes: 0 })
  })

  it('keeps the errors of its rows when a file added is refused', async () => {
    const read = await readFile(csvOf('kept-errors.csv', [row('K1'), row('K2').replace('true', 'maybe')]))
    expect(read).toMatchObject({ rowsWithErrors: 1, errorCount: 1 })
    const refused = await append(read.importId, csvOf('refused-too.csv', [], 'Employee Id;Name'))
    expect(refused).toMatchObject({ phase: 'review', rows: 2, rowsWithErrors: 1, errorCount: 1 })
  })
})

describe('an import job, committed', () => {
  it('refuses while rows have errors, naming how many', async () => {
    const read = await readFile(
      csvOf('errors.csv', [row('X1').replace('true', 'maybe'), row('X2').replace('USD', 'XXX')]),
    )
    expect(await dispatcher.dispatch('import.commit', { importId: read.importId })).toEqual(
      refusal('Fix the 2 errors before importing.'),
    )
    expect(await session.imports.whenSettled(read.importId)).toEqual(read)
  })

  it('refuses a commit asked for while its rows are being checked: "The import has not been validated yet."', async () => {
    const csv = csvOf('checking.csv', [row('V1')])
    let commit: Promise<unknown> | null = null
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
    const read = await readFile(csvOf('retry.csv', [row('Y1')]))
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
    const first = await readFile(csvOf('c1.csv', [row('Z1', 'Zoe'), row('Z2', 'Zak')]))
    const read = await append(first.importId, csvOf('c2.csv', [row('Z3', 'Zia')]))
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
      progress(0, 3, '0 employees written', { phase: 'write', rows: 0, rowsTotal: 3 }),
      progress(3, 3, '3 employees written', { phase: 'write', rows: 3, rowsTotal: 3 }),
      progress(0, 3, 'Saving 3 employees', { phase: 'commit', rows: 0, rowsTotal: 3 }),
      progress(3, 3, '3 employees saved', { phase: 'commit', rows: 3, rowsTotal: 3 }),
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
