// A child process running the dispatcher, as the app's backend does: it pastes a block (one
// `rewards.update`, what the table sends for a paste) into a workbook, for the kill tests.
// Usage: node paste-child.cjs <file.paycycle> <updates.json>
import fs from 'node:fs'
import type { ChannelInput } from '../../../src-shared/contract'
import { openCliSession } from '../../../src-main/cli/workbook-session'

async function main(): Promise<number> {
  const [file, updatesFile] = process.argv.slice(2)
  const updates = JSON.parse(
    fs.readFileSync(updatesFile, 'utf8'),
  ) as ChannelInput<'rewards.update'>['updates']
  const session = await openCliSession(file, undefined)
  try {
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
