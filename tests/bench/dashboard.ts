import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DashboardSummary, TablePage } from '../../src-shared/contract'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { tableQuery } from '../support/table-query'
import { row, timed } from './measure'

/**
 * Summary & Dashboard at 1,000 and 100,000 employees, through the dispatcher as the workbook worker
 * runs it, as the OWNER (the company): the table model's build (done once per open workbook, shared
 * with the table), dashboard.summary cold (computed), warm (cached until the model changes) and
 * after one edit (computed again), and a page of dashboard.increases; each the median of 5, with
 * the answer's size. Ends with `dashboard ratios: summary=<x> edit=<y>` (100k ÷ 1k).
 */
const RUNS = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function must<T>(
  work: Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>,
) {
  const result = await work
  if (!result.ok) throw new Error(result.error.message)
  return result.value as T
}

export async function dashboardBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-dashboard-'))
  const cold = new Map<number, number>()
  const edited = new Map<number, number>()
  try {
    for (const employees of [1_000, 100_000]) {
      const file = path.join(dir, `dashboard-${employees}.paycycle`)
      await (await createDemoWorkbook(file, { employees, seed: 1 })).close()
      const session = new Session({
        mode: 'browser',
        version: 'bench',
        dataDir: dir,
        actAs: null,
        emit: () => {},
      })
      const dispatcher = createDispatcher(session, () => {})
      await must(dispatcher.dispatch('workbook.open', { path: file }))
      row(`dashboard, ${employees.toLocaleString('en-US')} employees`, '')
      const build = await timed(() =>
        must<TablePage>(dispatcher.dispatch('table.query', tableQuery({ limit: 1 }))),
      )
      row('  table model build (once per open workbook)', `${build.ms.toFixed(0)} ms`)

      const colds: number[] = []
      const warms: number[] = []
      const edits: number[] = []
      let bytes = 0
      let summary: DashboardSummary | null = null
      const someone = build.value.rows[0]
      for (let i = 0; i < RUNS; i++) {
        // An edit changes the model: the next summary is computed again.
        await must(
          dispatcher.dispatch('rewards.update', {
            updates: [
              { employeeId: someone.id, changes: { newSalary: someone.currentSalary + 100 * (i + 1) } },
            ],
          }),
        )
        const first = await timed(() =>
          must<DashboardSummary>(dispatcher.dispatch('dashboard.summary', { viewAsEmployeeId: null })),
        )
        ;(i === 0 ? colds : edits).push(first.ms)
        summary = first.value
        bytes = JSON.stringify(first.value).length
        warms.push(
          (await timed(() => dispatcher.dispatch('dashboard.summary', { viewAsEmployeeId: null }))).ms,
        )
      }
      const page = await timed(() =>
        dispatcher.dispatch('dashboard.increases', {
          viewAsEmployeeId: null,
          offset: 0,
          limit: 10,
          sort: 'difference',
        }),
      )
      row(
        '  dashboard.summary, first (computed)',
        `${colds[0].toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`,
      )
      row('  dashboard.summary, after an edit (computed)', `${median(edits).toFixed(0)} ms`)
      row('  dashboard.summary, unchanged (cached)', `${median(warms).toFixed(1)} ms`)
      row('  dashboard.increases, a page by difference', `${page.ms.toFixed(0)} ms`)
      row(
        '  scatter points drawn / planned',
        `${summary?.scatter.shown.toLocaleString('en-US')} / ${summary?.scatter.total.toLocaleString('en-US')}`,
      )
      cold.set(employees, colds[0])
      edited.set(employees, median(edits))
      await session.close()
    }
    const ratio = (times: Map<number, number>) =>
      ((times.get(100_000) ?? 0) / (times.get(1_000) ?? 1)).toFixed(1)
    console.log(`dashboard ratios: summary=${ratio(cold)} edit=${ratio(edited)}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
