import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { buildServer } from './app'
import { databaseUrlOf, jwtSecretOf } from './config'
import type { ServerContext } from './context'
import { connect, migrateToLatest } from './db/connect'
import { smtpMailer, type Mailer } from './mail'
import { mergeSettingsOf } from './merge/settings'
import { createSuperUser, OPERATORS_COMPANY } from './operators'
import { createCompany } from './routes/company'

const USAGE = `Usage: npm run server -- --database-url <postgres://…> [--port <n>] [--host <address>]
       npm run server -- --database-url-file <path> [--port <n>] [--host <address>]
       npm run server -- --database-url <url> --create-owner <email> --company <name> [--owner-name <name>]
       npm run server -- --database-url <url> --create-super-user <email> [--name <name>]
--database-url-file (or MERITBOOK_DATABASE_URL_FILE) reads the URL from a file, so its password is not in \`ps\`.
Environment: MERITBOOK_DATABASE_URL or MERITBOOK_DATABASE_URL_FILE,
MERITBOOK_JWT_SECRET (32+ random bytes, base64: \`openssl rand -base64 32\`; unset, a random one), MERITBOOK_SMTP_URL,
MERITBOOK_MAIL_FROM, MERITBOOK_PUBLIC_URL (the address statement links and invitations point at), MERITBOOK_ONBOARDING_KEY,
MERITBOOK_FONTS_DIR (the statements' fonts, default resources/fonts), MERITBOOK_TRUSTED_PROXIES (the reverse
proxies whose X-Forwarded-For to believe: addresses or CIDRs, comma-separated; none by default), PORT.`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'database-url-file': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'create-owner': { type: 'string' },
      company: { type: 'string' },
      'owner-name': { type: 'string' },
      'create-super-user': { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const env = process.env
  const secretText = env.MERITBOOK_JWT_SECRET
  const secret = secretText ? jwtSecretOf(secretText) : null
  if (secret && !secret.ok) {
    console.error(secret.message)
    return 2
  }
  const merge = mergeSettingsOf(env)
  if (!merge.ok) {
    console.error(merge.message)
    return 2
  }
  const databaseUrl = databaseUrlOf({ url: values['database-url'], file: values['database-url-file'] }, env)
  if (!databaseUrl.ok) {
    console.error(`${databaseUrl.message}\n${USAGE}`)
    return 2
  }
  const log = pino({ level: env.LOG_LEVEL ?? 'info' })
  if (!secret)
    log.warn(
      'MERITBOOK_JWT_SECRET is not set: a random one is used, so sign-ins end when the server restarts.',
    )
  const jwtSecret = secret ? secret.value : crypto.randomBytes(32)
  const printed: string[] = []
  const oneShot = Boolean(values['create-owner'] || values['create-super-user'])
  // Without SMTP a one-shot command prints its message (the link); a serving server logs each one in
  // full, so that whoever runs it can hand invitations and recovery links over.
  const mailer: Mailer = env.MERITBOOK_SMTP_URL
    ? smtpMailer(env.MERITBOOK_SMTP_URL, env.MERITBOOK_MAIL_FROM ?? 'Meritbook <no-reply@localhost>')
    : {
        send: async (message) => {
          if (oneShot) printed.push(message.text)
          else
            log.warn(
              { to: message.to, subject: message.subject, text: message.text },
              'mail not sent (no MERITBOOK_SMTP_URL): hand this message over yourself',
            )
        },
      }
  const db = connect(databaseUrl.value)
  try {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) log.info({ applied }, 'database migrated')
    const port = Number(values.port ?? env.PORT ?? 8787)
    const context: ServerContext = {
      db,
      jwtSecret,
      mailer,
      publicUrl: env.MERITBOOK_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      secureCookies: env.MERITBOOK_INSECURE_COOKIES !== '1',
      onboardingKey: env.MERITBOOK_ONBOARDING_KEY ?? null,
      trustedProxies: (env.MERITBOOK_TRUSTED_PROXIES ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      now: () => new Date(),
      merge: merge.value,
    }
    if (values['create-owner']) {
      if (!values.company) {
        console.error(`--create-owner needs --company <name>.\n${USAGE}`)
        return 2
      }
      const created = await createCompany(context, {
        companyName: values.company,
        ownerEmail: values['create-owner'],
        ownerName: values['owner-name'] ?? values['create-owner'],
      })
      console.log(
        `Created ${values.company} (company ${created.companyId}) with its owner ${values['create-owner']}.`,
      )
      if (printed.length > 0) console.log(`\n${printed.join('\n')}`)
      return 0
    }
    if (values['create-super-user']) {
      const email = values['create-super-user']
      await createSuperUser(context, { email, name: values.name ?? email })
      console.log(`Created the super user ${email} (${OPERATORS_COMPANY}).`)
      if (printed.length > 0) console.log(`\n${printed.join('\n')}`)
      return 0
    }
    const app = await buildServer(context, { level: env.LOG_LEVEL ?? 'info' })
    await app.listen({ port, host: values.host ?? '127.0.0.1' })
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve)
      process.once('SIGTERM', resolve)
    })
    await app.close()
    return 0
  } finally {
    await db.destroy()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
