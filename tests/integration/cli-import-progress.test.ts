import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { ImportResult } from '../../src-shared/contract'
import { runCli } from '../../src-main/cli'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const at = (name: string) => path.join(dir, name)
const csv = at('company.csv')

beforeAll(async () => {
  expect((await cli('demo-csv', csv, '--employees', '300', '--seed', '4')).code).toBe(0)
})

describe('import --progress', () => {
  it('prints one JSON line per step on stderr: read, validate, write every 100 rows, commit', async () => {
    const run = await cli('import', at('steps.paycycle'), csv, '--json', '--progress')
    expect(run.code).toBe(0)
    expect((run.json[0] as ImportResult).status).toBe('imported')
    expect(run.progress.map((line) => JSON.parse(line) as unknown)).toEqual([
      { phase: 'read', done: 300, total: 300 },
      { phase: 'validate', done: 0, total: 300 },
      { phase: 'validate', done: 300, total: 300 },
      { phase: 'write', done: 0, total: 300 },
      { phase: 'write', done: 100, total: 300 },
      { phase: 'write', done: 200, total: 300 },
      { phase: 'write', done: 300, total: 300 },
      { phase: 'commit', done: 0, total: 300 },
      { phase: 'commit', done: 300, total: 300 },
    ])
    expect(run.progress.every((line) => line.endsWith('\n'))).toBe(true)
  })

  it('prints nothing to a pipe without --progress', async () => {
    const run = await cli('import', at('quiet.paycycle'), csv, '--json')
    expect(run.code).toBe(0)
    expect(run.progress).toEqual([])
  })

  it('draws a bar on a terminal, redrawn in place and ended with a line break', async () => {
    const written: string[] = []
    const text: string[] = []
    const code = await runCli(
      ['import', at('bar.paycycle'), csv],
      {
        json: () => undefined,
        text: (line) => text.push(line),
        progress: { isTTY: true, write: (chunk) => written.push(chunk) },
      },
      () => undefined,
    )
    expect(code).toBe(0)
    expect(written).toContain(`\rWriting  [${'#'.repeat(10)}${'.'.repeat(20)}]  100 / 300 rows\x1b[K`)
    expect(written.at(-2)).toBe(`\rSaving   [${'#'.repeat(30)}]  300 / 300 rows\x1b[K`)
    expect(written.at(-1)).toBe('\n')
    expect(text[0]).toBe('imported: 300 of 300 rows imported, 0 errors.')
  })

  it('keeps stdout clean: --json --progress prints the answer alone on stdout, the steps on stderr', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'import', at('process.paycycle'), csv, '--json', '--progress'],
      { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' },
    )
    expect(run.status).toBe(0)
    expect((JSON.parse(run.stdout) as ImportResult).imported).toBe(300)
    const steps = run.stderr.trim().split('\n')
    expect(steps.map((line) => (JSON.parse(line) as { phase: string }).phase)).toEqual([
      'read',
      'validate',
      'validate',
      'write',
      'write',
      'write',
      'write',
      'commit',
      'commit',
    ])
  })
})
