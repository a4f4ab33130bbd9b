import fs from 'node:fs'
import path from 'node:path'
import { buildKillBundles, runBundle, type KillBundles } from '../support/kills/bundle'
import { expectSeriesHeld, killFigures, killSeries, type Series, type Writer } from '../support/kills/harness'
import { seededRandom, seedFrom } from '../support/seeded'
import { tempDir } from '../support/temp'

// R1 for the writers that change many rows at once besides the import: a pasted block of 1,000
// cells, a bulk plan file and a pay-cycle activation, each killed with SIGKILL on a seeded line of
// the SQL tracer (they print no progress) or a seeded delay after the WAL started to grow.
const KILLS = Number(process.env.KILLS_PER_WRITER ?? 20)
/**
 * Each writer's series: ample for CI's 20 kills on a busy machine, and for the soak's 200 (which
 * took up to 24 min a writer at load 20 here, niced: 6 s a kill was not enough).
 */
const SERIES_TIMEOUT = Math.max(600_000, KILLS * 15_000)
const EMPLOYEES = 600
const PASTED_ROWS = 500
const dir = tempDir()
const demo = path.join(dir, 'demo.paycycle')
let bundles: KillBundles
let random: () => number

interface Plannable {
  id: number
  employeeId: string
  currentSalary: number
}

function traced(...args: string[]): string[] {
  return ['-r', bundles.fixedClock, '-r', bundles.traceSql, ...args]
}

function expectHeld(name: string, series: Series): void {
  console.log(killFigures(name, series.kills))
  expectSeriesHeld(series, KILLS)
}

let rows: Plannable[] = []

beforeAll(async () => {
  bundles = await buildKillBundles(dir)
  random = seededRandom(seedFrom('KILL_SEED'))
  runBundle(bundles, bundles.cli, 'new', demo, '--demo', String(EMPLOYEES), '--seed', '5')
  rows = JSON.parse(runBundle(bundles, bundles.pasteChild, demo, '--plannable')) as Plannable[]
  expect(rows.length).toBeGreaterThanOrEqual(PASTED_ROWS)
}, 120_000)

async function series(writer: Omit<Writer, 'env'>): Promise<Series> {
  return killSeries({ ...writer, env: bundles.env }, dir, KILLS, random)
}

it(
  'a pasted block of 1,000 cells killed at any moment leaves the table as before or as after',
  async () => {
    // 500 rows × (New Salary, Comments), as the table sends a paste: one rewards.update.
    const updates = rows.slice(0, PASTED_ROWS).map((row, index) => ({
      employeeId: row.id,
      changes: { newSalary: row.currentSalary + 150_000, comments: `Pasted ${index + 1}` },
    }))
    const updatesFile = path.join(dir, 'paste.json')
    fs.writeFileSync(updatesFile, JSON.stringify(updates))
    const result = await series({
      name: 'paste',
      base: demo,
      args: (target) => traced(bundles.pasteChild, target, updatesFile),
    })
    expectHeld('paste of 1,000 cells', result)
  },
  SERIES_TIMEOUT,
)

it(
  'a bulk plan file killed at any moment leaves the plans as before or as after',
  async () => {
    const lines = ['Employee Id,New Salary,Comments']
    for (const row of rows)
      lines.push(`${row.employeeId},${((row.currentSalary + 250_000) / 100).toFixed(2)},Planned in bulk`)
    const planCsv = path.join(dir, 'plan.csv')
    fs.writeFileSync(planCsv, `${lines.join('\r\n')}\r\n`)
    const result = await series({
      name: 'plan',
      base: demo,
      args: (target) => traced(bundles.cli, 'plan', target, planCsv, '--json'),
    })
    expectHeld(`plan file of ${rows.length} rows`, result)
  },
  SERIES_TIMEOUT,
)

it(
  'a pay-cycle activation killed at any moment leaves the cycles as before or as after',
  async () => {
    // The demo's cycle is closed by a new one (its employees move along); activating it moves them back.
    const base = path.join(dir, 'two-cycles.paycycle')
    fs.copyFileSync(demo, base)
    const [first] = JSON.parse(runBundle(bundles, bundles.cli, 'cycle', base, 'list', '--json')) as {
      id: number
    }[]
    runBundle(bundles, bundles.cli, 'cycle', base, 'new', '--name', 'Second cycle', '--json')
    const result = await series({
      name: 'cycle',
      base,
      args: (target) => traced(bundles.cli, 'cycle', target, 'activate', String(first.id), '--json'),
    })
    expectHeld(`activation moving ${EMPLOYEES} employees`, result)
  },
  SERIES_TIMEOUT,
)
