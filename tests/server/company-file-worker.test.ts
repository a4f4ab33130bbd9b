import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { startBackend, type BackendClient } from '../../src-main/backend/client'
import { contentOfCompanyFile } from '../../src-main/services/company-file'
import { MemorySecretStore } from '../../src-main/secrets/memory-store'
import { ServerAccount } from '../../src-main/server-account/account'
import { joinCompany, workerJoinSteps, type JoinRoute } from '../../src-main/server-account/join'
import { withSync } from '../../src-main/sync/runner'
import { shareCompanyFile } from '../../src-main/sync/share-file'
import { tempDir } from '../support/temp'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * The join from a company file as the app runs it (docs/sync.md, "Company file"): the shell's
 * thread downloads, the workbook worker copies the file while the list reader's thread hashes its
 * content, and the two meet before the commit. The worker pair runs from the source
 * (`tests/support/backend-from-source.cjs`); real server, real PostgreSQL.
 */

const server = testServer()
const PASSWORD = 'worker pair passphrase'
const OWNER = 'owner@company-file-worker.test'
const desks = twoDesktops(
  server,
  { name: 'Worker Pair Co', ownerEmail: OWNER, ownerName: 'Wes Worker', employees: 80, seed: 31 },
  PASSWORD,
)
const dir = tempDir('meritbook-company-file-worker-')
const running: BackendClient[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.stop()))
})

/**
 * A new app (its worker pair, with the sync runner when `syncing`) signed in as the owner and joining
 * into `replica.paycycle`; how it went.
 */
async function appJoin(syncing = false): Promise<{ route: JoinRoute; file: string; employees: number }> {
  const dataDir = fs.mkdtempSync(path.join(dir, 'app-'))
  const workers = startBackend(
    { mode: 'cli', version: 'test', dataDir, actAs: null, secretStore: null },
    path.resolve('tests/support/backend-from-source.cjs'),
  )
  const account = new ServerAccount(new MemorySecretStore(), dataDir)
  // A long poll far longer than the test may wait: a share that waits for one never comes.
  const backend = syncing
    ? withSync(workers, account, { tickMs: 500, pollSeconds: 600, retryMs: [1000] })
    : workers
  running.push(backend)
  await account.signIn({ server: desks.url, email: OWNER, password: PASSWORD })
  let route: JoinRoute | null = null
  const file = path.join(dataDir, 'replica.paycycle')
  const summary = await joinCompany(account, workerJoinSteps(backend), file, (how) => {
    route = how
  })
  return { route: route!, file, employees: summary.employees }
}

/** The owner's company file written by their replica, doctored by `change`, and shared. */
async function shareDoctored(name: string, change: (file: string) => void): Promise<void> {
  await desks.owner.engine.syncUntilIdle()
  const file = path.join(dir, name)
  const written = await desks.owner.invoke('sync.companyFile', { path: file })
  if (!written.ok || !written.value) throw new Error('no company file was written')
  change(file)
  await desks.owner.account.shareCompanyFile(fs.readFileSync(file), written.value.seq)
}

const fileHash = async () =>
  (await server().db.selectFrom('company_file').select('content_hash').executeTakeFirstOrThrow()).content_hash

describe("the app's worker pair joins from the company file", () => {
  it("joins from the file, the reader's hash matching the server's, and holds the company", async () => {
    await desks.owner.engine.syncUntilIdle()
    expect(await shareCompanyFile(desks.owner.invoke, desks.owner.account)).not.toBeNull()
    const joined = await appJoin()
    expect(joined.route).toEqual({ from: 'file' })
    expect(joined.employees).toBe(desks.snapshot.employees.length)
    expect(contentOfCompanyFile(joined.file)).toBe(await fileHash())
  })

  it('refuses a file whose content differs (one salary), the reader having hashed it, and joins by rows', async () => {
    const someone = desks.snapshot.employees[7]
    await shareDoctored('doctored.paycycle', (file) => {
      const db = new Database(file)
      db.prepare('UPDATE employee SET current_salary = current_salary + 1 WHERE id = ?').run(someone.id)
      db.close()
    })
    const joined = await appJoin()
    expect(joined.route).toEqual({ from: 'rows', fileRefused: 'content differs from the server' })
    expect(contentOfCompanyFile(joined.file)).toBe(await fileHash())
  })

  it("refuses a file that cannot be read through (its employees' root page zeroed), and joins by rows", async () => {
    await shareDoctored('damaged.paycycle', (file) => {
      const db = new Database(file, { readonly: true })
      const root = db
        .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'employee'")
        .pluck()
        .get() as number
      const pageSize = db.pragma('page_size', { simple: true }) as number
      db.close()
      const bytes = fs.readFileSync(file)
      bytes.fill(0, (root - 1) * pageSize, root * pageSize)
      fs.writeFileSync(file, bytes)
    })
    const joined = await appJoin()
    expect(joined.route).toMatchObject({
      from: 'rows',
      fileRefused: expect.stringMatching(/^the file could not be read \(/),
    })
    expect(contentOfCompanyFile(joined.file)).toBe(await fileHash())
  })

  it("a newly joined admin's app shares its company file at once, before its first long poll ends", async () => {
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'After the last file' } }],
    })
    await desks.manager.engine.syncUntilIdle()
    const before = (await server().db.selectFrom('company_file').select('feed_seq').executeTakeFirstOrThrow())
      .feed_seq
    // (The file on the server is the damaged one above: this app joins by rows.)
    const joined = await appJoin(true)
    await vi.waitFor(
      async () => {
        const now = await server().db.selectFrom('company_file').select('feed_seq').executeTakeFirstOrThrow()
        expect(now.feed_seq).toBeGreaterThan(before)
      },
      { timeout: 20_000, interval: 200 },
    )
    expect(contentOfCompanyFile(joined.file)).toBe(await fileHash())
  })
})
