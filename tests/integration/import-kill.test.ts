import path from 'node:path'
import { buildKillBundles, runBundle } from '../support/kills/bundle'
import { expectSeriesHeld, killFigures, killSeries, type Series } from '../support/kills/harness'
import { seededRandom, seedFrom } from '../support/seeded'
import { tempDir } from '../support/temp'

// R1: `import --progress` killed with SIGKILL on a seeded progress line, or a seeded delay after its
// WAL file started to grow, leaves the workbook exactly as before the import or as after it.
const KILLS = Number(process.env.KILLS_PER_WRITER ?? 20)
const ROWS = process.env.KILL_IMPORT_ROWS ?? '2000'
const dir = tempDir()
const base = path.join(dir, 'base.paycycle')
const csv = path.join(dir, 'company.csv')

describe('an import killed at any moment leaves the workbook as before or as after', () => {
  let series: Series

  beforeAll(
    async () => {
      const bundles = await buildKillBundles(dir)
      runBundle(bundles, bundles.cli, 'new', base, '--demo', '200', '--seed', '9')
      runBundle(bundles, bundles.cli, 'demo-csv', csv, '--employees', ROWS, '--seed', '10')
      const random = seededRandom(seedFrom('KILL_SEED'))
      series = await killSeries(
        {
          name: 'import',
          base,
          args: (target) => [
            '-r',
            bundles.fixedClock,
            bundles.cli,
            'import',
            target,
            csv,
            '--json',
            '--progress',
          ],
          env: bundles.env,
        },
        dir,
        KILLS,
        random,
      )
      console.log(killFigures(`import of ${ROWS} rows`, series.kills))
    },
    Math.max(600_000, KILLS * 15_000),
  )

  it('prints its steps: read, validate, write, commit, with the rows done of the rows total', () => {
    const phases = [...new Set(series.reference.steps.map((s) => s.phase))]
    expect(phases).toEqual(['read', 'validate', 'write', 'commit'])
    expect(series.reference.steps.at(-1)).toEqual({
      phase: 'commit',
      done: Number(ROWS),
      total: Number(ROWS),
    })
    expect(series.after.hash).not.toBe(series.before.hash)
  })

  it('every kill leaves the before or the after content, as the phase it landed in says', () => {
    expectSeriesHeld(series, KILLS)
  })
})
