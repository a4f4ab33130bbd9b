import autocannon, { type Client } from 'autocannon'
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { signAccessToken } from '../../src-server/auth/tokens'
import { connect, migrateToLatest, type ServerDb } from '../../src-server/db/connect'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { row, timed } from './measure'

/**
 * The company server at 100,000 employees, run as `npm run server` runs it (its own process, its
 * migrations, LOG_LEVEL=warn so the bench does not time the request log):
 * - publish: POST /api/company/publish/ of the demo company (the body already encoded, as the
 *   desktop sends it) into a fresh database, next to PostgreSQL's own `COPY … FROM STDIN` of the
 *   same rows into the same tables of another fresh database (psql, one transaction; the COPY text
 *   built beforehand, as the JSON is);
 * - load: one planner alone (200 edits: an edit's own latency), then 200 planners at once, each on
 *   its own connection with its own token, updating the rewards of their own team's employees
 *   (PUT /api/employeerewards/:employee/, autocannon on loopback): throughput, p50 and p99.
 * Ends with `server ratios: publish=<x>` (publish ÷ COPY; target ≤ 3).
 * Options: --employees <n> (100000), --planners <n> (200), --seconds <n> (15).
 * PostgreSQL: MERITBOOK_BENCH_DATABASE_URL, else the tests' (scripts/preflight.mjs starts it).
 * MERITBOOK_BENCH_PROFILE=<dir>: the server writes a CPU profile there (open it in Chrome's DevTools).
 */
const ROOT = path.resolve(__dirname, '../..')
const PROFILE_DIR = process.env.MERITBOOK_BENCH_PROFILE
const ADMIN_URL =
  process.env.MERITBOOK_BENCH_DATABASE_URL ??
  process.env.MERITBOOK_TEST_DATABASE_URL ??
  'postgres://meritbook:meritbook@127.0.0.1:5432/postgres'

function option(name: string, fallback: number): number {
  const argv = process.argv
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (at < 0) return fallback
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** A fresh, migrated database; `drop` removes it. */
async function freshDatabase(label: string): Promise<{ url: string; db: ServerDb; drop(): Promise<void> }> {
  const name = `meritbook_bench_${label}_${crypto.randomBytes(4).toString('hex')}`
  await adminQuery(`CREATE DATABASE ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const db = connect(url.toString(), 2)
  await migrateToLatest(db)
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy()
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 0
}

/** `npm run server` in its own process; resolves once /health answers. */
async function startServer(
  databaseUrl: string,
  secret: Buffer,
): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      '--import',
      'tsx',
      'src-server/main.ts',
      '--database-url',
      databaseUrl,
      '--port',
      String(port),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        MERITBOOK_JWT_SECRET: secret.toString('base64'),
        MERITBOOK_INSECURE_COOKIES: '1',
        MERITBOOK_MAIL: 'log',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode}).`)
    const healthy = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy)
      return {
        base,
        stop: async () => {
          if (child.exitCode !== null) return
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGTERM')
          await exited
        },
      }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGTERM')
  throw new Error('The server did not answer /health within a minute.')
}

async function ownerCompany(db: ServerDb, email: string): Promise<{ companyId: number; ownerId: number }> {
  const company = await db
    .insertInto('company')
    .values({ name: 'Demo', server_owner_email: email })
    .returning('id')
    .executeTakeFirstOrThrow()
  const owner = await db
    .insertInto('app_user')
    .values({
      company_id: company.id,
      email,
      name: 'Owner',
      role: 'OWNER',
      employee_id: null,
      password_hash: null,
      invited_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { companyId: company.id, ownerId: owner.id }
}

// COPY's text format: tab-separated, \N for null, backslash escapes.
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c)
}

function copyBlock(table: string, companyId: number, rows: readonly object[]): string {
  if (rows.length === 0) return ''
  const columns = Object.keys(rows[0])
  const lines = rows.map((r) => {
    const record = r as Record<string, unknown>
    return [String(companyId), ...columns.map((c) => copyValue(record[c]))].join('\t')
  })
  return `COPY ${table} (company_id, ${columns.join(', ')}) FROM STDIN;\n${lines.join('\n')}\n\\.\n`
}

