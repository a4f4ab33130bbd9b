/**
 * `npm run bench [-- <name>…]`: benchmarks that print figures. Speed and memory targets are read
 * from these numbers, never asserted in tests.
 */
import { dashboardsBench } from './dashboards'
import { importBench } from './import'
import { matrixBench } from './matrix'
import { plannerStatusBench } from './planner-status'
import { reimportBench } from './reimport'
import { serverBench } from './server'
import { statementsBench } from './statements'
import { syncBench } from './sync'
import { tableBench } from './table'
import { usersBench } from './users'
import { workbookBench } from './workbook'

const BENCHES: Record<string, () => Promise<void>> = {
  workbook: workbookBench,
  import: importBench,
  reimport: reimportBench,
  table: tableBench,
  users: usersBench,
  dashboards: dashboardsBench,
  matrix: matrixBench,
  'planner-status': plannerStatusBench,
  server: serverBench,
  statements: statementsBench,
  sync: syncBench,
}

async function main(): Promise<void> {
  // Options (`--rows 1000`, `--rows=1000`) are read by the benchmarks; an option's value is no name.
  const argv = process.argv.slice(2)
  const wanted = argv.filter(
    (a, i) => !a.startsWith('-') && !(i > 0 && /^--[^=]+$/.test(argv[i - 1]) && !BENCHES[a]),
  )
  const unknown = wanted.filter((name) => !BENCHES[name])
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
  for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHES)) {
    console.log(`\n## ${name}`)
    await BENCHES[name]()
  }
}

void main()
