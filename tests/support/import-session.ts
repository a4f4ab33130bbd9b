import fs from 'node:fs'
import path from 'node:path'
import type { EventPayloads, ImportError, ImportSummary } from '../../src-shared/contract'
import type { Workbook } from '../../src-main/workbook/open'
import { testBackend } from './session'

/**
 * Import jobs through the contract (tests/integration/import-*.test.ts): a backend in this process
 * with a new, empty workbook (created before the file's tests), files written under `dir`, read and
 * added to an import, and the events the jobs sent.
 */

/** A channel's answer, its refusal thrown with its message. */
export async function call<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Error(answer.error.message)
  return answer.value
}

/** A refusal as a channel answers it. */
export const refusal = (message: string, code = 'BAD_INPUT') => ({ ok: false, error: { code, message } })

/** Why an import stopped, or a file was refused, as its summary names it: no row, header or id. */
export const abortReason = (code: string, message: string, header = ''): ImportError => ({
  row: 0,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/** `rows` under `header`, each line ended by CRLF, written to `dir/name`. */
export function writeCsv(dir: string, name: string, header: string, rows: readonly string[]): string {
  const target = path.join(dir, name)
  fs.writeFileSync(target, [header, ...rows].join('\r\n') + '\r\n')
  return target
}

/** A backend over `dir` with import steps; no workbook open (open or create one first). */
export function importBackend(dir: string) {
  const backend = testBackend(dir)
  const { dispatcher, session, events } = backend

  function workbook(): Workbook {
    if (!session.workbook) throw new Error('No workbook is open.')
    return session.workbook
  }

  /** A file read for review, once its read and check are over. */
  async function readFile(csv: string): Promise<ImportSummary> {
    const { importId } = await call(dispatcher.dispatch('import.start', { path: csv }))
    return session.imports.whenSettled(importId)
  }

  /** A file added to an import in review, once its read and check are over. */
  async function append(importId: string, csv: string): Promise<ImportSummary> {
    await call(dispatcher.dispatch('import.append', { importId, path: csv }))
    return session.imports.whenSettled(importId)
  }

  const progressOf = () =>
    events.filter((e) => e.event === 'task.progress').map((e) => e.payload as EventPayloads['task.progress'])
  const changedOf = () =>
    events
      .filter((e) => e.event === 'import.changed')
      .map((e) => e.payload as EventPayloads['import.changed'])

  return { ...backend, workbook, readFile, append, progressOf, changedOf }
}

/** `importBackend` with a new, empty workbook of `company`, created before the file's tests. */
export function importSession(dir: string, company: string) {
  const backend = importBackend(dir)
  beforeAll(async () => {
    const created = await backend.dispatcher.dispatch('workbook.create', {
      path: path.join(dir, `${company.toLowerCase()}.paycycle`),
      companyName: company,
      ownerName: 'Owner',
      ownerEmail: `owner@${company.toLowerCase()}.test`,
    })
    expect(created.ok).toBe(true)
  })
  return backend
}
