import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { contract, isShellOnlyChannel, type Result } from '../../src-shared/contract'
import type { BackendClient } from '../../src-main/backend/client'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { FileHandles, withFileHandles } from '../../src-main/services/file-handles'
import { Session } from '../../src-main/services/session'
import { startWebServer, type WebServer } from '../../src-main/web/server'
import { tempDir } from '../support/temp'

/**
 * Issue 16: the channels the shell drives (join as the company downloads, the sync engine's pushes
 * and pulls, statements recorded from the server) write the workbook without the user's say; a
 * window (Electron IPC, browser mode's loopback HTTP) may not call them, whatever its role.
 */

const SHELL_ONLY = [
  'company.snapshot',
  'statements.mailData',
  'statements.recordLink',
  'statements.recordSent',
  'statements.recordServer',
  'statements.serverStatement',
  'sync.accessRefused',
  'sync.acknowledge',
  'sync.apply',
  'sync.claim',
  'sync.companyFile',
  'sync.failed',
  'sync.refused',
  'sync.state',
  'workbook.join',
  'workbook.joinAbort',
  'workbook.joinBytes',
  'workbook.joinEnd',
  'workbook.joinFile',
]

const refusal = (channel: string) => ({
  ok: false,
  error: { code: 'FORBIDDEN', message: `${channel} is for Meritbook's own use: a window may not call it.` },
})

const dataDir = tempDir()
const session = new Session({ mode: 'browser', version: 'test', dataDir, actAs: null, emit: () => undefined })
const dispatcher = createDispatcher(session, () => undefined)
const encoder = new TextEncoder()
/** The workbook worker as the shell's client reaches it, in this thread: the caller travels with each call. */
const backend: BackendClient = {
  invoke: (channel, input, caller) => dispatcher.dispatch(channel, input, caller),
  invokeEncoded: async (channel, input, caller) =>
    encoder.encode(JSON.stringify(await dispatcher.dispatch(channel, input, caller))),
  onEvent: () => () => undefined,
  stop: async () => undefined,
}
const files = new FileHandles()
let server: WebServer
const rendererDir = path.join(dataDir, 'renderer')

beforeAll(async () => {
  fs.mkdirSync(rendererDir)
  const created = await dispatcher.dispatch('workbook.create', {
    path: path.join(dataDir, 'Acme.paycycle'),
    companyName: 'Acme',
    ownerName: 'Olga Owner',
    ownerEmail: 'olga@acme.test',
  })
  expect(created.ok).toBe(true)
  server = await startWebServer({
    host: withFileHandles(backend, files, async () => null),
    files,
    rendererDir,
    uploadDir: path.join(dataDir, 'uploads'),
    token: 'secret',
  })
})
afterAll(async () => {
  await server.close()
  await session.close()
})

/** A call as browser mode's page makes it: POST /api/invoke/<channel> with the run's secret. */
function fromPage(channel: string, input: unknown): Promise<Result<unknown>> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: `/api/invoke/${channel}`,
        method: 'POST',
        headers: { 'x-meritbook-token': 'secret', 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Result<unknown>))
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(input))
  })
}

describe('shell-only channels', () => {
  it('are exactly the join, sync and statement-recording channels the shell drives', () => {
    expect(Object.keys(contract).filter(isShellOnlyChannel).sort()).toEqual(SHELL_ONLY)
  })

  it('are refused from browser mode’s page, and nothing is written', async () => {
    const planted = path.join(dataDir, 'planted.paycycle')
    expect(
      await fromPage('workbook.join', {
        path: planted,
        company: 'Evil',
        server: 'https://evil.test',
        email: 'x@evil.test',
      }),
    ).toEqual(refusal('workbook.join'))
    expect(fs.existsSync(planted)).toBe(false)
    for (const channel of SHELL_ONLY) expect(await fromPage(channel, {})).toEqual(refusal(channel))
    // The page's ordinary calls still go through.
    expect(await fromPage('company.get', {})).toMatchObject({ ok: true, value: { name: 'Acme' } })
  })

  it('are refused by the dispatcher when the worker is told a window asks, role or not', async () => {
    for (const channel of SHELL_ONLY) {
      expect(await dispatcher.dispatch(channel, {}, 'renderer')).toEqual(refusal(channel))
      expect(dispatcher.admit(channel, {}, 'renderer')).toEqual(refusal(channel))
    }
    expect(await dispatcher.dispatch('company.get', {}, 'renderer')).toMatchObject({ ok: true })
  })

  it("keep answering the shell's own calls", async () => {
    expect(await backend.invoke('sync.state', {})).toMatchObject({ ok: true, value: { server: null } })
    expect(await backend.invoke('workbook.joinAbort', {})).toEqual({ ok: true, value: null })
    const snapshot = await backend.invoke('company.snapshot', {})
    expect(snapshot).toMatchObject({
      ok: true,
      value: { users: [{ email: 'olga@acme.test', role: 'OWNER' }] },
    })
  })
})
