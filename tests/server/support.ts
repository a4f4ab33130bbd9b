import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { buildServer } from '../../src-server/app'
import type { ServerContext } from '../../src-server/context'
import { connect, migrateToLatest, type ServerDb } from '../../src-server/db/connect'
import { smtpMailer } from '../../src-server/mail'
import { hashPassword } from '../../src-server/auth/passwords'
import { createCompany } from '../../src-server/routes/company'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { openWorkbook } from '../../src-main/workbook/open'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { cli } from '../support/cli'

/** The PostgreSQL the suite uses (scripts/preflight.mjs starts one and creates this role). */
export const ADMIN_DATABASE_URL =
  process.env.MERITBOOK_TEST_DATABASE_URL ?? 'postgres://meritbook:meritbook@127.0.0.1:5432/postgres'

export interface Mail {
  to: string
  subject: string
  text: string
  /** The whole message as received (MIME parts, attachments in base64). */
  raw: string
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink(): Promise<{ url: string; messages: Mail[]; close(): Promise<void> }> {
  const messages: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const [head, ...body] = raw.split(/\r?\n\r?\n/)
        const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? ''
        const text = body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        messages.push({ to: session.envelope.rcptTo[0]?.address ?? '', subject, text, raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface TestServer {
  app: FastifyInstance
  db: ServerDb
  /** The test file's own database (for `npm run server` run against it). */
  databaseUrl: string
  context: ServerContext
  mail: Mail[]
  /** Moves the server's clock (token expiry). */
  advance(ms: number): void
}

/**
 * A fresh database, migrated, and the server on it with a real SMTP sink; all removed after the file.
 * `options` set the context's optional limits.
 */
export function testServer(
  options: Pick<ServerContext, 'signInsPerMinute' | 'trustedProxies'> = {},
): () => TestServer {
  const name = `meritbook_test_${crypto.randomBytes(6).toString('hex')}`
  let server: TestServer | null = null
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | null = null
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(ADMIN_DATABASE_URL)
    url.pathname = `/${name}`
    const db = connect(url.toString(), 4)
    await migrateToLatest(db)
    smtp = await startSmtpSink()
    let offset = 0
    const context: ServerContext = {
      db,
      jwtSecret: crypto.randomBytes(32),
      mailer: smtpMailer(smtp.url, 'Meritbook <no-reply@meritbook.test>'),
      publicUrl: 'https://meritbook.test',
      secureCookies: true,
      onboardingKey: 'test-onboarding-key',
      now: () => new Date(Date.now() + offset),
      ...options,
    }
    const app = await buildServer(context)
    server = {
      app,
      db,
      databaseUrl: url.toString(),
      context,
      mail: smtp.messages,
      advance: (ms) => (offset += ms),
    }
  })
  afterAll(async () => {
    await server?.app.close()
    await server?.db.destroy()
    await smtp?.close()
    const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.end()
  })
  return () => {
    if (!server) throw new Error('The test server starts in beforeAll.')
    return server
  }
}

/** The set-password link's token in the last message to `to`. */
export function linkTokenIn(mail: Mail[], to: string): string {
  const message = [...mail].reverse().find((m) => m.to === to)
  const match = message ? /set-password\?link=([A-Za-z0-9_%-]+)/.exec(message.text) : null
  if (!match) throw new Error(`No link was mailed to ${to}.`)
  return decodeURIComponent(match[1])
}

/** Sets a user's password (as following their invitation would). */
export async function setPassword(db: ServerDb, email: string, password: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: await hashPassword(password), invite_accepted: true })
    .where('email', '=', email)
    .execute()
}

export interface PublishedCompany {
  snapshot: CompanySnapshot
  ownerEmail: string
  /** The owner's access token. */
  ownerToken: string
  /** A MANAGER with a user: their employee id, e-mail and the teams they manage. */
  manager: { employeeId: number; email: string; teamIds: Set<number> }
}

/**
 * A demo workbook of `employees` (the CLI's `new --demo`) published by a new company's owner, whose
 * password (and the first manager's) is `password`.
 */
export async function publishDemo(
  server: TestServer,
  company: { name: string; ownerEmail: string; ownerName: string; employees: number; seed: number },
  password: string,
): Promise<PublishedCompany> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-server-')), 'company.paycycle')
  const created = await cli('new', file, '--demo', String(company.employees), '--seed', String(company.seed))
  if (created.code !== 0) throw new Error(created.errors.join('\n'))
  const workbook = await openWorkbook(file, { readonly: true })
  const snapshot = readCompanySnapshot(workbook)
  await workbook.close()
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
  await createCompany(server.context, {
    companyName: company.name,
    ownerEmail: company.ownerEmail,
    ownerName: company.ownerName,
  })
  await setPassword(server.db, company.ownerEmail, password)
  const ownerToken = await login(server, company.ownerEmail, password)
  const published = await server.app.inject({
    method: 'POST',
    url: '/api/company/publish/',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { ...snapshot, users: snapshot.users.filter((u) => u.role !== 'OWNER') },
  })
  if (published.statusCode !== 200) throw new Error(published.body)
  const user = snapshot.users.find((u) => u.role === 'MANAGER' && u.employee_id !== null)
  if (!user?.employee_id) throw new Error('The demo company has a manager with a user.')
  await setPassword(server.db, user.email, password)
  const teamIds = new Set(snapshot.teams.filter((t) => t.manager_id === user.employee_id).map((t) => t.id))
  return {
    snapshot,
    ownerEmail: company.ownerEmail,
    ownerToken,
    manager: { employeeId: user.employee_id, email: user.email, teamIds },
  }
}

/** Signs in over the API and answers the access token. */
export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: email, password },
  })
  if (response.statusCode !== 200) throw new Error(response.body)
  return response.json<{ access: string }>().access
}

/** Starts the server on loopback (for desktops, which call it over HTTP) and answers its address. */
export async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const address = server.app.server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}
