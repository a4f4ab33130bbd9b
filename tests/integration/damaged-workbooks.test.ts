import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { cli } from '../support/cli'
import { below, seedFrom, seededRandom } from '../support/seeded'
import { testBackend } from '../support/session'
import { sha256, tempDir } from '../support/temp'

/**
 * Issue 20 R2: damaged copies of a demo workbook, opened the way the app opens them (the session's
 * open, then every row read through the table) and by the CLI (`info`, `export`). Each copy opens
 * and reads every row, or is refused with the clear damaged-file message: never a crash, an uncaught
 * error, a hang, a lock left behind, or a write to a refused file. CI runs DAMAGED_COPIES (200);
 * `npm run soak` runs 1,000.
 */
const COPIES = Number(process.env.DAMAGED_COPIES ?? 200)
const SEED = seedFrom('DAMAGE_SEED')
const PAGE = 4096
const dir = tempDir()
const base = path.join(dir, 'base.paycycle')
/** The same company one write later, as a WAL beside the base: torn or foreign WAL files come from it. */
let laterWal: Buffer
let foreignWal: Buffer

// A damaged header may read as a newer schema version: refused, clearly, and left as it was.
const REFUSAL = /is damaged|is not a Meritbook pay-cycle workbook|was saved by a newer version of Meritbook/

type Damage =
  'flip-bits' | 'header-bytes' | 'truncate' | 'zero-page' | 'torn-wal' | 'foreign-wal' | 'stale-lock'
const DAMAGES: Damage[] = [
  'flip-bits',
  'header-bytes',
  'truncate',
  'zero-page',
  'torn-wal',
  'foreign-wal',
  'stale-lock',
]

function damagedCopy(index: number, random: () => number): { file: string; damage: Damage } {
  const damage = DAMAGES[index % DAMAGES.length]
  const file = path.join(dir, `copy-${index}.paycycle`)
  const bytes = Buffer.from(fs.readFileSync(base))
  switch (damage) {
    case 'flip-bits':
      for (let n = 1 + below(random, 16); n > 0; n--)
        bytes[below(random, bytes.length)] ^= 1 << below(random, 8)
      break
    case 'header-bytes':
      // The 100-byte database header, or elsewhere on the first page (the schema's root).
      for (let n = 1 + below(random, 8); n > 0; n--)
        bytes[random() < 0.5 ? below(random, 100) : below(random, PAGE)] = below(random, 256)
      break
    case 'truncate':
      fs.writeFileSync(file, bytes.subarray(0, below(random, bytes.length)))
      return { file, damage }
    case 'zero-page':
      {
        const page = below(random, bytes.length / PAGE)
        bytes.fill(0, page * PAGE, (page + 1) * PAGE)
      }
      break
    case 'torn-wal':
      fs.writeFileSync(`${file}-wal`, laterWal.subarray(0, 32 + below(random, laterWal.length - 32)))
      break
    case 'foreign-wal':
      fs.writeFileSync(`${file}-wal`, foreignWal)
      break
    case 'stale-lock':
      // A lock left by a process that no longer runs on this host.
      fs.writeFileSync(
        `${file}.lock`,
        JSON.stringify({ pid: 2 ** 22 + below(random, 1000), host: os.hostname() }),
      )
      break
  }
  fs.writeFileSync(file, bytes)
  return { file, damage }
}

/** Every row of every table, as SQLite reads it now (throws when a page cannot be read). */
function readEverything(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    let rows = 0
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]
    for (const table of tables) rows += (db.prepare(`SELECT * FROM "${table}"`).all() as unknown[]).length
    return rows
  } finally {
    db.close()
  }
}

/** What the CLI may answer for a damaged file: success, or exit 2 with the refusal's message. */
const CLI_ANSWERS = ['exit 0', 'exit 2, refused with its message']
function cliVerdict(result: { code: number; errors: string[] }): string {
  const message = result.errors.join('\n')
  if (result.code === 0) return 'exit 0'
  return REFUSAL.test(message)
    ? `exit ${result.code}, refused with its message`
    : `exit ${result.code}: ${message}`
}

