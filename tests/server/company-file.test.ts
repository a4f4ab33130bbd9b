import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import type { JoinRoute } from '../../src-main/server-account/join'
import { shareCompanyFile } from '../../src-main/sync/share-file'
import { companyContent, sha256Digest } from '../../src-main/workbook/queries/company-content'
import { FILE_CHANGED } from '../../src-server/routes/company-file'
import { joinDesktop, type Desktop } from '../support/replica'
import { tempDir } from '../support/temp'
import { login, testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16's join at scale: an admin replica shares its company tables as a company file, and a new
 * admin desktop joins from it instead of the company's rows, after checking its content against the
 * server's own (docs/sync.md, "Company file"). Real server, real PostgreSQL, real workbooks.
 */

const server = testServer()
const PASSWORD = 'company file passphrase'
const OWNER = 'owner@company-file.test'
const desks = twoDesktops(
  server,
  { name: 'File Co', ownerEmail: OWNER, ownerName: 'Fay File', employees: 60, seed: 23 },
  PASSWORD,
)
const dir = tempDir('meritbook-company-file-')

/** A new desktop of `email` joining the company, and how it joined. */
async function newDesktop(email: string): Promise<{ desktop: Desktop; route: JoinRoute }> {
  let route: JoinRoute | null = null
  const desktop = await joinDesktop(
    desks.url,
    email,
    PASSWORD,
    undefined,
    fs.mkdtempSync(path.join(dir, 'desk-')),
    (how) => {
      route = how
    },
  )
  return { desktop, route: route! }
}

/** Every table join writes, as rows, apart from the moment each row was written. */
function tablesOf(db: Database.Database): Record<string, unknown[]> {
  const tables = [
    'pay_cycle',
    'pay_range',
    'job_profile',
    'team',
    'employee',
    'reward',
    'role',
    'company',
    'sync_state',
  ]
  const out: Record<string, unknown[]> = {}
  for (const table of tables)
    out[table] = (db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all() as Record<string, unknown>[]).map(
      ({ updated_at: _u, created_at: _c, ...row }) => row,
    )
  out.app_user = db
    .prepare('SELECT email, name, role_id, employee_id, invite_accepted FROM app_user ORDER BY email')
    .all()
  out.planner_submission = db
    .prepare(
      'SELECT planner_employee_id, pay_cycle_id, submission_type, comments FROM planner_submission ORDER BY 1, 2',
    )
    .all()
  return out
}

const fileRow = () => server().db.selectFrom('company_file').selectAll().executeTakeFirst()

describe('the company file: shared by an admin replica, joined from by a new admin desktop', () => {
  it('a new admin desktop joins from the shared file and holds what the replica that shared it holds', async () => {
    await desks.owner.engine.syncUntilIdle()
    const seq = await shareCompanyFile(desks.owner.invoke, desks.owner.account)
    expect(seq).toBe(
      desks.owner.session.workbook!.sqlite.prepare('SELECT last_seq FROM sync_state').pluck().get(),
    )
    expect((await fileRow())?.feed_seq).toBe(seq)

    const joined = await newDesktop(OWNER)
    expect(joined.route).toEqual({ from: 'file' })
    const mine = joined.desktop.session.workbook!.sqlite
    expect(tablesOf(mine)).toEqual(tablesOf(desks.owner.session.workbook!.sqlite))
    expect(companyContent(mine, sha256Digest)).toBe((await fileRow())!.content_hash)
    // Shared again at the same position: the server's file is already there, nothing is sent.
    expect(await shareCompanyFile(desks.owner.invoke, desks.owner.account)).toBeNull()
    await joined.desktop.close()
  })

  it('the file travels gzip-compressed and without the indexes a joining desktop builds itself', async () => {
    const row = (await fileRow())!
    const pieces = await server()
      .db.selectFrom('company_file_piece')
      .select('bytes')
      .where('upload_id', '=', row.upload_id)
      .orderBy('n')
      .execute()
    const stored = Buffer.concat(pieces.map((p) => p.bytes))
    expect(stored.length).toBe(Number(row.size))
    expect([...stored.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    const file = path.join(dir, 'inflated.paycycle')
    fs.writeFileSync(file, zlib.gunzipSync(stored))
    expect(stored.length * 3).toBeLessThan(fs.statSync(file).size)
    const inflated = new Database(file, { readonly: true })
    expect(inflated.prepare('SELECT count(*) FROM employee').pluck().get()).toBe(
      desks.snapshot.employees.length,
    )
    expect(
      inflated
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
        .pluck()
        .all(),
    ).toEqual([])
    inflated.close()
  })

  it('a file behind the feed is joined from, and the feed brings what changed after it', async () => {
    await desks.owner.engine.syncUntilIdle()
    await shareCompanyFile(desks.owner.invoke, desks.owner.account)
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Written after the file' } }],
    })
    await desks.manager.engine.syncUntilIdle()

    const joined = await newDesktop(OWNER)
    expect(joined.route).toEqual({ from: 'file' })
    const comment = () =>
      joined.desktop.session
        .workbook!.sqlite.prepare('SELECT comments FROM reward WHERE employee_id = ?')
        .pluck()
        .get(desks.teamMember)
    expect(comment()).not.toBe('Written after the file')
    await joined.desktop.engine.syncUntilIdle()
    expect(comment()).toBe('Written after the file')
    await joined.desktop.close()
  })

  it("a file whose content differs from the server (one salary) is refused: the desktop joins by rows and holds the server's pay", async () => {
    await desks.owner.engine.syncUntilIdle()
    const file = path.join(dir, 'doctored.paycycle')
    const written = await desks.owner.invoke('sync.companyFile', { path: file })
    if (!written.ok || !written.value) throw new Error('no company file was written')
    const doctored = new Database(file)
    const someone = desks.snapshot.employees[5]
    doctored.prepare('UPDATE employee SET current_salary = current_salary + 100 WHERE id = ?').run(someone.id)
    doctored.close()
    await desks.owner.account.shareCompanyFile(fs.readFileSync(file), written.value.seq)

    const joined = await newDesktop(OWNER)
    expect(joined.route).toEqual({ from: 'rows', fileRefused: 'content differs from the server' })
    const salary = joined.desktop.session
      .workbook!.sqlite.prepare('SELECT current_salary FROM employee WHERE id = ?')
      .pluck()
      .get(someone.id)
    const onServer = await server()
      .db.selectFrom('employee')
      .select('current_salary')
      .where('id', '=', someone.id)
      .executeTakeFirstOrThrow()
    expect(salary).toBe(Number(onServer.current_salary))
    await joined.desktop.close()
  })

  it('a damaged file (cut in half) is refused: the desktop joins by rows', async () => {
    await desks.owner.engine.syncUntilIdle()
    const file = path.join(dir, 'damaged.paycycle')
    const written = await desks.owner.invoke('sync.companyFile', { path: file })
    if (!written.ok || !written.value) throw new Error('no company file was written')
    const whole = fs.readFileSync(file)
    await desks.owner.account.shareCompanyFile(whole.subarray(0, whole.length / 2), written.value.seq)

    const joined = await newDesktop(OWNER)
    expect(joined.route).toMatchObject({
      from: 'rows',
      fileRefused: expect.stringMatching(/^the file could not be read \(/),
    })
    expect(companyContent(joined.desktop.session.workbook!.sqlite, sha256Digest)).toBe(
      (await fileRow())!.content_hash,
    )
    await joined.desktop.close()
  })

  it(`a file of a position the company has moved past is not kept: "${FILE_CHANGED}"`, async () => {
    await desks.owner.engine.syncUntilIdle()
    const before = await fileRow()
    const file = path.join(dir, 'stale.paycycle')
    const written = await desks.owner.invoke('sync.companyFile', { path: file })
    if (!written.ok || !written.value) throw new Error('no company file was written')
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Moved on' } }],
    })
    await desks.manager.engine.syncUntilIdle()
    await expect(
      desks.owner.account.shareCompanyFile(fs.readFileSync(file), written.value.seq),
    ).rejects.toThrow(FILE_CHANGED)
    expect(await fileRow()).toEqual(before)
    const pieces = await server().db.selectFrom('company_file_piece').select('upload_id').distinct().execute()
    expect(pieces.map((p) => p.upload_id)).toEqual([before!.upload_id])
  })

  it('a manager neither shares nor downloads the company file (403), and joins by rows without asking', async () => {
    await expect(desks.manager.account.companyFilePosition()).rejects.toThrow(
      'Your role (MANAGER) may not share the company file.',
    )
    const answer = await server().app.inject({
      method: 'GET',
      url: '/api/company/file/',
      headers: { authorization: `Bearer ${await login(server(), desks.managerUser.email, PASSWORD)}` },
    })
    expect(answer.statusCode).toBe(403)
    const joined = await newDesktop(desks.managerUser.email)
    expect(joined.route).toEqual({ from: 'rows', fileRefused: null })
    await joined.desktop.close()
  })

  it('a stored file that is not compressed is refused: the desktop joins by rows', async () => {
    await desks.owner.engine.syncUntilIdle()
    const file = path.join(dir, 'plain.paycycle')
    const written = await desks.owner.invoke('sync.companyFile', { path: file })
    if (!written.ok || !written.value) throw new Error('no company file was written')
    await desks.owner.account.shareCompanyFile(fs.readFileSync(file), written.value.seq)
    const row = (await fileRow())!
    // As a server holding a file from before files were compressed would send it.
    const plain = fs.readFileSync(file)
    await server().db.deleteFrom('company_file_piece').where('upload_id', '=', row.upload_id).execute()
    await server()
      .db.insertInto('company_file_piece')
      .values({ company_id: row.company_id, upload_id: row.upload_id, n: 0, bytes: plain })
      .execute()
    await server().db.updateTable('company_file').set({ size: plain.length }).execute()

    const joined = await newDesktop(OWNER)
    expect(joined.route).toEqual({ from: 'rows', fileRefused: 'the download failed: incorrect header check' })
    expect(companyContent(joined.desktop.session.workbook!.sqlite, sha256Digest)).toBe(row.content_hash)
    expect(
      fs
        .readdirSync(path.dirname(joined.desktop.session.workbook!.path))
        .filter((f) => f.endsWith('.company-file')),
    ).toEqual([])
    await joined.desktop.close()
    // The file shared properly again, for what follows.
    await desks.owner.account.shareCompanyFile(plain, written.value.seq)
  })
})
