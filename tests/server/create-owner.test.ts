import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { testServer } from './support'

const server = testServer()
const ROOT = path.resolve(__dirname, '../..')
const PASSWORD = 'a long enough passphrase'

/** `npm run server -- <args>` against the test file's database, without SMTP (links are printed). */
function npmRunServer(...args: string[]) {
  return npmRunServerWith({ MERITBOOK_PUBLIC_URL: 'https://meritbook.test' }, ...args)
}

function npmRunServerWith(extra: NodeJS.ProcessEnv, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra }
  delete env.MERITBOOK_SMTP_URL
  delete env.MERITBOOK_MAIL
  delete env.PORT
  if (!extra.MERITBOOK_PUBLIC_URL) delete env.MERITBOOK_PUBLIC_URL
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

  it('needs a company name and an e-mail address, and refuses an owner e-mail of another company', () => {
    const missing = npmRunServer('--create-owner', 'cfo@acme.example')
    expect(missing.status).toBe(2)
    expect(missing.stderr).toMatch(/^--create-owner needs --company <name>\./)
    const notEmail = npmRunServer('--create-owner', 'not an email', '--company', 'Acme')
    expect(notEmail.status).toBe(2)
    expect(notEmail.stderr).toMatch(/^--create-owner: not an e-mail address\./)
    const blank = npmRunServer('--create-owner', 'cfo@acme.example', '--company', '  ')
    expect(blank.status).toBe(2)
    expect(blank.stderr).toMatch(/^--company: the company name is blank\./)
    const taken = npmRunServer('--create-owner', 'ceo@acme.example', '--company', 'Acme Again')
    expect(taken.status).toBe(1)
    expect(taken.stderr.trim()).toMatch(
      /^ceo@acme\.example already has an account in Acme \(company \d+\); an owner e-mail belongs to one company\.$/,
    )
  }, 240_000)

  it('sends a new link on a rerun for the same owner, instead of refusing', async () => {
    const rerun = npmRunServer('--create-owner', 'ceo@acme.example', '--company', 'Acme')
    expect(rerun.stderr).toBe('')
    expect(rerun.status).toBe(0)
    expect(rerun.stdout).toMatch(
      /^Acme \(company \d+\) already has its owner ceo@acme\.example: a new link was sent\.$/m,
    )
    const match = /https:\/\/meritbook\.test\/set-password\?link=([A-Za-z0-9_%-]+)/.exec(rerun.stdout)
    expect(match).not.toBeNull()
    // The owner set a password in the first case: the new link is a recovery link, and it works.
    const verified = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: decodeURIComponent((match as RegExpExecArray)[1]) },
    })
    expect(verified.statusCode).toBe(200)
  }, 240_000)

  it('prints a link on the port the server will use when MERITBOOK_PUBLIC_URL is unset', () => {
    const onPort = npmRunServerWith(
      {},
      '--create-owner',
      'ceo@port.example',
      '--company',
      'Port',
      '--port',
      '9123',
    )
    expect(onPort.status).toBe(0)
    expect(onPort.stdout).toMatch(/^http:\/\/127\.0\.0\.1:9123\/set-password\?link=/m)
    expect(onPort.stdout).toMatch(/the port the server uses with this --port; set MERITBOOK_PUBLIC_URL/)
    const byDefault = npmRunServerWith({}, '--create-owner', 'ceo@port.example', '--company', 'Port')
    expect(byDefault.status).toBe(0)
    expect(byDefault.stdout).toMatch(/^http:\/\/127\.0\.0\.1:8787\/set-password\?link=/m)
    expect(byDefault.stdout).toMatch(/the port the server uses by default/)
  }, 240_000)
})
