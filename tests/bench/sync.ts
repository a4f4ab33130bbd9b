import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildServer } from '../../src-server/app'
import { hashPassword } from '../../src-server/auth/passwords'
import { connect, migrateToLatest } from '../../src-server/db/connect'
import { createCompany } from '../../src-server/routes/company'
import { MemorySecretStore } from '../../src-main/secrets/memory-store'
import { ServerAccount } from '../../src-main/server-account/account'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { joinDesktop } from '../support/replica'
import { row, timed } from './measure'

/**
 * Live sync at 100,000 employees, server in this process on loopback over a fresh PostgreSQL:
 * - join: a new desktop downloads the company and writes its replica, next to PostgreSQL's own
 *   `COPY (SELECT …) TO STDOUT` of the same rows (psql, output discarded);
 * - drain: 1,000 edits queued on one desktop (1,000 employees) are pushed, and a second desktop
 *   pulls until it has applied the last of them: the time from the first push to the last apply.
 * Ends with `sync ratios: join=<x>` (join ÷ COPY; target ≤ 3) and prints the drain time.
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

export async function syncBench(): Promise<void> {
  const employees = option('employees', 100_000)
  const edits = option('edits', 1000)
  const name = `meritbook_bench_sync_${crypto.randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const db = connect(url.toString(), 8)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-sync-'))
  try {
    await migrateToLatest(db)
    const context = {
      db,
      jwtSecret: crypto.randomBytes(32),
      mailer: { send: async () => undefined },
      publicUrl: 'http://127.0.0.1',
      secureCookies: false,
      onboardingKey: null,
      now: () => new Date(),
    }
    const email = 'owner@bench.test'
    await createCompany(context, { companyName: 'Bench Co', ownerEmail: email, ownerName: 'Bea Bench' })
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('email', '=', email)
      .execute()
    const app = await buildServer(context)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

    const workbook = await createDemoWorkbook(path.join(dir, 'source.paycycle'), { employees, seed: 1 })
    const snapshot = readCompanySnapshot(workbook)
    await workbook.close()
    const owner = new ServerAccount(new MemorySecretStore(), dir)
    await owner.signIn({ server, email, password: PASSWORD })
    await owner.publish({ ...snapshot, users: snapshot.users.filter((u) => u.role !== 'OWNER') })
    const { id: companyId } = await db.selectFrom('company').select('id').executeTakeFirstOrThrow()
    console.log(`sync bench: ${employees.toLocaleString('en-US')} employees published`)

    const copy = await timed(() => copyOut(url.toString(), companyId))
    const joined = await timed(() =>
      joinDesktop(server, email, PASSWORD, undefined, fs.mkdtempSync(path.join(dir, 'a-'))),
    )
    const first = joined.value
    row('  COPY … TO STDOUT of the same rows', `${copy.ms.toFixed(0)} ms`)
    row(`  join (download + write the replica)`, `${joined.ms.toFixed(0)} ms`)
    const second = await joinDesktop(server, email, PASSWORD, undefined, fs.mkdtempSync(path.join(dir, 'b-')))

    // 1,000 edits, one per employee, queued on the first desktop.
    const ids = snapshot.employees.slice(0, edits).map((e) => e.id)
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
    await app.close()
    console.log(`sync ratios: join=${(joined.ms / copy.ms).toFixed(2)}`)
    console.log(`sync drain: ${edits} edits in ${(drained.ms / 1000).toFixed(2)} s`)
  } finally {
    await db.destroy()
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
