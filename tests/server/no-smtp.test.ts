import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { testServer } from './support'

const server = testServer()
const ROOT = path.resolve(__dirname, '../..')

describe('a server without SMTP', () => {
  it('does not start unless MERITBOOK_MAIL=log says to log messages instead', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MERITBOOK_JWT_SECRET: crypto.randomBytes(32).toString('base64'),
    }
    delete env.MERITBOOK_SMTP_URL
    delete env.MERITBOOK_MAIL
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-server/main.ts', '--database-url', server().databaseUrl, '--port', '0'],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
    )
    expect(run.status).toBe(2)
    expect(run.stderr.trim()).toBe(
      'Mail is not set up: set MERITBOOK_SMTP_URL (smtps://user:pass@host:465 or smtp://…:587) so that invitations, ' +
        'password links and statements are mailed, or MERITBOOK_MAIL=log to write each message, its link included, to the log.',
    )
  }, 120_000)

  it('with MERITBOOK_MAIL=log logs each message in full, so an onboarded owner can still be given their link', async () => {
    const port = 20_000 + crypto.randomInt(20_000)
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MERITBOOK_ONBOARDING_KEY: 'key-for-this-test',
      MERITBOOK_PUBLIC_URL: 'https://meritbook.test',
      MERITBOOK_JWT_SECRET: crypto.randomBytes(32).toString('base64'),
      MERITBOOK_MAIL: 'log',
    }
    delete env.MERITBOOK_SMTP_URL
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src-server/main.ts',
        '--database-url',
        server().databaseUrl,
        '--port',
        String(port),
      ],
      { cwd: ROOT, env },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    try {
      await expect.poll(() => out, { timeout: 60_000 }).toMatch(/Server listening/)
      const made = await fetch(`http://127.0.0.1:${port}/api/company/onboarding/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-onboarding-key': 'key-for-this-test' },
        body: JSON.stringify({ company_name: 'Quiet', owner_email: 'owner@quiet.test', owner_name: 'Q' }),
      })
      expect(made.status).toBe(200)
      await expect.poll(() => out, { timeout: 10_000 }).toMatch(/hand this message over yourself/)
      const line = out.split('\n').find((l) => l.includes('hand this message over yourself')) ?? '{}'
      const logged = JSON.parse(line) as { to: string; text: string }
      expect(logged.to).toBe('owner@quiet.test')
      expect(logged.text).toMatch(/https:\/\/meritbook\.test\/set-password\?link=[A-Za-z0-9_%-]+/)
    } finally {
      child.kill('SIGTERM')
    }
  }, 90_000)
})
