import path from 'node:path'
import Database from 'better-sqlite3'
import type { JoinRoute } from '../../src-main/server-account/join'
import { cliProcess } from '../support/cli'
import { joinDesktop, rewardOf } from '../support/replica'
import { tempDir } from '../support/temp'
import { listen, publishDemo, testServer, type PublishedCompany } from './support'

/**
 * `sync --share`: an administrator who syncs a replica from the shell shares its company file, as the
 * app's sync runner does, so that the next administrator joins from it (docs/sync.md, "Company
 * file"). Real server, real PostgreSQL, the CLI in its own process.
 */

const server = testServer()
const PASSWORD = 'shared from the shell'
const OWNER = 'owner@cli-share.test'
const dir = tempDir('meritbook-sync-cli-share-')
const ownerReplica = path.join(dir, 'owner.paycycle')
const managerReplica = path.join(dir, 'manager.paycycle')
let url: string
let company: PublishedCompany

const run = (...args: string[]) =>
  cliProcess(args, { stdin: `${PASSWORD}\n`, dataDir: path.join(dir, 'cli-data') })
const signedIn = (email: string) => ['--server', url, '--email', email, '--password-stdin', '--json']

interface SyncAnswer {
  pushed: number
  pulled: number
  outbox: number
  shared: number | null
}
async function sync(replica: string, email: string, ...flags: string[]): Promise<SyncAnswer> {
  const answer = await run('sync', replica, ...flags, ...signedIn(email))
  expect(answer.stderr).toBe('')
  expect(answer.code).toBe(0)
  return JSON.parse(answer.stdout) as SyncAnswer
}

const lastSeqOf = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare('SELECT last_seq FROM sync_state').pluck().get() as number
  } finally {
    db.close()
  }
}
const serverFileSeq = async () =>
  (await server().db.selectFrom('company_file').select('feed_seq').executeTakeFirst())?.feed_seq ?? null

beforeAll(async () => {
  company = await publishDemo(
    server(),
    { name: 'Shell Share Co', ownerEmail: OWNER, ownerName: 'Sid Share', employees: 40, seed: 31 },
    PASSWORD,
  )
  url = await listen(server())
  for (const [replica, email] of [
    [ownerReplica, OWNER],
    [managerReplica, company.manager.email],
  ]) {
    const joined = await run('server-join', replica, ...signedIn(email))
    expect(joined.stderr).toBe('')
    expect(joined.code).toBe(0)
  }
}, 120_000)

describe('cli sync --share', () => {
  it('without --share a sync shares nothing', async () => {
    expect(await sync(ownerReplica, OWNER)).toMatchObject({ outbox: 0, shared: null })
    expect(await serverFileSeq()).toBeNull()
  })

  it("an administrator's sync --share shares the replica's company file, and the next administrator joins from it", async () => {
    const answer = await sync(ownerReplica, OWNER, '--share')
    expect(answer.shared).toBe(lastSeqOf(ownerReplica))
    expect(await serverFileSeq()).toBe(answer.shared)

    let route: JoinRoute | null = null
    const desktop = await joinDesktop(url, OWNER, PASSWORD, undefined, tempDir(), (how) => {
      route = how
    })
    expect(route).toEqual({ from: 'file' })

    // The new desktop edits; the shell's next sync pulls the edit and shares the file again, at its new position.
    const employeeId = company.snapshot.employees[0].id
    await desktop.call('rewards.update', { updates: [{ employeeId, changes: { lumpSum: 42_000 } }] })
    expect(await desktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, outbox: 0 })
    await desktop.close()
    const again = await sync(ownerReplica, OWNER, '--share')
    expect(again.pulled).toBeGreaterThanOrEqual(1)
    expect(again.shared).toBe(lastSeqOf(ownerReplica))
    expect(again.shared).toBeGreaterThan(answer.shared!)
    expect(await serverFileSeq()).toBe(again.shared)

    const next = await joinDesktop(url, OWNER, PASSWORD, undefined, tempDir(), (how) => {
      route = how
    })
    expect(route).toEqual({ from: 'file' })
    expect((await rewardOf(next, employeeId))?.lump_sum).toBe(42_000)
    await next.close()
  })

  it("a sync --share with the server's file already at the replica's position sends nothing", async () => {
    const before = await serverFileSeq()
    expect(await sync(ownerReplica, OWNER, '--share')).toMatchObject({ pulled: 0, shared: null })
    expect(await serverFileSeq()).toBe(before)
  })

  it("a manager's sync --share is refused with what it needs, and their sync itself is not lost", async () => {
    const refused = await run('sync', managerReplica, '--share', ...signedIn(company.manager.email))
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('Only an administrator shares the company file (--share).')
    const plain = await sync(managerReplica, company.manager.email)
    expect(plain).toMatchObject({ outbox: 0, shared: null })
  })
})