/** The publish's rows as one psql script of COPY blocks in one transaction (the publish's order). */
function copyScript(companyId: number, snapshot: CompanySnapshot, ownerEmail: string): string {
  const users = snapshot.users
    .filter((u) => u.email.toLowerCase() !== ownerEmail.toLowerCase())
    .map((u) => ({ ...u, password_hash: null }))
  return [
    'BEGIN;\n',
    copyBlock('pay_cycle', companyId, snapshot.payCycles),
    copyBlock('pay_range', companyId, snapshot.payRanges),
    copyBlock('job_profile', companyId, snapshot.jobProfiles),
    copyBlock('team', companyId, snapshot.teams),
    copyBlock('employee', companyId, snapshot.employees),
    copyBlock('reward', companyId, snapshot.rewards),
    copyBlock('planner_submission', companyId, snapshot.submissions),
    copyBlock('app_user', companyId, users),
    'COMMIT;\n',
  ].join('')
}

async function psql(databaseUrl: string, script: Buffer): Promise<void> {
  const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-f', '-'], {
    stdio: ['pipe', 'ignore', 'inherit'],
  })
  const done = new Promise<number | null>((resolve) => child.on('exit', resolve))
  child.stdin.end(script)
  const code = await done
  if (code !== 0) throw new Error(`psql failed (exit ${code}).`)
}

async function countsOf(db: ServerDb, companyId: number): Promise<string> {
  const count = async (table: 'employee' | 'reward' | 'team' | 'app_user') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    )
  return `${await count('employee')} employees, ${await count('reward')} rewards, ${await count('team')} teams, ${await count('app_user')} users`
}

interface Planner {
  userId: number
  employees: { id: number; salary: number }[]
}

/** Managers who may plan now (not submitted), with the employees of the teams they manage. */
async function plannersOf(db: ServerDb, companyId: number, wanted: number): Promise<Planner[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('team as t', (join) =>
      join.onRef('t.company_id', '=', 'u.company_id').onRef('t.manager_id', '=', 'u.employee_id'),
    )
    .innerJoin('employee as e', (join) =>
      join.onRef('e.company_id', '=', 't.company_id').onRef('e.team_id', '=', 't.id'),
    )
    .innerJoin('pay_cycle as c', (join) =>
      join.onRef('c.company_id', '=', 'u.company_id').on('c.active', '=', true),
    )
    .leftJoin('planner_submission as s', (join) =>
      join
        .onRef('s.company_id', '=', 'u.company_id')
        .onRef('s.pay_cycle_id', '=', 'c.id')
        .onRef('s.planner_employee_id', '=', 'u.employee_id'),
    )
    .select(['u.id as userId', 'e.id as employeeId', 'e.current_salary as salary'])
    .where('u.company_id', '=', companyId)
    .where('u.role', '=', 'MANAGER')
    .where('s.id', 'is', null)
    .whereRef('e.id', '<>', 'u.employee_id')
    .orderBy('u.id')
    .orderBy('e.id')
    .execute()
  const byUser = new Map<number, Planner>()
  for (const r of rows) {
    const planner = byUser.get(r.userId) ?? { userId: r.userId, employees: [] }
    planner.employees.push({ id: r.employeeId, salary: r.salary })
    byUser.set(r.userId, planner)
  }
  return [...byUser.values()].slice(0, wanted)
}

