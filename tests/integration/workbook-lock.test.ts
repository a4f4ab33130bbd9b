import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { WorkbookError } from '../../src-main/workbook/errors'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

/**
 * Issue 35, locks told honestly: a workbook another Meritbook holds is refused saying who and since
 * when; a lock its process no longer holds (gone, or its id now another, younger process's) is taken
 * over with a notice.
 */

const dir = tempDir('meritbook-lock-')
let other: ChildProcess

beforeAll(async () => {
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
  await new Promise((resolve) => setTimeout(resolve, 300))
})
afterAll(() => other.kill())

async function workbookFile(name: string): Promise<string> {
  const file = path.join(dir, name)
  expect((await cli('new', file, '--demo', '10', '--seed', '3')).code).toBe(0)
  return file
}

const lockAs = (file: string, owner: Record<string, unknown>) =>
  fs.writeFileSync(`${file}.lock`, JSON.stringify(owner))

describe('the writer lock', () => {
  it('refuses a workbook another live Meritbook holds, saying who, where and since when', async () => {
    const file = await workbookFile('held.paycycle')
    const since = new Date(Date.now() + 1000).toISOString()
    lockAs(file, { pid: other.pid, host: os.hostname(), user: 'ana', since })
    const error = await openWorkbook(file).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(WorkbookError)
    const shown = new Date(since).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    expect((error as WorkbookError).message).toBe(
      `${file} is open in another Meritbook by ana on ${os.hostname()} since ${shown} (process ${other.pid}). Close it there first, or open a copy (npm run cli -- copy).`,
    )
    expect(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ user: 'ana', since })
  })

  it('takes over a lock whose process is gone, and says so', async () => {
    const file = await workbookFile('gone.paycycle')
    lockAs(file, { pid: 2 ** 22 + 12345, host: os.hostname(), user: 'ana', since: '2026-01-02T09:30:00Z' })
    const workbook = await openWorkbook(file)
    try {
      expect(workbook.notice).toContain(`${file} was left locked by a Meritbook that is no longer running`)
      expect(workbook.notice).toContain(`by ana on ${os.hostname()}`)
      expect(JSON.parse(fs.readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
    } finally {
      await workbook.close()
    }
    expect(fs.existsSync(`${file}.lock`)).toBe(false)
  })

  it('takes over a lock older than the live process that now has its id (where the system tells when it started)', async () => {
    const file = await workbookFile('reused.paycycle')
    const since = new Date(Date.now() - 3_600_000).toISOString()
    lockAs(file, { pid: other.pid, host: os.hostname(), since })
    if (!fs.existsSync('/proc/self/stat')) {
      // Without Linux's /proc a live process id is believed: the file is refused, not taken.
      await expect(openWorkbook(file)).rejects.toThrow('is open in another Meritbook')
      return
    }
    const workbook = await openWorkbook(file)
    try {
      expect(workbook.notice).toContain(`(process ${other.pid})`)
    } finally {
      await workbook.close()
    }
  })

  it('opens without a notice when no lock was left', async () => {
    const file = await workbookFile('free.paycycle')
    const workbook = await openWorkbook(file)
    expect(workbook.notice).toBeUndefined()
    await workbook.close()
  })
})
