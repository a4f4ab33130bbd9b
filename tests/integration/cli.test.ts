import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { LATEST_SCHEMA_VERSION } from '../../src-main/workbook/migrations'
import { cli } from '../support/cli'
import { sha256, tempDir } from '../support/temp'

const dir = tempDir()
const ROOT = path.resolve(__dirname, '../..')

describe('meritbook CLI', () => {
  it('new --demo creates a workbook holding the demo company, and info --json describes it', async () => {
    const file = path.join(dir, 'demo.paycycle')
    const created = await cli('new', file, '--demo', '300', '--seed', '7', '--json')
    expect(created.code).toBe(0)
    expect(created.json[0]).toMatchObject({ path: file, employees: 300 })
    const info = await cli('info', file, '--json')
    expect(info.code).toBe(0)
    expect(info.json[0]).toEqual({
      schemaVersion: LATEST_SCHEMA_VERSION,
      employees: 300,
      teams: expect.any(Number),
      payRanges: expect.any(Number),
      activePayCycle: expect.any(String),
    })
    const { teams, payRanges } = info.json[0] as { teams: number; payRanges: number }
    expect(teams).toBeGreaterThan(10)
    expect(payRanges).toBeGreaterThan(3)
  })

  it('new without --demo creates an empty company owned by its creator', async () => {
    const file = path.join(dir, 'empty')
    const created = await cli('new', file, '--company', 'Acme', '--owner-email', 'me@acme.test', '--json')
    expect(created.json[0]).toMatchObject({ path: `${file}.paycycle`, companyName: 'Acme', employees: 0 })
    const info = await cli('info', `${file}.paycycle`, '--json', '--as', 'me@acme.test')
    expect(info.json[0]).toMatchObject({
      employees: 0,
      teams: 0,
      payRanges: 0,
      activePayCycle: 'Default Configuration',
    })
  })

  it('refuses to overwrite an existing file (exit 2) and leaves it untouched', async () => {
    const file = path.join(dir, 'demo.paycycle')
    const before = sha256(file)
    const result = await cli('new', file, '--demo', '10')
    expect(result.code).toBe(2)
    expect(result.errors[0]).toBe(`${file} already exists. Open it, or choose another name.`)
    expect(sha256(file)).toBe(before)
  })

  it('info on a file that is not a workbook exits 2 with the reason', async () => {
    const file = path.join(dir, 'notes.txt')
    fs.writeFileSync(file, 'hello')
    const result = await cli('info', file, '--json')
    expect(result).toMatchObject({
      code: 2,
      json: [],
      errors: [`${file} is not a Meritbook pay-cycle workbook (.paycycle).`],
    })
  })

  it('info --as an unknown user exits 1', async () => {
    const result = await cli('info', path.join(dir, 'demo.paycycle'), '--json', '--as', 'ghost@nowhere.test')
    expect(result.code).toBe(1)
    expect(result.errors[0]).toBe('demo.paycycle has no user with the email ghost@nowhere.test.')
  })

  it('demo-csv writes the demo company in the import format', async () => {
    const file = path.join(dir, 'employees.csv')
    const result = await cli('demo-csv', file, '--employees', '50', '--seed', '3')
    expect(result.code).toBe(0)
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split(/\r?\n/)
    expect(lines[0]).toBe(IMPORT_COLUMNS.map((c) => c.header).join(','))
    expect(lines).toHaveLength(51)
  })

  it.each([
    [[], 'Name a command.'],
    [['frobnicate', 'x'], 'Unknown command "frobnicate".'],
    [['info'], 'info needs <file>.'],
    [['new', 'x.paycycle', '--demo', 'many'], '--demo must be a whole number above 0, not "many".'],
    [['demo-csv', 'x.csv'], 'demo-csv needs --employees <N>.'],
    [['info', 'x', '--bogus'], "Unknown option '--bogus'"],
  ])('usage error %j exits 2 with a message on stderr', async (argv, message) => {
    const result = await cli(...argv)
    expect(result.code).toBe(2)
    expect(result.json).toEqual([])
    expect(result.errors[0]).toContain(message)
  })

  it('`npm run -s cli` prints JSON on stdout only', () => {
    const out = execFileSync(
      'npm',
      ['run', '-s', 'cli', '--', 'info', path.join(dir, 'demo.paycycle'), '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    expect(JSON.parse(out)).toMatchObject({ employees: 300 })
    const usage = spawnSync('npm', ['run', '-s', 'cli', '--', 'info'], { cwd: ROOT, encoding: 'utf8' })
    expect(usage.status).toBe(2)
    expect(usage.stdout).toBe('')
    expect(usage.stderr).toContain('info needs <file>.')
    // Two cold starts of npm and tsx: slow on a busy machine.
  }, 120_000)
})
