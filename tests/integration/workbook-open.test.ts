import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { WorkbookError } from '../../src-main/workbook/errors'
import { LATEST_SCHEMA_VERSION } from '../../src-main/workbook/migrations'
import { WORKBOOK_APPLICATION_ID, openWorkbook } from '../../src-main/workbook/open'
import { seedNewWorkbook } from '../../src-main/workbook/seed'
import { sha256, tempDir } from '../support/temp'

const dir = tempDir()
const owner = { companyName: 'Acme', ownerName: 'Ada Owner', ownerEmail: 'Ada@Acme.test' }

async function newWorkbookFile(name: string): Promise<string> {
  const file = path.join(dir, name)
  const workbook = await openWorkbook(file, { create: true })
  await seedNewWorkbook(workbook, owner)
  await workbook.close()
  return file
}

async function refusal(file: string): Promise<WorkbookError> {
  const error = await openWorkbook(file).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkbookError)
  return error as WorkbookError
}

describe('a new workbook', () => {
  it('is SQLite in WAL mode with foreign keys, our application id and the latest schema version', async () => {
    const file = await newWorkbookFile('new.paycycle')
    const workbook = await openWorkbook(file)
    try {
      expect(workbook.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(workbook.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(workbook.sqlite.pragma('application_id', { simple: true })).toBe(WORKBOOK_APPLICATION_ID)
      expect(workbook.schemaVersion).toBe(LATEST_SCHEMA_VERSION)
      const users = await workbook.db.selectFrom('app_user').select(['email', 'name']).execute()
      expect(users).toEqual([{ email: 'ada@acme.test', name: 'Ada Owner' }])
      const cycles = await workbook.db.selectFrom('pay_cycle').select(['name', 'active']).execute()
      expect(cycles).toEqual([{ name: 'Default Configuration', active: 1 }])
    } finally {
      await workbook.close()
    }
  })

  it('allows only one active pay cycle', async () => {
    const workbook = await openWorkbook(await newWorkbookFile('one-active.paycycle'))
    try {
      const insertActive = () =>
        workbook.db.insertInto('pay_cycle').values({ name: 'Second', active: 1, updated_at: 'now' }).execute()
      await expect(insertActive()).rejects.toThrow(/UNIQUE/)
    } finally {
      await workbook.close()
    }
  })
})

describe('opening refuses and leaves untouched', () => {
  it('a file that is not a workbook', async () => {
    const file = path.join(dir, 'notes.paycycle')
    fs.writeFileSync(file, 'Employee Id,Name\n1,Ada\n')
    const before = sha256(file)
    const error = await refusal(file)
    expect(error.code).toBe('NOT_A_WORKBOOK')
    expect(error.message).toBe(`${file} is not a Meritbook pay-cycle workbook (.paycycle).`)
    expect(sha256(file)).toBe(before)
    expect(fs.existsSync(`${file}.lock`)).toBe(false)
  })

  it('a SQLite database of another application', async () => {
    const file = path.join(dir, 'foreign.paycycle')
    const foreign = new Database(file)
    foreign.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);')
    foreign.close()
    const before = sha256(file)
    expect((await refusal(file)).code).toBe('NOT_A_WORKBOOK')
    expect(sha256(file)).toBe(before)
  })

  it('a damaged workbook', async () => {
    const file = await newWorkbookFile('damaged.paycycle')
    const bytes = fs.readFileSync(file)
    // Overwrite the second page onwards (keeping the header) with garbage.
    for (let i = 4096; i < bytes.length; i++) bytes[i] = (i * 31) % 251
    fs.writeFileSync(file, bytes)
    const before = sha256(file)
    const error = await refusal(file)
    expect(error.code).toBe('WORKBOOK_DAMAGED')
    expect(error.message).toContain('is damaged')
    expect(sha256(file)).toBe(before)
  })

  it('a workbook whose schema text is damaged (quick_check passes it; the first query would not)', async () => {
    const file = await newWorkbookFile('schema-text.paycycle')
    // One byte of the employee table's CREATE statement, as a damaged disk would change it.
    const bytes = fs.readFileSync(file)
    const table = bytes.indexOf('CREATE TABLE employee')
    const column = bytes.indexOf('job_profile_id', table)
    expect(table).toBeGreaterThan(0)
    bytes[column + 'job_profil'.length] = 'm'.charCodeAt(0)
    fs.writeFileSync(file, bytes)
    expect(new Database(file, { readonly: true }).pragma('quick_check', { simple: true })).toBe('ok')
    const before = sha256(file)
    const error = await refusal(file)
    expect(error.code).toBe('WORKBOOK_DAMAGED')
    expect(error.message).toContain('its tables do not match a Meritbook workbook')
    expect(sha256(file)).toBe(before)
  })

  it('a workbook where a damaged record turned a name into bytes (quick_check passes it)', async () => {
    const file = await newWorkbookFile('mistyped.paycycle')
    // A flipped type bit in a record header makes SQLite read the user's name as a blob.
    const sqlite = new Database(file)
    sqlite.prepare("UPDATE app_user SET name = x'00ff'").run()
    sqlite.close()
    expect(new Database(file, { readonly: true }).pragma('quick_check', { simple: true })).toBe('ok')
    const before = sha256(file)
    const error = await refusal(file)
    expect(error.code).toBe('WORKBOOK_DAMAGED')
    expect(error.message).toContain('is damaged (app_user.name holds a value of the wrong kind)')
    expect(sha256(file)).toBe(before)
  })

  it('a workbook from a newer Meritbook', async () => {
    const file = await newWorkbookFile('future.paycycle')
    const raw = new Database(file)
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`)
    raw.close()
    const before = sha256(file)
    const error = await refusal(file)
    expect(error.code).toBe('WORKBOOK_TOO_NEW')
    expect(error.message).toContain('newer version of Meritbook')
    expect(sha256(file)).toBe(before)
  })

  it('a missing file (and does not create it)', async () => {
    const file = path.join(dir, 'missing.paycycle')
    expect((await refusal(file)).code).toBe('FILE_NOT_FOUND')
    expect(fs.existsSync(file)).toBe(false)
  })
})

describe('one writer at a time', () => {
  it('refuses a second open while the first holds the file, and allows it after close', async () => {
    const file = await newWorkbookFile('locked.paycycle')
    const first = await openWorkbook(file)
    const error = await refusal(file)
    expect(error.code).toBe('WORKBOOK_LOCKED')
    await first.close()
    const second = await openWorkbook(file)
    await second.close()
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    const file = await newWorkbookFile('stale.paycycle')
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }))
    const workbook = await openWorkbook(file)
    await workbook.close()
    expect(fs.existsSync(`${file}.lock`)).toBe(false)
  })
})
