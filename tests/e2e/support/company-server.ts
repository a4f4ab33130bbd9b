import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildServer } from '../../../src-server/app'
import { setPassword } from '../../server/support'
import type { ServerContext } from '../../../src-server/context'
import { connect, migrateToLatest, type ServerDb } from '../../../src-server/db/connect'
import { createCompany } from '../../../src-server/routes/company'

const ADMIN_URL =
  process.env.MERITBOOK_TEST_DATABASE_URL ?? 'postgres://meritbook:meritbook@127.0.0.1:5432/postgres'

export interface RunningCompanyServer {
  url: string
  /** Every message the server mailed (no SMTP: kept here). */
  mail: { to: string; subject: string; text: string }[]
  app: FastifyInstance
  db: ServerDb
  /** Moves the server's clock (access tokens expire after 15 minutes). */
  advance(ms: number): void
  /** Offline: every connection is dropped unanswered, as when the laptop leaves the office's network. */
  setOffline(offline: boolean): void
  stop(): Promise<void>
}

/** A company server on loopback over a fresh PostgreSQL database, with one company and its owner's password set. */
export async function startCompanyServer(owner: {
  company: string
  email: string
  name: string
  password: string
}): Promise<RunningCompanyServer> {
  const name = `meritbook_e2e_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const db = connect(url.toString(), 4)
  await migrateToLatest(db)
  let offset = 0
  const mail: RunningCompanyServer['mail'] = []
  const context: ServerContext = {
    db,
    jwtSecret: crypto.randomBytes(32),
    mailer: { send: async ({ to, subject, text }) => void mail.push({ to, subject, text }) },
    publicUrl: 'http://127.0.0.1',
    secureCookies: true,
    onboardingKey: null,
    now: () => new Date(Date.now() + offset),
  }
  await createCompany(context, { companyName: owner.company, ownerEmail: owner.email, ownerName: owner.name })
  await setPassword(db, owner.email, owner.password)
  const app = await buildServer(context)
  let offline = false
  app.server.on('connection', (socket) => {
    if (offline) socket.destroy()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    mail,
    app,
    db,
    advance: (ms) => (offset += ms),
    setOffline(value) {
      offline = value
      if (value) app.server.closeAllConnections()
    },
    async stop() {
      await app.close()
      await db.destroy()
      const drop = new pg.Client({ connectionString: ADMIN_URL })
      await drop.connect()
      await drop.query(`DROP DATABASE IF EXISTS ${name}`)
      await drop.end()
    },
  }
}

/** Publishes a demo company of `employees` to the server through the CLI, as its owner would. */
export async function publishDemoCompany(
  server: RunningCompanyServer,
  owner: { email: string; password: string },
  employees: number,
  dir: string,
): Promise<void> {
  const source = path.join(dir, 'source.paycycle')
  const created = spawnSync(process.execPath, [
    'out/main/cli.js',
    'new',
    source,
    '--demo',
    String(employees),
    '--seed',
    '2',
  ])
  if (created.status !== 0) throw new Error(`cli new failed: ${created.stderr.toString()}`)
  // Not spawnSync: the company server answers from this very process.
  const published = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        'out/main/cli.js',
        'server-publish',
        source,
        '--server',
        server.url,
        '--email',
        owner.email,
        '--password-stdin',
        '--json',
      ],
      { env: { ...process.env, MERITBOOK_DATA_DIR: path.join(dir, 'cli-data') } },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', () => resolve({ stdout, stderr }))
    child.stdin.end(`${owner.password}\n`)
  })
  const answer = (() => {
    try {
      return JSON.parse(published.stdout) as { employees?: number }
    } catch {
      return {}
    }
  })()
  if (published.stderr !== '' || answer.employees !== employees)
    throw new Error(`server-publish failed: ${published.stderr}${published.stdout}`)
}

export { setPassword }
