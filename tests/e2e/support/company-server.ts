import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildServer } from '../../../src-server/app'
import { hashPassword } from '../../../src-server/auth/passwords'
import type { ServerContext } from '../../../src-server/context'
import { connect, migrateToLatest, type ServerDb } from '../../../src-server/db/connect'
import { createCompany } from '../../../src-server/routes/company'

const ADMIN_URL =
  process.env.MERITBOOK_TEST_DATABASE_URL ?? 'postgres://meritbook:meritbook@127.0.0.1:5432/postgres'

export interface RunningCompanyServer {
  url: string
  app: FastifyInstance
  db: ServerDb
  /** Moves the server's clock (access tokens expire after 15 minutes). */
  advance(ms: number): void
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
  const context: ServerContext = {
    db,
    jwtSecret: crypto.randomBytes(32),
    mailer: { send: async () => undefined },
    publicUrl: 'http://127.0.0.1',
    secureCookies: true,
    onboardingKey: null,
    now: () => new Date(Date.now() + offset),
  }
  await createCompany(context, { companyName: owner.company, ownerEmail: owner.email, ownerName: owner.name })
  await db
    .updateTable('app_user')
    .set({ password_hash: await hashPassword(owner.password) })
    .where('email', '=', owner.email)
    .execute()
  const app = await buildServer(context)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    app,
    db,
    advance: (ms) => (offset += ms),
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
