import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { row, timed } from './measure'

/**
 * The Users screen at 1,000 and 100,000 employees: a page of 25 (first, last), a search, a filter,
 * and the answer's size; each figure the median of 5 calls through the dispatcher (as the workbook
 * worker runs them).
 */
const RUNS = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

export async function usersBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-users-'))
  try {
    for (const employees of [1_000, 100_000]) {
      const file = path.join(dir, `users-${employees}.paycycle`)
      await (await createDemoWorkbook(file, { employees, seed: 1 })).close()
      const session = new Session({
        mode: 'browser',
        version: 'bench',
        dataDir: dir,
        actAs: null,
        emit: () => {},
      })
      const dispatcher = createDispatcher(session, () => {})
      await dispatcher.dispatch('workbook.open', { path: file })
      const base = { search: '', filter: 'all' as const, offset: 0, limit: 25 }
      const cases: [string, Record<string, unknown>][] = [
        ['first page', base],
        ['last page', { ...base, offset: employees - 25 }],
        ['search "smith"', { ...base, search: 'smith' }],
        ['filter: users', { ...base, filter: 'users' }],
        ['filter: not invited, search "e0001"', { ...base, filter: 'notInvited', search: 'e0001' }],
      ]
      row(`users.page, ${employees.toLocaleString('en-US')} employees`, '')
      for (const [label, input] of cases) {
        const times: number[] = []
        let bytes = 0
        for (let i = 0; i < RUNS; i++) {
          const call = await timed(() => dispatcher.dispatch('users.page', input))
          times.push(call.ms)
          bytes = JSON.stringify(call.value).length
        }
        row(`  ${label}`, `${median(times).toFixed(1)} ms, ${(bytes / 1024).toFixed(1)} KiB`)
      }
      const preview = await timed(() => dispatcher.dispatch('users.managersPreview', { role: 'PLANNER' }))
      row(`  users.managersPreview`, `${preview.ms.toFixed(1)} ms`)
      await session.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
