import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { EmployeeDto, PickedFile, Result, WorkbookCopy } from '../../src-shared/contract'
import { besideFile, commentsIn, contentOf, copyAlone } from '../support/whole-file'
import { startApp, type RunningApp } from './support/app'

// Issue 35: a copy of the `.paycycle` file alone opens with every edit once Meritbook is stopped
// (Ctrl+C), the workbook closed (Logout), or the app idle for a few seconds. The calls are the
// page's own (browser mode's HTTP API, its secret in the header scripts use); no browser needed.

async function call(app: RunningApp, channel: string, input: unknown = {}): Promise<Result<unknown>> {
  const response = await fetch(`${app.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'x-meritbook-token': new URL(app.url).searchParams.get('token') ?? '' },
    body: JSON.stringify(input),
  })
  return (await response.json()) as Result<unknown>
}

async function api<T>(app: RunningApp, channel: string, input: unknown = {}): Promise<T> {
  const result = await call(app, channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

/**
 * `npm start` on a first run (the demo company), its lists read as the page's first load reads
 * them (the list reader's connection open), then an edit.
 */
async function startedWithEdit(dataDir: string, text: string) {
  const app = await startApp(['--reopen'], dataDir)
  const [employee] = await api<EmployeeDto[]>(app, 'employees.list')
  await api(app, 'rewards.list')
  await api(app, 'rewards.update', { updates: [{ employeeId: employee.id, changes: { comments: text } }] })
  await api(app, 'rewards.list')
  const file = path.join(dataDir, 'Demo Company.paycycle')
  return { app, file, employeeId: employee.id }
}

test.describe('the .paycycle file alone holds every edit', () => {
  let dataDir: string
  let app: RunningApp | null = null
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-whole-'))
  })
  test.afterEach(async () => {
    await app?.stop()
    app = null
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('after Ctrl+C (SIGINT to the process group): no WAL, no lock, the copy opens with the edit', async () => {
    const started = await startedWithEdit(dataDir, 'kept through Ctrl+C')
    app = started.app
    const expected = await contentOf(started.file, true)
    expect(await started.app.interrupt()).toBe(0)

    expect(besideFile(started.file)).toEqual({ wal: null, lock: false })
    const copy = copyAlone(started.file, dataDir)
    expect(await commentsIn(copy, started.employeeId)).toBe('kept through Ctrl+C')
    expect(await contentOf(copy)).toBe(expected)
  })

  test('after Logout (workbook.close), while Meritbook keeps running', async () => {
    const started = await startedWithEdit(dataDir, 'kept through Logout')
    app = started.app
    await api(started.app, 'workbook.close')

    expect(besideFile(started.file)).toEqual({ wal: null, lock: false })
    const copy = copyAlone(started.file, dataDir)
    expect(await commentsIn(copy, started.employeeId)).toBe('kept through Logout')
  })

  test('after 5 s idle, with the workbook still open', async () => {
    const started = await startedWithEdit(dataDir, 'kept while idle')
    app = started.app
    await new Promise((resolve) => setTimeout(resolve, 5000))

    expect(besideFile(started.file).wal ?? 0).toBe(0)
    const copy = copyAlone(started.file, dataDir)
    expect(await commentsIn(copy, started.employeeId)).toBe('kept while idle')
    expect(await contentOf(copy)).toBe(await contentOf(started.file, true))
  })

  test('Save a copy from the page: a saveCopy handle from the picker, never a typed path', async () => {
    const started = await startedWithEdit(dataDir, 'kept in the copy')
    app = started.app
    const typed = await call(started.app, 'workbook.saveCopy', { path: path.join(dataDir, 'typed.paycycle') })
    expect(typed.ok).toBe(false)

    const picked = await api<PickedFile>(started.app, 'workbook.pickFile', {
      purpose: 'saveCopy',
      name: 'Demo Company copy',
    })
    expect(picked.path).toBe(path.join(dataDir, 'files', 'Demo Company copy.paycycle'))
    const saved = await api<WorkbookCopy>(started.app, 'workbook.saveCopy', { path: picked.handle })
    expect(saved).toMatchObject({ path: picked.path, name: 'Demo Company copy.paycycle', opened: null })
    expect(await commentsIn(picked.path, started.employeeId)).toBe('kept in the copy')

    // The same name again is refused (browser mode never replaces a file), naming it.
    const again = await call(started.app, 'workbook.saveCopy', { path: picked.handle })
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: 'FILE_EXISTS',
        message: `${picked.path} already exists. Choose another name, or replace it.`,
      },
    })
  })
})