describe(`${COPIES} damaged workbooks (seed ${SEED})`, () => {
  const { dispatcher, logs } = testBackend(path.join(dir, 'data'))

  beforeAll(async () => {
    expect((await cli('new', base, '--demo', '60', '--seed', '3')).code).toBe(0)
    // A later write kept in the WAL (no checkpoint), to tear and to place beside other files.
    const later = path.join(dir, 'later.paycycle')
    fs.copyFileSync(base, later)
    const db = new Database(later)
    db.pragma('wal_autocheckpoint = 0')
    db.prepare("UPDATE employee SET name = name || ' (later)'").run()
    laterWal = fs.readFileSync(`${later}-wal`)
    const other = path.join(dir, 'other.sqlite')
    const foreign = new Database(other)
    foreign.pragma('journal_mode = WAL')
    foreign.pragma('wal_autocheckpoint = 0')
    foreign.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3);')
    foreignWal = fs.readFileSync(`${other}-wal`)
    db.close()
    foreign.close()
  })

  it(
    'each opens and reads every row, or is refused clearly and left untouched',
    { timeout: 600_000 },
    async () => {
      const random = seededRandom(SEED)
      const outcomes = new Map<string, number>()
      for (let index = 0; index < COPIES; index++) {
        const { file, damage } = damagedCopy(index, random)
        const before = sha256(file)
        const where = `copy ${index} (${damage}, seed ${SEED})`

        const opened = await dispatcher.dispatch('workbook.open', { path: file })
        let outcome: string
        if (opened.ok) {
          // Opened: every row must read, through the table model and the company lists.
          const table = await dispatcher.dispatch('table.query', {
            offset: 0,
            limit: 25,
            sort: null,
            filters: {},
            search: '',
            viewAsEmployeeId: null,
          })
          const listed = await dispatcher.dispatch('employees.list', {})
          const closed = await dispatcher.dispatch('workbook.close', {})
          expect(closed.ok, where).toBe(true)
          if (table.ok && listed.ok) {
            expect(readEverything(file), where).toBeGreaterThan(0)
            outcome = 'opened'
          } else {
            const error = table.ok ? (listed.ok ? null : listed.error) : table.error
            expect(error?.message, `${where}: ${logs.at(-1) ?? ''}`).toMatch(REFUSAL)
            outcome = 'refused while reading'
          }
        } else {
          expect(opened.error.message, where).toMatch(REFUSAL)
          expect(sha256(file), `${where}: a refused file is left as it was`).toBe(before)
          outcome = 'refused'
        }
        expect(fs.existsSync(`${file}.lock`), `${where}: no lock left behind`).toBe(false)

        // Exit 0, or 2 (the CLI's code for a file it refuses) with the message.
        const info = await cli('info', file, '--json')
        expect(CLI_ANSWERS, where).toContain(cliVerdict(info))
        const exported = await cli('export', file, path.join(dir, `copy-${index}.csv`))
        expect(CLI_ANSWERS, where).toContain(cliVerdict(exported))
        expect(fs.existsSync(`${file}.lock`), `${where}: no lock left behind by the CLI`).toBe(false)

        const key = `${damage}: ${outcome}`
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
        fs.rmSync(file, { force: true })
        fs.rmSync(`${file}-wal`, { force: true })
        fs.rmSync(`${file}-shm`, { force: true })
      }
      console.log(`damaged workbooks (seed ${SEED}):`, Object.fromEntries([...outcomes].sort()))
      // Each kind of damage was tried.
      expect(new Set([...outcomes.keys()].map((k) => k.split(':')[0])).size).toBe(
        Math.min(COPIES, DAMAGES.length),
      )
    },
  )
})
