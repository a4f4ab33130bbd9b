import path from 'node:path'
import { SnapshotAssembler } from '../../src-shared/contract/company-snapshot-stream'
import { MemorySecretStore } from '../../src-main/secrets/memory-store'
import { secretAccount, ServerAccount } from '../../src-main/server-account/account'
import { joinCompany, sessionJoinSteps } from '../../src-main/server-account/join'
import { Session } from '../../src-main/services/session'
import { openWorkbook } from '../../src-main/workbook/open'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { hashPassword } from '../../src-server/auth/passwords'
import { createCompany } from '../../src-server/routes/company'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'
import { testServer } from './support'

const server = testServer()
const OWNER = 'owner@replica.test'
const PASSWORD = 'replicas all the way'
let url: string

beforeAll(async () => {
  await createCompany(server().context, {
    companyName: 'Replica Inc',
    ownerEmail: OWNER,
    ownerName: 'Rita Owner',
  })
  await server()
    .db.updateTable('app_user')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('email', '=', OWNER)
    .execute()
  await server().app.listen({ port: 0, host: '127.0.0.1' })
  const address = server().app.server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

describe("the desktop's sign-in, publish and join", () => {
  const secrets = new MemorySecretStore()
  const dataDir = tempDir()
  const account = new ServerAccount(secrets, dataDir)

  /** The company as it streams in, whole in memory. */
  async function download() {
    const assembler = new SnapshotAssembler()
    await account.streamCompany(async (text) => assembler.chunk(text))
    return assembler.finish()
  }

  it('a wrong password is refused with the server’s reason; the right one signs in and keeps only the refresh token', async () => {
    await expect(account.signIn({ server: url, email: OWNER, password: 'nope' })).rejects.toThrow(
      'The e-mail or password is not right.',
    )
    const status = await account.signIn({ server: url, email: OWNER, password: PASSWORD })
    expect(status).toEqual({
      signedIn: true,
      server: url,
      email: OWNER,
      name: 'Rita Owner',
      role: 'OWNER',
      company: 'Replica Inc',
    })
    expect(JSON.stringify(status)).not.toMatch(/eyJ/)
    expect(await secrets.get(secretAccount(url, OWNER))).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  })

  it('publish uploads the open workbook; join downloads it into a new workbook with the same company', async () => {
    const dir = tempDir()
    const source = path.join(dir, 'source.paycycle')
    expect((await cli('new', source, '--demo', '80', '--seed', '6')).code).toBe(0)
    const workbook = await openWorkbook(source, { readonly: true })
    const snapshot = readCompanySnapshot(workbook)
    await workbook.close()
    const mine = { ...snapshot, users: snapshot.users.filter((u) => u.role !== 'OWNER') }
    // The demo's super user is not published: SUPER_USER is the server operator's role.
    expect(await account.publish(mine)).toMatchObject({
      employees: 80,
      teams: snapshot.teams.length,
      users: mine.users.length - 1,
      skipped: [{ role: 'SUPER_USER' }],
    })

    // The access token runs out meanwhile: the transport refreshes once and retries.
    const before = await secrets.get(secretAccount(url, OWNER))
    server().advance(20 * 60_000)
    const session = new Session({
      mode: 'cli',
      version: 'test',
      dataDir: dir,
      actAs: null,
      emit: () => undefined,
      rememberRecent: false,
    })
    const target = path.join(dir, 'replica.paycycle')
    const summary = await joinCompany(account, sessionJoinSteps(session), target)
    expect(await secrets.get(secretAccount(url, OWNER))).not.toBe(before)
    expect(summary).toMatchObject({ companyName: 'Replica Inc', employees: 80 })
    const replica = readCompanySnapshot(session.workbook!)
    for (const key of ['payRanges', 'jobProfiles', 'teams', 'employees', 'rewards', 'submissions'] as const)
      expect(replica[key], key).toEqual(snapshot[key])
    await session.close()
  })

  it('calls made together after the access token ran out share one refresh and stay signed in', async () => {
    // The server rotates refresh tokens and signs a session out when one is traded twice.
    server().advance(20 * 60_000)
    const answers = await Promise.all(Array.from({ length: 5 }, () => download()))
    expect(answers.map((a) => a.employees.length)).toEqual([80, 80, 80, 80, 80])
    expect((await download()).employees).toHaveLength(80)
  })

  it('signing out forgets the refresh token here and revokes it on the server', async () => {
    const token = await secrets.get(secretAccount(url, OWNER))
    expect(await account.signOut()).toEqual({ signedIn: false, server: url, email: OWNER })
    expect(await secrets.get(secretAccount(url, OWNER))).toBeNull()
    const refresh = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: token ?? '' },
    })
    expect(refresh.statusCode).toBe(401)
    await expect(download()).rejects.toThrow('Sign in to your company first.')
  })

  it('at the next start, a kept refresh token signs in again without the password', async () => {
    const first = new ServerAccount(secrets, dataDir)
    await first.signIn({ server: url, email: OWNER, password: PASSWORD })
    const next = new ServerAccount(secrets, dataDir)
    expect((await next.restore()).signedIn).toBe(true)
  })
})
