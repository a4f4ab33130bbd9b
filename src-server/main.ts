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
import { createOwnerCommand, DEFAULT_PORT } from './create-owner'

const USAGE = `Usage: npm run server -- --database-url <postgres://…> [--port <n>] [--host <address>]
       npm run server -- --database-url-file <path> [--port <n>] [--host <address>]
       npm run server -- --database-url <url> --create-owner <email> --company <name> [--owner-name <name>] [--port <n>]
       npm run server -- --database-url <url> --create-super-user <email> [--name <name>]
--database-url-file (or MERITBOOK_DATABASE_URL_FILE) reads the URL from a file, so its password is not in \`ps\`.
--port: where the server listens (default ${DEFAULT_PORT}, or PORT); --create-owner's link uses it when MERITBOOK_PUBLIC_URL is unset.
--host: the address it listens on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface, as in a container
behind a TLS proxy).
Environment: MERITBOOK_DATABASE_URL or MERITBOOK_DATABASE_URL_FILE,
MERITBOOK_JWT_SECRET (32+ random bytes, base64: \`openssl rand -base64 32\`; unset, a random one), MERITBOOK_SMTP_URL
(or MERITBOOK_MAIL=log to log each message instead of mailing it), MERITBOOK_MERGE_API_KEY, MERITBOOK_MERGE_TOKEN_KEY and
MERITBOOK_MERGE_BASE_URL (the HRIS integration),
MERITBOOK_MAIL_FROM, MERITBOOK_PUBLIC_URL (the address statement links and invitations point at), MERITBOOK_ONBOARDING_KEY,
MERITBOOK_FONTS_DIR (the statements' fonts, default resources/fonts), MERITBOOK_TRUSTED_PROXIES (the reverse
proxies whose X-Forwarded-For to believe: addresses or CIDRs, comma-separated; none by default), PORT.`

const NO_MAIL =
  'Mail is not set up: set MERITBOOK_SMTP_URL (smtps://user:pass@host:465 or smtp://…:587) so that invitations, ' +
  'password links and statements are mailed, or MERITBOOK_MAIL=log to write each message, its link included, to the log.'

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
  if (env.MERITBOOK_MAIL !== undefined && env.MERITBOOK_MAIL !== 'log' && env.MERITBOOK_MAIL !== 'smtp') {
    console.error(`MERITBOOK_MAIL is "${env.MERITBOOK_MAIL}": it is "smtp" (the default) or "log".`)
    return 2
  }
  const logMail = env.MERITBOOK_MAIL === 'log'
  // A serving server without SMTP would drop every invitation and recovery link while answering ok.
  if (!oneShot && !logMail && !env.MERITBOOK_SMTP_URL) {
    console.error(NO_MAIL)
    return 2
  }
  // A one-shot command without SMTP prints its message (the link) to whoever runs it; MERITBOOK_MAIL=log
  // has a serving server log each message in full, so that its links can be handed over.
  const mailer: Mailer =
    env.MERITBOOK_SMTP_URL && !logMail
      ? smtpMailer(env.MERITBOOK_SMTP_URL, env.MERITBOOK_MAIL_FROM ?? 'Meritbook <no-reply@localhost>')
      : {
          send: async (message) => {
            if (oneShot) printed.push(message.text)
            else
              log.warn(
                { to: message.to, subject: message.subject, text: message.text },
                'mail not sent (MERITBOOK_MAIL=log): hand this message over yourself',
              )
          },
        }
  const db = connect(databaseUrl.value)
  try {
    const applied = await migrateToLatest(db)
    if (applied.length > 0) log.info({ applied }, 'database migrated')
    const port = Number(values.port ?? env.PORT ?? DEFAULT_PORT)
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
    if (values['create-owner'] !== undefined) {
      const result = await createOwnerCommand(context, {
        email: values['create-owner'],
        company: values.company,
        ownerName: values['owner-name'],
      })
      for (const line of result.err) console.error(result.code === 2 ? `${line}\n${USAGE}` : line)
      for (const line of result.out) console.log(line)
      if (result.code === 0 && printed.length > 0) {
        console.log(`\n${printed.join('\n')}`)
        if (!env.MERITBOOK_PUBLIC_URL)
          console.log(
            `The link points at ${context.publicUrl}, the port the server uses ${values.port ? 'with this --port' : 'by default'}; ` +
              'set MERITBOOK_PUBLIC_URL to the address people open.',
          )
      }
      return result.code
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
