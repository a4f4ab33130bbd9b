import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { databaseUrlOf, jwtSecretOf } from '../../src-server/config'
import { testServer } from './support'

const server = testServer()
const ROOT = path.resolve(__dirname, '../..')
const NOT_BASE64 = 'MERITBOOK_JWT_SECRET is not base64: make one with `openssl rand -base64 32`.'
const tooShort = (bytes: number) =>
  `MERITBOOK_JWT_SECRET decodes to ${bytes} bytes, fewer than 32: make one with \`openssl rand -base64 32\`.`

/** The server's process as `npm run server` starts it, without SMTP and with only the environment given. */
function runServer(args: string[], env: NodeJS.ProcessEnv) {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env }
  for (const name of ['MERITBOOK_SMTP_URL', 'MERITBOOK_DATABASE_URL', 'MERITBOOK_DATABASE_URL_FILE'])
    if (!(name in env)) delete base[name]
  return spawnSync(process.execPath, ['--import', 'tsx', 'src-server/main.ts', ...args], {
    cwd: ROOT,
    env: base,
    encoding: 'utf8',
    timeout: 120_000,
  })
}

describe('MERITBOOK_JWT_SECRET is checked at start (issue 34)', () => {
  it('takes 32+ bytes of base64, standard or URL-safe, padded or not', () => {
    const bytes = crypto.randomBytes(32)
    for (const text of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('base64').replace(/=+$/, ''),
      ` ${bytes.toString('base64')}\n`,
    ]) {
      const secret = jwtSecretOf(text)
      expect(secret.ok && Buffer.from(secret.value).equals(bytes)).toBe(true)
    }
    expect(jwtSecretOf(crypto.randomBytes(64).toString('base64')).ok).toBe(true)
  })

  it('refuses what is not base64, saying how to make a secret', () => {
    const good = crypto.randomBytes(33).toString('base64')
    for (const text of [
      '!!!!!!!!',
      // Its last character carries bits no encoder sets (Buffer.from made it a 5-byte key).
      'hunter2',
      `${good}!`,
      `${good.slice(0, 20)} ${good.slice(20)}`,
      // Both alphabets in one; padding where none belongs; too little; a set bit Buffer.from would drop.
      `${crypto.randomBytes(32).toString('base64').slice(0, 40)}+_`,
      `${good}=`,
      `${good.slice(0, 42)}=`,
      `${crypto.randomBytes(32).toString('base64').slice(0, 42)}B=`,
    ])
      expect(jwtSecretOf(text)).toEqual({ ok: false, message: NOT_BASE64 })
  })

  it('refuses a secret of fewer than 32 bytes', () => {
    expect(jwtSecretOf('hunter22')).toEqual({ ok: false, message: tooShort(6) })
    expect(jwtSecretOf(crypto.randomBytes(31).toString('base64'))).toEqual({
      ok: false,
      message: tooShort(31),
    })
    expect(jwtSecretOf('   ')).toEqual({ ok: false, message: tooShort(0) })
  })

  it('the server does not start with a bad secret: one line on stderr and exit code 2', () => {
    const short = runServer(['--database-url', 'postgres://nobody@127.0.0.1:1/none'], {
      MERITBOOK_JWT_SECRET: 'hunter22',
    })
    expect(short.status).toBe(2)
    expect(short.stderr).toBe(`${tooShort(6)}\n`)
    const garbage = runServer([], { MERITBOOK_JWT_SECRET: '!!!!!!!!' })
    expect(garbage.status).toBe(2)
    expect(garbage.stderr).toBe(`${NOT_BASE64}\n`)
  }, 240_000)
})

describe('the database URL may come from a file (issue 34)', () => {
  it('a flag wins over the environment; a file is read and trimmed; both of one kind are refused', () => {
    const files: Record<string, string> = {
      '/run/db-url': 'postgres://u:secret@db/meritbook\n',
      '/empty': ' \n',
    }
    const read = (file: string) => {
      if (!(file in files)) throw new Error(`ENOENT: no such file or directory, open '${file}'`)
      return files[file]
    }
    const env = { MERITBOOK_DATABASE_URL: 'postgres://env/db' }
    expect(databaseUrlOf({ file: '/run/db-url' }, env, read)).toEqual({
      ok: true,
      value: 'postgres://u:secret@db/meritbook',
    })
    expect(databaseUrlOf({}, { MERITBOOK_DATABASE_URL_FILE: '/run/db-url' }, read)).toEqual({
      ok: true,
      value: 'postgres://u:secret@db/meritbook',
    })
    expect(databaseUrlOf({ url: 'postgres://flag/db' }, env, read)).toEqual({
      ok: true,
      value: 'postgres://flag/db',
    })
    expect(databaseUrlOf({}, env, read)).toEqual({ ok: true, value: 'postgres://env/db' })
    expect(databaseUrlOf({ url: 'postgres://flag/db', file: '/run/db-url' }, {}, read)).toMatchObject({
      ok: false,
      message: 'Give --database-url or --database-url-file, not both.',
    })
    expect(databaseUrlOf({}, { ...env, MERITBOOK_DATABASE_URL_FILE: '/run/db-url' }, read)).toMatchObject({
      ok: false,
    })
    expect(databaseUrlOf({ file: '/empty' }, {}, read)).toEqual({
      ok: false,
      message: 'The database URL file /empty is empty.',
    })
    expect(databaseUrlOf({ file: '/missing' }, {}, read)).toEqual({
      ok: false,
      message: "The database URL file cannot be read: ENOENT: no such file or directory, open '/missing'",
    })
    expect(databaseUrlOf({}, {}, read)).toMatchObject({ ok: false, message: /^A database is required/ })
  })

  it('the server runs on the database named in MERITBOOK_DATABASE_URL_FILE, with none on its command line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-url-'))
    const file = path.join(dir, 'database-url')
    fs.writeFileSync(file, `${server().databaseUrl}\n`, { mode: 0o600 })
    try {
      const run = runServer(['--create-owner', 'ceo@file.example', '--company', 'From A File'], {
        MERITBOOK_DATABASE_URL_FILE: file,
        MERITBOOK_JWT_SECRET: crypto.randomBytes(32).toString('base64'),
        MERITBOOK_PUBLIC_URL: 'https://meritbook.test',
      })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      const company = await server()
        .db.selectFrom('company')
        .select('name')
        .where('server_owner_email', '=', 'ceo@file.example')
        .executeTakeFirst()
      expect(company).toEqual({ name: 'From A File' })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 240_000)
})
