// `npm run soak`: the durability suites at their soak counts (issue 20). A seed given in the
// environment (DAMAGE_SEED=…) replays a run; each suite prints the seed it used.
import { spawnSync } from 'node:child_process'

const SUITES = [{ file: 'tests/integration/damaged-workbooks.test.ts', env: { DAMAGED_COPIES: '1000' } }]

let failed = false
for (const suite of SUITES) {
  const result = spawnSync('npx', ['vitest', 'run', suite.file], {
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  })
  failed ||= result.status !== 0
}
process.exit(failed ? 1 : 0)
