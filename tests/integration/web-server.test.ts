import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fail, isFileHandle, ok, type PickedFile, type Result } from '../../src-shared/contract'
import { FileHandles } from '../../src-main/services/file-handles'
import { startWebServer, uploadFileName, type ContractHost, type WebServer } from '../../src-main/web/server'
import { tempDir } from '../support/temp'

const rendererDir = path.join(tempDir(), 'renderer')
fs.mkdirSync(rendererDir)
fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Meritbook</title>')
fs.mkdirSync(path.join(rendererDir, 'assets'))
fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
fs.writeFileSync(path.join(path.dirname(rendererDir), 'outside-secret.txt'), 'secret')

const uploadDir = path.join(tempDir(), 'uploads')
const files = new FileHandles()

const calls: { channel: string; input: unknown }[] = []
const host: ContractHost = {
  async invoke(channel, input): Promise<Result<unknown>> {
    calls.push({ channel, input })
    return channel === 'app.info'
      ? ok({ echoed: input })
      : fail('UNKNOWN_CHANNEL', `Unknown channel "${channel}".`)
  },
  onEvent: () => () => undefined,
}

interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

function request(
  server: WebServer,
  pathname: string,
  options: http.RequestOptions = {},
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path: pathname, method: 'GET', ...options },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

let server: WebServer
beforeAll(async () => {
  server = await startWebServer({ host, rendererDir, uploadDir, files, token: 'per-run-secret' })
})
afterAll(() => server.close())

const withToken = { headers: { 'x-meritbook-token': 'per-run-secret' } }

describe('browser mode over loopback HTTP', () => {
  it('listens on 127.0.0.1 only and prints an address carrying the secret', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=per-run-secret`)
  })

  it('refuses API calls and pages without the secret', async () => {
    const api = await request(server, '/api/invoke/app.info', { method: 'POST' }, '{}')
    expect(api.status).toBe(401)
    expect((await request(server, '/')).status).toBe(401)
    expect(
      (
        await request(
          server,
          '/api/invoke/app.info',
          { method: 'POST', headers: { 'x-meritbook-token': 'guess' } },
          '{}',
        )
      ).status,
    ).toBe(401)
    expect(calls).toEqual([])
  })

  it('refuses a foreign Host (DNS rebinding) even with the secret', async () => {
    const reply = await request(server, '/', { headers: { ...withToken.headers, host: 'evil.example:80' } })
    expect(reply.status).toBe(403)
  })

  it('refuses a foreign Origin even with the secret', async () => {
    const reply = await request(
      server,
      '/api/invoke/app.info',
      { method: 'POST', headers: { ...withToken.headers, origin: 'http://evil.example' } },
      '{}',
    )
    expect(reply.status).toBe(403)
    expect(calls).toEqual([])
  })

  it('trades the secret in the address for an HttpOnly cookie and strips it from the address', async () => {
    const reply = await request(server, '/employeetable?token=per-run-secret&onlogin=%2Fx')
    expect(reply.status).toBe(303)
    expect(reply.headers.location).toBe('/employeetable?onlogin=%2Fx')
    expect(reply.headers['set-cookie']?.[0]).toBe(
      'meritbook_token=per-run-secret; HttpOnly; SameSite=Strict; Path=/',
    )
    const page = await request(server, '/employeetable', {
      headers: { cookie: 'meritbook_token=per-run-secret' },
    })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Meritbook</title>')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('passes a contract call through and returns the envelope', async () => {
    const reply = await request(server, '/api/invoke/app.info', { method: 'POST', ...withToken }, '{"a":1}')
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: { echoed: { a: 1 } } })
  })

  it('answers invalid JSON with a BAD_INPUT envelope', async () => {
    const reply = await request(server, '/api/invoke/app.info', { method: 'POST', ...withToken }, '{nope')
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Invalid request to app.info: the body is not valid JSON.' },
    })
  })

  it('saves an upload as a file of its own and answers with a handle for import.start', async () => {
    const reply = await request(
      server,
      '/api/upload?name=..%2F..%2Fevil.csv',
      { method: 'POST', ...withToken },
      'Employee Id\n1\n',
    )
    const body = JSON.parse(reply.body) as { ok: true; value: PickedFile }
    expect(body.ok).toBe(true)
    expect(isFileHandle(body.value.handle)).toBe(true)
    expect(files.resolve(body.value.handle, 'importCsv')).toBe(body.value.path)
    expect(files.resolve(body.value.handle, 'exportCsv')).toBeNull()
    expect(path.dirname(path.dirname(body.value.path))).toBe(uploadDir)
    expect(path.basename(body.value.path)).toBe('evil.csv')
    expect(fs.readFileSync(body.value.path, 'utf8')).toBe('Employee Id\n1\n')
    expect((await request(server, '/api/upload', { method: 'POST' }, 'x')).status).toBe(401)
  })

  it("keeps the name of the user's file, every script's letters included, so messages name it", () => {
    expect(uploadFileName('Łódź Gehälter 2026.xlsx')).toBe('Łódź Gehälter 2026.xlsx')
    expect(uploadFileName('C:\\Users\\ana\\pay.csv')).toBe('pay.csv')
    expect(uploadFileName('a:b?.csv')).toBe('a_b_.csv')
    expect(uploadFileName('..')).toBe('upload.csv')
    expect(uploadFileName(null)).toBe('upload.csv')
  })

  it('serves built assets and never a file outside the renderer folder', async () => {
    expect((await request(server, '/assets/app.js', withToken)).body).toBe('console.log(1)')
    // A page reloaded at a nested route asks for its relative assets under that route.
    expect((await request(server, '/reward-statement/assets/app.js', withToken)).body).toBe('console.log(1)')
    expect((await request(server, '/reward-statement/compstatements', withToken)).body).toContain('<title>')
    expect((await request(server, '/../outside-secret.txt', withToken)).body).not.toContain('secret')
    expect((await request(server, '/%2e%2e/outside-secret.txt', withToken)).status).toBe(404)
  })
})
