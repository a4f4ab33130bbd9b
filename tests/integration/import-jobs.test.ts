import fs from 'node:fs'
import path from 'node:path'
import { cli } from '../support/cli'
import { call, importSession, writeCsv } from '../support/import-session'
import { tempDir } from '../support/temp'

/** The Manage Data screen's import jobs through the contract: progress, cancel, fixes, revalidation. */
const dir = tempDir()
const { dispatcher, session, events, readFile, progressOf } = importSession(dir, 'Jobs')
const HEADER =
  'Employee Id,Name,Manager Employee Id,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay'

const csvOf = (name: string, rows: string[]) => writeCsv(dir, name, HEADER, rows)

const employees = () => session.workbook?.sqlite.prepare('SELECT COUNT(*) FROM employee').pluck().get()

describe('import jobs', () => {
  const big = path.join(dir, 'big.csv')

  beforeAll(async () => {
    expect((await cli('demo-csv', big, '--employees', '30000', '--seed', '3')).code).toBe(0)
  }, 60_000)

  it('reports progress in rows and rows per second while reading a large file', async () => {
    events.length = 0
    const read = await readFile(big)
    expect(read).toMatchObject({ phase: 'review', rows: 30_000, errorCount: 0 })
    const progress = progressOf().filter((p) => p.step?.phase === 'read')
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.at(-1)).toMatchObject({ task: 'import', done: fs.statSync(big).size })
    expect(progress.at(-1)?.message).toMatch(/^30,000 rows · [\d,]+ rows\/s$/)
    await call(dispatcher.dispatch('import.discard', { importId: read.importId }))
  })

  it('a cancelled read ends as "Cancelled" and writes nothing', async () => {
    const before = employees()
    const { importId } = await call(dispatcher.dispatch('import.start', { path: big }))
    const cancelled = await call(dispatcher.dispatch('import.cancel', { importId }))
    expect(cancelled.importId).toBe(importId)
    const settled = await session.imports.whenSettled(importId)
    expect(settled.phase).toBe('aborted')
    expect(settled.abortReason).toMatchObject({ code: 'Cancelled', message: 'The import was cancelled.' })
    const refused = await dispatcher.dispatch('import.commit', { importId })
    expect(refused.ok).toBe(false)
    expect(employees()).toBe(before)
  })

  it('renames a consistency key on the rows that match one row, then imports both pay ranges', async () => {
    const csv = csvOf('ranges.csv', [
      'R1,Ray,,USD,true,2020-01-01,J1,Band,1000',
      'R2,Rae,,USD,true,2020-01-01,J2,Band,2000',
      'R3,Rio,,USD,true,2020-01-01,J3,Band,2000',
    ])
    const read = await readFile(csv)
    expect(read.errorCount).toBe(2)
    const errors = await call(
      dispatcher.dispatch('import.rows', { importId: read.importId, onlyErrors: true, offset: 0, limit: 10 }),
    )
    expect(errors.rows.map((r) => r.errors[0].consistencyKey)).toEqual([
      { field: 'payRangeName', value: 'Band' },
      { field: 'payRangeName', value: 'Band' },
    ])
    const fixed = await call(
      dispatcher.dispatch('import.fixConsistency', {
        importId: read.importId,
        row: 2,
        field: 'payRangeName',
        mode: 'rename',
        newValue: 'Band 2',
      }),
    )
    expect(fixed.errorCount).toBe(0)
    await call(dispatcher.dispatch('import.commit', { importId: read.importId }))
    const ranges = session.workbook?.sqlite
      .prepare("SELECT name, min_pay FROM pay_range WHERE name LIKE 'Band%' ORDER BY name")
      .all()
    expect(ranges).toEqual([
      { name: 'Band', min_pay: 100_000 },
      { name: 'Band 2', min_pay: 200_000 },
    ])
  })

  it('revalidation sees what the workbook gained since the file was read', async () => {
    const waiting = await readFile(csvOf('waiting.csv', ['W1,Wes,BOSS1,USD,true,2020-01-01,J1,Band,1000']))
    const errors = await call(
      dispatcher.dispatch('import.rows', {
        importId: waiting.importId,
        onlyErrors: true,
        offset: 0,
        limit: 10,
      }),
    )
    expect(errors.rows[0].errors).toEqual([
      expect.objectContaining({
        code: 'UnknownManager',
        message: 'Manager Employee Id "BOSS1" names no employee',
      }),
    ])
    const boss = await readFile(csvOf('boss.csv', ['BOSS1,Bea,,USD,true,2020-01-01,J1,Band,1000']))
    await call(dispatcher.dispatch('import.commit', { importId: boss.importId }))
    const again = await call(dispatcher.dispatch('import.revalidate', { importId: waiting.importId }))
    expect(again.errorCount).toBe(0)
  })

  it('undoes and redoes cell edits and consistency fixes, errors coming and going with them', async () => {
    const read = await readFile(
      csvOf('undo.csv', [
        'U1,Uma,,USD,maybe,2020-01-01,J1,Scale,1000',
        'U2,Udo,,USD,true,2020-01-01,J2,Scale,3000',
        'U3,Ula,,USD,true,2020-01-01,J3,Scale,3000',
      ]),
    )
    const { importId } = read
    const cellsOf = async () => {
      const page = await call(
        dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 10 }),
      )
      return page.rows.map((r) => [r.values.salaried, r.values.minPay, r.values.payRangeName])
    }
    const step = (direction: 'undo' | 'redo') =>
      call(dispatcher.dispatch(`import.${direction}`, { importId }))
    // Row 1: an invalid boolean; rows 2 and 3 disagree with row 1 on the Min Pay of Scale.
    expect(read).toMatchObject({ errorCount: 3, undoLabel: null, redoLabel: null })
    const refused = await dispatcher.dispatch('import.undo', { importId })
    expect(refused).toMatchObject({ ok: false, error: { message: 'Nothing to undo.' } })
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 0, fixes: 0 })

    const edited = await call(
      dispatcher.dispatch('import.editCell', { importId, row: 1, field: 'salaried', value: 'yes' }),
    )
    expect(edited).toMatchObject({ errorCount: 2, undoLabel: 'Salaried in row 1', redoLabel: null })
    const fixed = await call(
      dispatcher.dispatch('import.fixConsistency', {
        importId,
        row: 2,
        field: 'payRangeName',
        mode: 'matchRow',
      }),
    )
    expect(fixed).toMatchObject({
      errorCount: 0,
      undoLabel: 'Rows with Pay Range Name "Scale" matched to row 2',
    })
    // Closing the workbook would drop these two fixes: Logout and Close Workbook ask first.
    expect(await call(dispatcher.dispatch('import.pending', {}))).toEqual({ imports: 1, fixes: 2 })
    // Matching row 2 also takes its Salaried, which the pay range implies.
    expect(await cellsOf()).toEqual([
      ['true', '3000', 'Scale'],
      ['true', '3000', 'Scale'],
      ['true', '3000', 'Scale'],
    ])

    expect(await step('undo')).toMatchObject({
      errorCount: 2,
      undoLabel: 'Salaried in row 1',
      redoLabel: 'Rows with Pay Range Name "Scale" matched to row 2',
    })
    expect(await step('undo')).toMatchObject({
      errorCount: 3,
      undoLabel: null,
      redoLabel: 'Salaried in row 1',
    })
    expect(await cellsOf()).toEqual([
      ['maybe', '1000', 'Scale'],
      ['true', '3000', 'Scale'],
      ['true', '3000', 'Scale'],
    ])
    expect(await step('redo')).toMatchObject({ errorCount: 2, undoLabel: 'Salaried in row 1' })
    // A new change drops what could be redone.
    const renamed = await call(
      dispatcher.dispatch('import.fixConsistency', {
        importId,
        row: 1,
        field: 'payRangeName',
        mode: 'rename',
        newValue: 'Scale 1',
      }),
    )
    expect(renamed).toMatchObject({
      errorCount: 0,
      undoLabel: 'Pay Range Name "Scale" renamed to "Scale 1"',
      redoLabel: null,
    })
    expect(await cellsOf()).toEqual([
      ['yes', '1000', 'Scale 1'],
      ['true', '3000', 'Scale'],
      ['true', '3000', 'Scale'],
    ])
    await call(dispatcher.dispatch('import.discard', { importId }))
  })
})
