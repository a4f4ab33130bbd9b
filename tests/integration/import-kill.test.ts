import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const ROOT = path.resolve(__dirname, '../..')
const dir = tempDir()
const base = path.join(dir, 'base.paycycle')
const csv = path.join(dir, 'company.csv')
const KILLS = 10

/** What an import changes, in one comparable value; the schema (with its indexes) must never change. */
async function fingerprint(file: string): Promise<string> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    expect(workbook.sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(workbook.sqlite.pragma('foreign_key_check')).toEqual([])
    return JSON.stringify(
      ['employee', 'team', 'pay_range', 'job_profile', 'reward', 'import_batch']
        .map((table) => [table, workbook.sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get()])
        .concat([
          ['salaries', workbook.sqlite.prepare('SELECT TOTAL(current_salary) FROM employee').pluck().get()],
          ['schema', workbook.sqlite.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all()],
        ]),
    )
  } finally {
    await workbook.close()
  }
}

function copyBase(target: string): void {
  fs.copyFileSync(base, target)
}

function runImport(target: string): ReturnType<typeof spawn> {
  return spawn(process.execPath, ['--import', 'tsx', 'src-main/cli.ts', 'import', target, csv, '--json'], {
    cwd: ROOT,
    stdio: 'ignore',
  })
}

describe('an import killed with SIGKILL at any moment leaves the workbook exactly as before', () => {
  let before = ''
  let after = ''
  let fullRunMs = 0

  beforeAll(async () => {
    expect((await cli('new', base, '--demo', '200', '--seed', '9')).code).toBe(0)
    expect((await cli('demo-csv', csv, '--employees', '20000', '--seed', '10')).code).toBe(0)
    before = await fingerprint(base)
    const complete = path.join(dir, 'complete.paycycle')
    copyBase(complete)
    const started = performance.now()
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'import', complete, csv, '--json'],
      { cwd: ROOT },
    )
    fullRunMs = performance.now() - started
    expect(run.status).toBe(0)
    after = await fingerprint(complete)
    expect(after).not.toBe(before)
    // 20,000 rows take the bulk path that rebuilds the employee indexes; they are all back.
    expect(JSON.parse(after).at(-1)).toEqual(JSON.parse(before).at(-1))
  }, 120_000)

  it(`survives ${KILLS} kills at random points`, async () => {
    const delays = fc.sample(fc.double({ min: 0.05, max: 1.1, noNaN: true }), {
      numRuns: KILLS,
      seed: Date.now(),
    })
    const outcomes: string[] = []
    for (const [index, fraction] of delays.entries()) {
      const target = path.join(dir, `kill-${index}.paycycle`)
      copyBase(target)
      const child = runImport(target)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      await new Promise((resolve) => setTimeout(resolve, fraction * fullRunMs))
      child.kill('SIGKILL')
      await exited
      const state = await fingerprint(target)
      expect([before, after]).toContain(state)
      outcomes.push(state === before ? 'untouched' : 'complete')
    }
    expect(outcomes).toHaveLength(KILLS)
  }, 120_000)
})
