// `npm run soak`: the durability suites at their soak counts (issue 20). A seed given in the
// environment replays a run (KILL_SEED=…, DAMAGE_SEED=…, FUZZ_SEED=…); each suite prints the seed
// it used and its figures (kills per phase and their outcomes; files per outcome).
import { spawnSync } from 'node:child_process'

const SUITES = [
  // R1: 200 kills per writer; the import at 6,000 rows takes the bulk path (indexes rebuilt).
  {
    file: 'tests/integration/import-kill.test.ts',
    env: { KILLS_PER_WRITER: '200', KILL_IMPORT_ROWS: '6000' },
  },
  { file: 'tests/integration/writer-kills.test.ts', env: { KILLS_PER_WRITER: '200' } },
  // Issue 16: a desktop killed during its push, 100 rounds.
  { file: 'tests/server/sync-push-kills.test.ts', env: { SYNC_PUSH_KILLS: '100' } },
  // R2: damaged copies of a workbook.
  { file: 'tests/integration/damaged-workbooks.test.ts', env: { DAMAGED_COPIES: '1000' } },
  // R3: generated import files, judged by the workbook's full content.
  { file: 'tests/integration/import-fuzz.test.ts', env: { FUZZ_RUNS: '10000' } },
]

let failed = false
for (const suite of SUITES) {
  const result = spawnSync('npx', ['vitest', 'run', suite.file], {
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  })
  failed ||= result.status !== 0
}
process.exit(failed ? 1 : 0)
