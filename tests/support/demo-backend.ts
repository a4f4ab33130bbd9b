import path from 'node:path'
import { openWorkbook, type Workbook } from '../../src-main/workbook/open'
import { cli } from './cli'
import { testBackend } from './session'
import { tempDir } from './temp'

/** The dispatcher of `testBackend`. */
export type TestDispatcher = ReturnType<typeof testBackend>['dispatcher']

/**
 * A demo workbook of `size` employees (`new --demo <size> --seed 3`), written to a fresh temp folder
 * before the file's tests.
 */
export function demoFile(name: string, size: number): { dir: string; file: string } {
  const dir = tempDir()
  const file = path.join(dir, `${name}.paycycle`)
  beforeAll(async () => {
    expect((await cli('new', file, '--demo', String(size), '--seed', '3')).code).toBe(0)
  })
  return { dir, file }
}

/** A backend session in this process with a demo workbook (`demoFile`) open before the file's tests. */
export function demoBackend(name: string, size: number) {
  const { dir, file } = demoFile(name, size)
  const backend = testBackend(dir)
  beforeAll(async () => {
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  })
  return { dir, file, ...backend }
}

/** A demo workbook (`demoFile`) opened read-only in this process before the file's tests, closed after. */
export function demoWorkbook(name: string, size: number): { file: string; workbook: () => Workbook } {
  const { file } = demoFile(name, size)
  let opened: Workbook | null = null
  beforeAll(async () => {
    opened = await openWorkbook(file, { readonly: true })
  })
  afterAll(() => opened?.close())
  return {
    file,
    workbook: () => {
      if (!opened) throw new Error(`${file} is not open.`)
      return opened
    },
  }
}

/** `run` with a second session of `file`, acting as `email` (null: the owner); the session is closed after. */
export async function asUser<T>(
  dir: string,
  file: string,
  email: string | null,
  run: (dispatcher: TestDispatcher) => Promise<T>,
): Promise<T> {
  const backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  try {
    return await run(backend.dispatcher)
  } finally {
    await backend.session.close()
  }
}
