import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { hashPassword } from '../../src-server/auth/passwords'
import { connect, migrateToLatest } from '../../src-server/db/connect'
import { createCompany } from '../../src-server/routes/company'
import { MemorySecretStore } from '../../src-main/secrets/memory-store'
import { ServerAccount } from '../../src-main/server-account/account'
import { joinCompany, workerJoinSteps, type JoinRoute } from '../../src-main/server-account/join'
import type { ReplicaInvoke } from '../../src-main/sync/engine'
import { shareCompanyFile } from '../../src-main/sync/share-file'
import { startBackend } from '../../src-main/backend/client'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { joinDesktop } from '../support/replica'
import { ensureBuilt, ROOT } from './browser'
import { row, timed } from './measure'

/**
 * Live sync at 100,000 employees, the server in a process of its own (sync-server-child.ts) on
 * loopback over a fresh PostgreSQL, the desktops in this one:
 * - join: a new, signed-in admin desktop joins as the app does (this thread downloads, the built
 *   workbook worker, out/main/backend.js, writes), next to PostgreSQL's own `COPY (SELECT …) TO
 *   STDOUT` of the same rows (psql, output discarded); the sign-in (a password hash on the server,
 *   the same at any size) is timed apart. The first desktop joins by rows and shares its company
 *   file; the one timed for the ratio joins from that file (docs/sync.md, "Company file");
 * - drain: 1,000 edits queued on one desktop (1,000 employees) are pushed, and a second desktop
 *   pulls until it has applied the last of them: the time from the first push to the last apply.
 * Ends with `sync ratios: join=<x>` (the join from the company file ÷ COPY; target ≤ 3; the join by
 * rows beside it) and prints the drain time.
 * Options: --employees <n> (100000), --edits <n> (1000).
 */
const ADMIN_URL =
  process.env.MERITBOOK_BENCH_DATABASE_URL ??
  process.env.MERITBOOK_TEST_DATABASE_URL ??
  'postgres://meritbook:meritbook@127.0.0.1:5432/postgres'
const PASSWORD = 'bench passphrase'
const TABLES = [
  'pay_cycle',
  'pay_range',
  'job_profile',
  'team',
  'employee',
  'reward',
  'planner_submission',
  'app_user',
]

function option(name: string, fallback: number): number {
  const at = process.argv.findIndex((a) => a === `--${name}`)
  const n = at < 0 ? NaN : Number(process.argv[at + 1])
  return Number.isFinite(n) && n > 0 ? n : fallback
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  await client.query(text)
  await client.end()
}

/** PostgreSQL's own export of the company's rows: COPY … TO STDOUT through psql, output discarded. */
async function copyOut(databaseUrl: string, companyId: number): Promise<void> {
  const script = TABLES.map(
    (t) => `COPY (SELECT * FROM ${t} WHERE company_id = ${companyId}) TO STDOUT;`,
  ).join('\n')
  const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout.resume()
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`psql exited with ${code}`)
}

/** The server child's address, from its first line. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (data: Buffer) => {
      out += data.toString()
      const found = /listening (\S+)/.exec(out)
      if (found) resolve(found[1])
    })
    child.on('exit', (code) => reject(new Error(`the bench server exited with ${code}`)))
  })
}

/** A new desktop of the app (the built workbook worker) signed in and joining; how it joined and how long it took. */
async function appJoin(dir: string, server: string, email: string) {
  const joinDir = fs.mkdtempSync(path.join(dir, 'app-'))
  const backend = startBackend(
    { mode: 'cli', version: 'bench', dataDir: joinDir, actAs: null, secretStore: null },
    path.join(ROOT, 'out/main/backend.js'),
  )
  // The app's workers start with the app, long before anyone joins.
  await backend.invoke('workbook.recent', {})
  const account = new ServerAccount(new MemorySecretStore(), joinDir)
  const signIn = await timed(() => account.signIn({ server, email, password: PASSWORD }))
  let route = { from: 'rows', fileRefused: null } as JoinRoute
  const joined = await timed(() =>
    joinCompany(account, workerJoinSteps(backend), path.join(joinDir, 'replica.paycycle'), (how) => {
      route = how
    }),
  )
  return {
    ms: joined.ms,
    signInMs: signIn.ms,
    employees: joined.value.employees,
    route,
    account,
    invoke: backend.invoke as unknown as ReplicaInvoke,
    stop: () => backend.stop(),
  }
}

