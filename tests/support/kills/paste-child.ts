// A child process running the dispatcher, as the app's backend does: it pastes a block (one
// `rewards.update`, what the table sends for a paste) into a workbook, for the kill tests.
// Usage: node paste-child.cjs <file.paycycle> <updates.json>
//        node paste-child.cjs <file.paycycle> --plannable   (prints the rows a paste may change)
import fs from 'node:fs'
import type { ChannelInput, TableRow } from '../../../src-shared/contract'
import { openCliSession, type CliSession } from '../../../src-main/cli/workbook-session'

/** The owner's rows a planner may change (not fully prorated): `{ id, employeeId, currentSalary }`. */
async function plannable(session: CliSession) {
  const rows: TableRow[] = []
  for (let offset = 0; ; offset += 500) {
    const page = await session.call('table.query', {
      offset,
      limit: 500,
      sort: null,
      filters: {},
      search: '',
      viewAsEmployeeId: null,
    })
    rows.push(...page.rows)
    if (page.rows.length < 500) break
  }
  return rows
    .filter((r) => r.editable && r.proratedPercent < 100)
    .map(({ id, employeeId, currentSalary }) => ({ id, employeeId, currentSalary }))
}

async function main(): Promise<number> {
  const [file, updatesFile] = process.argv.slice(2)
  const session = await openCliSession(file, undefined)
  try {
    if (updatesFile === '--plannable') {
      process.stdout.write(`${JSON.stringify(await plannable(session))}\n`)
      return 0
    }
    const updates = JSON.parse(
      fs.readFileSync(updatesFile, 'utf8'),
    ) as ChannelInput<'rewards.update'>['updates']
    const rows = await session.call('rewards.update', { updates })
    process.stdout.write(`${JSON.stringify({ updated: rows.length })}\n`)
    return 0
  } finally {
    await session.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
