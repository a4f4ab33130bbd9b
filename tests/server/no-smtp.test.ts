import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { testServer } from './support'

const server = testServer()
const ROOT = path.resolve(__dirname, '../..')

describe('a server without SMTP', () => {
  it('logs each message in full, so an onboarded owner can still be given their link', async () => {
    const port = 20_000 + crypto.randomInt(20_000)
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MERITBOOK_ONBOARDING_KEY: 'key-for-this-test',
      MERITBOOK_PUBLIC_URL: 'https://meritbook.test',
      MERITBOOK_JWT_SECRET: crypto.randomBytes(32).toString('base64'),
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