export async function syncBench(): Promise<void> {
  ensureBuilt()
  const employees = option('employees', 100_000)
  const edits = option('edits', 1000)
  const name = `meritbook_bench_sync_${crypto.randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const db = connect(url.toString(), 8)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-sync-'))
  let serving: ChildProcess | undefined
  try {
    await migrateToLatest(db)
    const email = 'owner@bench.test'
    await createCompany(
      {
        db,
        jwtSecret: crypto.randomBytes(32),
        mailer: { send: async () => undefined },
        publicUrl: 'http://127.0.0.1',
        secureCookies: false,
        onboardingKey: null,
        now: () => new Date(),
      },
      { companyName: 'Bench Co', ownerEmail: email, ownerName: 'Bea Bench' },
    )
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('email', '=', email)
      .execute()
    serving = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'sync-server-child.ts'), url.toString()],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const server = await listeningUrl(serving)

    const workbook = await createDemoWorkbook(path.join(dir, 'source.paycycle'), { employees, seed: 1 })
    const owner = new ServerAccount(new MemorySecretStore(), dir)
    await owner.signIn({ server, email, password: PASSWORD })
    // The snapshot is let go once published: held, its heap slowed every later step's collections.
    const ids = await (async () => {
      const snapshot = readCompanySnapshot(workbook)
      await owner.publish({ ...snapshot, users: snapshot.users.filter((u) => u.role !== 'OWNER') })
      return snapshot.employees.slice(0, edits).map((e) => e.id)
    })()
    await workbook.close()
    const { id: companyId } = await db.selectFrom('company').select('id').executeTakeFirstOrThrow()
    console.log(`sync bench: ${employees.toLocaleString('en-US')} employees published`)

    const copy = await timed(() => copyOut(url.toString(), companyId))
    // Joined as the app joins: the shell's thread downloads, the workbook worker writes meanwhile.
    // The first admin desktop joins by rows (no company file yet) and shares its company file; the
    // next joins from that file.
    const byRows = await appJoin(dir, server, email)
    const shared = await timed(() => shareCompanyFile(byRows.invoke, byRows.account))
    await byRows.stop()
    const fromFile = await appJoin(dir, server, email)
    await fromFile.stop()
    if (byRows.route.from !== 'rows' || fromFile.route.from !== 'file')
      throw new Error(`the joins went ${JSON.stringify([byRows.route, fromFile.route])}`)
    row('  COPY … TO STDOUT of the same rows', `${copy.ms.toFixed(0)} ms`)
    row('  sign-in (apart from the join)', `${fromFile.signInMs.toFixed(0)} ms`)
    row(
      '  join by rows (download + write the replica)',
      `${byRows.ms.toFixed(0)} ms (${byRows.employees} employees)`,
    )
    row('  share the company file (write, upload, server hash)', `${shared.ms.toFixed(0)} ms`)
    row(
      '  join from the company file (download, copy, content check)',
      `${fromFile.ms.toFixed(0)} ms (${fromFile.employees} employees)`,
    )
    const first = await joinDesktop(server, email, PASSWORD, undefined, fs.mkdtempSync(path.join(dir, 'a-')))
    const second = await joinDesktop(server, email, PASSWORD, undefined, fs.mkdtempSync(path.join(dir, 'b-')))

    // 1,000 edits, one per employee, queued on the first desktop.
    for (let i = 0; i < ids.length; i += 500)
      await first.call('rewards.update', {
        updates: ids
          .slice(i, i + 500)
          .map((employeeId) => ({ employeeId, changes: { comments: 'Bench edit' } })),
      })
    await second.engine.syncUntilIdle()
    const drained = await timed(async () => {
      const pushing = first.engine.syncUntilIdle()
      let applied = 0
      while (applied < ids.length) {
        await second.engine.pull(5)
        applied = await second.session
          .workbook!.db.selectFrom('reward')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('employee_id', 'in', ids)
          .where('comments', '=', 'Bench edit')
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      }
      await pushing
    })
    row(
      `  ${edits} queued edits: first push → last apply on the other desktop`,
      `${drained.ms.toFixed(0)} ms`,
    )
    await first.close()
    await second.close()
    console.log(
      `sync ratios: join=${(fromFile.ms / copy.ms).toFixed(2)} (by rows: ${(byRows.ms / copy.ms).toFixed(2)})`,
    )
    console.log(`sync drain: ${edits} edits in ${(drained.ms / 1000).toFixed(2)} s`)
  } finally {
    serving?.kill('SIGTERM')
    await db.destroy()
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
