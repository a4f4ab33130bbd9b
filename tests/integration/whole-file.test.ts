import fs from 'node:fs'
import path from 'node:path'
import { startBackend, type BackendClient } from '../../src-main/backend/client'
import type { EmployeeDto } from '../../src-shared/contract'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'
import { besideFile, commentsIn, contentOf, copyAlone } from '../support/whole-file'

/**
 * Issue 35: the `.paycycle` file alone holds every edit once the app is idle for a few seconds,
 * after a close (Logout) and after the app stops, though the app's list reader read from it. The
 * app's own worker pair runs here from source, the session and dispatcher as the app runs them.
 */

const dir = tempDir('meritbook-whole-file-')
let backend: BackendClient
let employees: EmployeeDto[] = []

function startApp(): BackendClient {
  const dataDir = fs.mkdtempSync(path.join(dir, 'app-'))
  return startBackend(
    { mode: 'browser', version: 'test', dataDir, actAs: null, secretStore: null },
    path.resolve('tests/support/backend-from-source.cjs'),
  )
}

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await backend.invoke(channel, input, 'renderer')
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

/** A new demo file, opened in a fresh app with its lists read (the list reader's connection open). */
async function openedDemo(name: string): Promise<string> {
  const file = path.join(dir, `${name}.paycycle`)
  expect((await cli('new', file, '--demo', '120', '--seed', '3')).code).toBe(0)
  backend = startApp()
  await call('workbook.open', { path: file })
  employees = await call<EmployeeDto[]>('employees.list')
  await call('rewards.list')
  return file
}

async function comment(index: number, text: string): Promise<number> {
  const employeeId = employees[index].id
  await call('rewards.update', { updates: [{ employeeId, changes: { comments: text } }] })
  // The list reader reads again after the edit: its connection stays open while the app idles.
  await call('rewards.list')
  return employeeId
}

/** Waits until the WAL is empty or gone (the idle checkpoint), at most `ms`. */
async function untilWalEmpty(file: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while ((besideFile(file).wal ?? 0) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100))
}

afterEach(async () => {
  await backend?.stop()
})

describe('the .paycycle file alone holds every edit', () => {
  it('a few seconds after the last edit, while the workbook stays open', async () => {
    const file = await openedDemo('idle')
    const first = await comment(3, 'idle edit one')
    const second = await comment(7, 'idle edit two')
    expect(besideFile(file).wal).toBeGreaterThan(0)

    // The idle checkpoint runs 2 s after the WAL stops changing; a few seconds is the promise.
    await untilWalEmpty(file, 5000)
    expect(besideFile(file)).toEqual({ wal: 0, lock: true })
    const copy = copyAlone(file, dir)
    expect(await commentsIn(copy, first)).toBe('idle edit one')
    expect(await commentsIn(copy, second)).toBe('idle edit two')
    expect(await contentOf(copy)).toBe(await contentOf(file, true))
  })

  it('after the workbook is closed (Logout), with no WAL and no lock left', async () => {
    const file = await openedDemo('logout')
    const edited = await comment(11, 'closed at once')
    const expected = await contentOf(file, true)
    await call('workbook.close')

    expect(besideFile(file)).toEqual({ wal: null, lock: false })
    const copy = copyAlone(file, dir)
    expect(await commentsIn(copy, edited)).toBe('closed at once')
    expect(await contentOf(copy)).toBe(expected)
  })

  it('after the app stops (quit, Ctrl+C), with no WAL and no lock left', async () => {
    const file = await openedDemo('quit')
    const edited = await comment(2, 'stopped at once')
    const expected = await contentOf(file, true)
    await backend.stop()

    expect(besideFile(file)).toEqual({ wal: null, lock: false })
    const copy = copyAlone(file, dir)
    expect(await commentsIn(copy, edited)).toBe('stopped at once')
    expect(await contentOf(copy)).toBe(expected)
  })

  it('after opening another workbook, the first is left whole', async () => {
    const file = await openedDemo('switched')
    const edited = await comment(5, 'left for another')
    const other = path.join(dir, 'other.paycycle')
    expect((await cli('new', other, '--demo', '20', '--seed', '4')).code).toBe(0)
    await call('workbook.open', { path: other })

    expect(besideFile(file)).toEqual({ wal: null, lock: false })
    expect(await commentsIn(copyAlone(file, dir), edited)).toBe('left for another')
  })
})