export async function serverBench(): Promise<void> {
  const employees = option('employees', 100_000)
  const plannerCount = option('planners', 200)
  const seconds = option('seconds', 15)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-server-'))
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })]
  try {
    const file = path.join(dir, 'demo.paycycle')
    const workbook = await createDemoWorkbook(file, { employees, seed: 1 })
    let snapshot: CompanySnapshot | null = readCompanySnapshot(workbook)
    await workbook.close()
    const owner = snapshot.users.find((u) => u.role === 'OWNER')
    if (!owner) throw new Error('The demo company has no owner.')
    const secret = crypto.randomBytes(32)
    row(`server, ${employees.toLocaleString('en-US')} employees`, '')

    const copied = await freshDatabase('copy')
    cleanups.push(() => copied.drop())
    const copyCompany = await ownerCompany(copied.db, owner.email)
    const published = await freshDatabase('publish')
    cleanups.push(() => published.drop())
    const { companyId, ownerId } = await ownerCompany(published.db, owner.email)
    const server = await startServer(published.url, secret)
    cleanups.push(() => server.stop())
    const ownerToken = await signAccessToken(
      // A new user's token version (no password set yet).
      { userId: ownerId, companyId, role: 'OWNER', purpose: 'access', tokenVersion: 0 },
      secret,
    )
    // Both payloads encoded beforehand (the desktop has its JSON, psql its COPY text); the snapshot's
    // objects are let go so neither timing pays for collecting them.
    const script = Buffer.from(copyScript(copyCompany.companyId, snapshot, owner.email))
    const body = Buffer.from(JSON.stringify(snapshot))
    snapshot = null

    // PostgreSQL's own COPY of the same rows.
    const copy = await timed(() => psql(copied.url, script))
    row(
      '  COPY … FROM STDIN (psql, one transaction)',
      `${copy.ms.toFixed(0)} ms, ${(script.length / 2 ** 20).toFixed(1)} MiB of text; ${await countsOf(copied.db, copyCompany.companyId)}`,
    )

    // Publish through the server, as the desktop does it.
    const publish = await timed(async () => {
      const response = await fetch(`${server.base}/api/company/publish/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
        body,
      })
      if (!response.ok) throw new Error(`publish: ${response.status} ${await response.text()}`)
      return response.json()
    })
    row(
      '  POST /api/company/publish/',
      `${publish.ms.toFixed(0)} ms, ${(body.length / 2 ** 20).toFixed(1)} MiB of JSON; ${await countsOf(published.db, companyId)}`,
    )
    const ratio = publish.ms / copy.ms
    row('  publish ÷ COPY', ratio.toFixed(2))

    // 200 planners at once, each on its own connection with its own token and team.
    const planners = await plannersOf(published.db, companyId, plannerCount)
    const tokens = await Promise.all(
      planners.map((p) =>
        signAccessToken(
          { userId: p.userId, companyId, role: 'MANAGER', purpose: 'access', tokenVersion: 0 },
          secret,
        ),
      ),
    )
    let nextClient = 0
    const setupClient = (client: Client) => {
      const index = nextClient++ % planners.length
      const headers = { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' }
      client.setRequests(
        planners[index].employees.map((e, k) => ({
          method: 'PUT',
          path: `/api/employeerewards/${e.id}/`,
          headers,
          body: JSON.stringify({
            new_salary: Math.round(e.salary * (1.02 + (k % 5) / 100)),
            comments: `bench ${k}`,
          }),
        })),
      )
    }
    // One planner alone first: an edit's own cost, without queueing behind 199 others.
    const alone = await autocannon({ url: server.base, connections: 1, amount: 200, setupClient })
    row(
      '  reward updates, one planner alone (200 edits)',
      `p50 ${alone.latency.p50.toFixed(0)} ms, p99 ${alone.latency.p99.toFixed(0)} ms`,
    )
    const historyBefore = await published.db
      .selectFrom('reward_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const load = await autocannon({
      url: server.base,
      connections: planners.length,
      duration: seconds,
      timeout: 30,
      setupClient,
    })
    const historyAfter = await published.db
      .selectFrom('reward_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const employeesPlanned = planners.reduce((n, p) => n + p.employees.length, 0)
    row(
      `  reward updates, ${planners.length} planners at once (${employeesPlanned} employees), ${seconds} s`,
      '',
    )
    row('    throughput', `${load.requests.average.toFixed(0)} requests/s (${load['2xx']} answered 2xx)`)
    row('    latency p50 / p99', `${load.latency.p50.toFixed(0)} ms / ${load.latency.p99.toFixed(0)} ms`)
    row(
      '    refused / errors / timeouts',
      `${load.non2xx} / ${load.errors} / ${load.timeouts}; ${Number(historyAfter.n) - Number(historyBefore.n)} reward-history rows written`,
    )
    console.log(`server ratios: publish=${ratio.toFixed(2)}`)
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
}
