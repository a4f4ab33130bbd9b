import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { testServer } from './support'

const server = testServer()
const ROOT = path.resolve(__dirname, '../..')
const PASSWORD = 'a long enough passphrase'

/** `npm run server -- <args>` against the test file's database, without SMTP (links are printed). */
function npmRunServer(...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MERITBOOK_PUBLIC_URL: 'https://meritbook.test',
    LOG_LEVEL: 'warn',
  }
  delete env.MERITBOOK_SMTP_URL
  delete env.MERITBOOK_DATABASE_URL
  return spawnSync(
    'npm',
    ['run', '--silent', 'server', '--', '--database-url', server().databaseUrl, ...args],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    },
  )
}

// Each case starts `npm run server` (tsx) once or twice: up to a minute each on a loaded machine.
describe('npm run server -- --create-owner <email> --company <name>', () => {
  it('creates the company with its owner and prints a set-password link that works once', async () => {
    const run = npmRunServer(
      '--create-owner',
      'ceo@acme.example',
      '--company',
      'Acme',
      '--owner-name',
      'Ada Park',
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^Created Acme \(company \d+\) with its owner ceo@acme\.example\.$/m)
    const match = /https:\/\/meritbook\.test\/set-password\?link=([A-Za-z0-9_%-]+)/.exec(run.stdout)
    expect(match).not.toBeNull()
    const token = decodeURIComponent((match as RegExpExecArray)[1])
    const { app } = server()

    // Before the link is used the owner has no password.
    const early = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'ceo@acme.example', password: PASSWORD },
    })
    expect(early.statusCode).toBe(401)

    const verified = await app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: token },
    })
    expect(verified.statusCode).toBe(200)
    const setPassword = await app.inject({
      method: 'POST',
      url: '/api/user/set_password',
      headers: { authorization: `Bearer ${verified.json<{ access: string }>().access}` },
      payload: { password: PASSWORD },
    })
    expect(setPassword.statusCode).toBe(200)
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'ceo@acme.example', password: PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${login.json<{ access: string }>().access}` },
    })
    expect(profile.json()).toMatchObject({
      email: 'ceo@acme.example',
      name: 'Ada Park',
      role: 'OWNER',
      company: { name: 'Acme' },
    })
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: token },
    })
    expect(again.json()).toMatchObject({
      detail: 'This link has expired or was already used. Ask for a new one.',
    })
  }, 240_000)

  it('needs --company, and refuses an owner e-mail that already has an account', () => {
    const missing = npmRunServer('--create-owner', 'cfo@acme.example')
    expect(missing.status).toBe(2)
    expect(missing.stderr).toMatch(/^--create-owner needs --company <name>\./)
    const taken = npmRunServer('--create-owner', 'ceo@acme.example', '--company', 'Acme Again')
    expect(taken.status).toBe(1)
    expect(taken.stderr.trim()).toBe('Owner information duplicated')
  }, 240_000)
})
