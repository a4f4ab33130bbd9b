import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { peakRssMiB, row, timed } from './measure'

/** Creating, opening and reading the demo company at 1,000 and 100,000 employees. */
export async function workbookBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-'))
  try {
    for (const employees of [1_000, 100_000]) {
      const file = path.join(dir, `demo-${employees}.paycycle`)
      const created = await timed(() => createDemoWorkbook(file, { employees, seed: 1 }))
      await created.value.close()
      row(`create demo workbook, ${employees} employees`, `${created.ms.toFixed(0)} ms`)
      row(`  file size`, `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MiB`)

      const session = new Session({
        mode: 'browser',
        version: 'bench',
        dataDir: dir,
        actAs: null,
        emit: () => {},
      })
      const dispatcher = createDispatcher(session, () => {})
      const opened = await timed(() => dispatcher.dispatch('workbook.open', { path: file }))
      row(`  open (checks + migrate)`, `${opened.ms.toFixed(0)} ms`)
      const listed = await timed(() => dispatcher.dispatch('employees.list', {}))
      row(`  employees.list`, `${listed.ms.toFixed(0)} ms`)
      const rewards = await timed(() => dispatcher.dispatch('rewards.list', {}))
      row(`  rewards.list`, `${rewards.ms.toFixed(0)} ms`)
      await session.close()
    }
    row('peak RSS', `${peakRssMiB().toFixed(0)} MiB`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
