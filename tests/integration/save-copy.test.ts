import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { EmployeeDto, WorkbookCopy } from '../../src-shared/contract'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'
import { besideFile, commentsIn, contentOf } from '../support/whole-file'

/**
 * Issue 35, Save a copy: `npm run cli -- copy <file> <out>` and the app's `workbook.saveCopy` write
 * the workbook whole in one file (VACUUM INTO a temporary file, fsync, rename), also while it is open.
 */

const dir = tempDir('meritbook-save-copy-')
const source = path.join(dir, 'source.paycycle')

beforeAll(async () => {
  expect((await cli('new', source, '--demo', '60', '--seed', '3')).code).toBe(0)
})

const leftovers = (folder: string) => fs.readdirSync(folder).filter((name) => name.endsWith('.tmp'))

describe('npm run cli -- copy', () => {
  it('writes the workbook whole, the .paycycle added, and leaves the source as it was', async () => {
    const out = path.join(dir, 'cli-copy')
    const copied = await cli('copy', source, out, '--json')
    expect(copied.errors).toEqual([])
    expect(copied.code).toBe(0)
    const target = `${out}.paycycle`
    expect(copied.json).toEqual([{ path: target, bytes: fs.statSync(target).size }])
    expect(await contentOf(target)).toBe(await contentOf(source))
    expect(besideFile(source)).toEqual({ wal: null, lock: false })
    expect(leftovers(dir)).toEqual([])
  })

  it('refuses the workbook itself and an existing file without --replace, naming them', async () => {
    const itself = await cli('copy', source, source)
    expect(itself.code).toBe(2)
    expect(itself.errors.join('\n')).toContain(
      `Save a copy cannot write over the workbook it copies (${source}). Choose another name or folder.`,
    )
    const target = path.join(dir, 'existing.paycycle')
    fs.writeFileSync(target, 'older')
    const refused = await cli('copy', source, target)
    expect(refused.code).toBe(2)
    expect(refused.errors.join('\n')).toContain(
      `${target} already exists. Choose another name, or replace it.`,
    )
    expect(fs.readFileSync(target, 'utf8')).toBe('older')

    // --replace: the copy replaces it, and an old WAL beside it is not replayed into the copy.
    fs.writeFileSync(`${target}-wal`, 'stale')
    expect((await cli('copy', source, target, '--replace')).code).toBe(0)
    expect(fs.existsSync(`${target}-wal`)).toBe(false)
    expect(await contentOf(target)).toBe(await contentOf(source))
  })

  it('refuses a folder that does not exist', async () => {
    const missing = path.join(dir, 'no-such-folder', 'copy.paycycle')
    const refused = await cli('copy', source, missing)
    expect(refused.code).toBe(2)
    expect(refused.errors.join('\n')).toContain(`The folder ${path.dirname(missing)} does not exist.`)
  })
})

describe('workbook.saveCopy', () => {
  const { dispatcher, session } = testBackend(path.join(dir, 'data'))
  const working = path.join(dir, 'working.paycycle')
  let employee: EmployeeDto

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true })
    fs.copyFileSync(source, working)
    expect((await dispatcher.dispatch('workbook.open', { path: working })).ok).toBe(true)
    const employees = await dispatcher.dispatch('employees.list', {})
    if (!employees.ok) throw new Error(employees.error.message)
    employee = employees.value[1]
  })

  it('copies the open workbook with its latest edit, which is still in the WAL', async () => {
    const changes = { comments: 'in the copy' }
    expect(
      (await dispatcher.dispatch('rewards.update', { updates: [{ employeeId: employee.id, changes }] })).ok,
    ).toBe(true)
    expect(besideFile(working).wal).toBeGreaterThan(0)
    const target = path.join(dir, 'saved.paycycle')
    const saved = await dispatcher.dispatch('workbook.saveCopy', { path: target })
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value).toEqual<WorkbookCopy>({
      name: 'saved.paycycle',
      path: target,
      bytes: fs.statSync(target).size,
      opened: null,
    })
    expect(besideFile(target)).toEqual({ wal: null, lock: false })
    expect(await commentsIn(target, employee.id)).toBe('in the copy')
    expect(await contentOf(target)).toBe(await contentOf(working, true))
    expect(session.workbook?.path).toBe(working)
    expect(leftovers(dir)).toEqual([])
  })

  it('refuses to write over the open workbook, saying which', async () => {
    const refused = await dispatcher.dispatch('workbook.saveCopy', { path: working, replace: true })
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'BAD_INPUT',
        message: `Save a copy cannot write over the workbook it copies (${working}). Choose another name or folder.`,
      },
    })
  })

  it('refuses to replace a workbook another Meritbook has open', async () => {
    const held = path.join(dir, 'held.paycycle')
    fs.copyFileSync(source, held)
    fs.writeFileSync(`${held}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname() }))
    try {
      const refused = await dispatcher.dispatch('workbook.saveCopy', { path: held, replace: true })
      expect(refused.ok).toBe(false)
      if (!refused.ok) {
        expect(refused.error.code).toBe('WORKBOOK_LOCKED')
        expect(refused.error.message).toContain(`${held} is open in Meritbook (process ${process.pid}`)
      }
    } finally {
      fs.rmSync(`${held}.lock`)
    }
  })

  it('the CLI copies a workbook the app has open, as committed, without its lock', async () => {
    const target = path.join(dir, 'from-cli-while-open.paycycle')
    const copied = await cli('copy', working, target)
    expect(copied.errors).toEqual([])
    expect(copied.code).toBe(0)
    expect(await commentsIn(target, employee.id)).toBe('in the copy')
    expect(besideFile(working).lock).toBe(true)
  })

  it('opens the copy when asked, leaving the first workbook whole', async () => {
    const target = path.join(dir, 'save-as.paycycle')
    const saved = await dispatcher.dispatch('workbook.saveCopy', { path: target, open: true })
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value.opened?.path).toBe(target)
    expect(session.workbook?.path).toBe(target)
    expect(besideFile(working)).toEqual({ wal: null, lock: false })
    expect(await commentsIn(working, employee.id)).toBe('in the copy')
  })
})
