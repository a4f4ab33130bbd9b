import crypto from 'node:crypto'
import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fail, ok, type EventName, type EventPayloads, type Result } from '../../src-shared/contract'
import {
  CONTENT_SECURITY_POLICY,
  TOKEN_COOKIE,
  isOwnHostAndOrigin,
  newToken,
  requestToken,
  sameToken,
} from './security'
import { resolveStaticFile } from './static-files'
import { safeFileName } from '../services/browser-files'
import type { FileHandles } from '../services/file-handles'

/** What browser mode needs from the backend: the same calls the Electron preload forwards. */
export interface ContractHost {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  /** The envelope already encoded as UTF-8 JSON, when the host can answer so (large lists). */
  invokeEncoded?(channel: string, input: unknown): Promise<Uint8Array>
  onEvent(listener: (event: EventName, payload: EventPayloads[EventName]) => void): () => void
}

export interface WebServerOptions {
  host: ContractHost
  rendererDir: string
  /** Where browser-mode uploads (files chosen for import) are saved, since the browser cannot give a path. */
  uploadDir: string
  /** The handles `host` resolves: an upload is answered with one (services/file-handles.ts). */
  files: FileHandles
  port?: number
  token?: string
}

export interface WebServer {
  port: number
  token: string
  /** The address to open: it carries the per-run secret once, then a cookie does. */
  url: string
  close(): Promise<void>
}

const MAX_BODY_BYTES = 32 * 1024 * 1024
const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Uint8Array,
  contentType = 'text/plain; charset=utf-8',
) {
  response.writeHead(status, { ...BASE_HEADERS, 'content-type': contentType })
  response.end(body)
}

function sendJson(response: ServerResponse, status: number, value: unknown) {
  send(response, status, JSON.stringify(value), 'application/json; charset=utf-8')
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        request.destroy()
      } else chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function handleInvoke(
  host: ContractHost,
  channel: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const body = await readBody(request)
  if (body === null) return sendJson(response, 413, fail('BAD_INPUT', 'The request is too large.'))
  let input: unknown
  try {
    input = body.trim() === '' ? {} : (JSON.parse(body) as unknown)
  } catch {
    return sendJson(
      response,
      400,
      fail('BAD_INPUT', `Invalid request to ${channel}: the body is not valid JSON.`),
    )
  }
  if (host.invokeEncoded) {
    send(response, 200, await host.invokeEncoded(channel, input), 'application/json; charset=utf-8')
  } else sendJson(response, 200, await host.invoke(channel, input))
}

/** The name the user's file had, made safe as one file name (every script's letters are kept). */
export function uploadFileName(requested: string | null): string {
  return safeFileName(requested, 'upload.csv')
}

/**
 * Saves a raw upload as a file of its own and answers with a handle to it (for import.start). Each
 * upload gets a folder of its own so the file keeps the user's name: messages about it name what
 * they chose.
 */
function handleUpload(
  { uploadDir, files }: WebServerOptions,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const folder = path.join(uploadDir, crypto.randomUUID())
  fs.mkdirSync(folder, { recursive: true })
  const target = path.join(folder, uploadFileName(url.searchParams.get('name')))
  const file = fs.createWriteStream(target, { flags: 'wx' })
  let size = 0
  const abort = (status: number, message: string) => {
    request.unpipe(file)
    file.destroy()
    fs.rmSync(folder, { recursive: true, force: true })
    if (!response.headersSent) sendJson(response, status, fail('BAD_INPUT', message))
  }
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_UPLOAD_BYTES) abort(413, 'The file is larger than 1 GiB.')
  })
  request.on('error', () => abort(400, 'The upload was interrupted.'))
  file.on('error', () => abort(500, 'The upload could not be saved.'))
  file.on('finish', () => {
    if (!response.headersSent) sendJson(response, 200, ok(files.issue(target, 'importCsv')))
  })
  request.pipe(file)
}

function handleEvents(host: ContractHost, request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, {
    ...BASE_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
  })
  response.write('retry: 2000\n\n')
  const unsubscribe = host.onEvent((event, payload) => {
    response.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`)
  })
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 25_000)
  request.on('close', () => {
    clearInterval(keepAlive)
    unsubscribe()
  })
}

function serveStatic(rendererDir: string, pathname: string, method: string, response: ServerResponse) {
  const file = resolveStaticFile(rendererDir, pathname)
  if (!file) return send(response, 404, 'Not found')
  const headers: Record<string, string> = { ...BASE_HEADERS, 'content-type': file.contentType }
  if (file.contentType.startsWith('text/html')) headers['content-security-policy'] = CONTENT_SECURITY_POLICY
  response.writeHead(200, headers)
  if (method === 'HEAD') response.end()
  else fs.createReadStream(file.filePath).pipe(response)
}

/** Browser mode: the contract and the built renderer on 127.0.0.1 only, behind a per-run secret. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newToken()
  let port = 0
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (!isOwnHostAndOrigin(request, port)) return send(response, 403, 'Forbidden: foreign host or origin.')

    const offered = url.searchParams.get('token')
    if (offered !== null) {
      if (!sameToken(offered, token)) return send(response, 401, 'This Meritbook address has expired.')
      url.searchParams.delete('token')
      response.writeHead(303, {
        ...BASE_HEADERS,
        'set-cookie': `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        location: `${url.pathname}${url.search}`,
      })
      return response.end()
    }
    if (!sameToken(requestToken(request), token)) {
      return send(
        response,
        401,
        'Meritbook refuses requests without its secret. Open the address npm start printed.',
      )
    }

    const method = request.method ?? 'GET'
    const invokeMatch = /^\/api\/invoke\/([^/]+)$/.exec(url.pathname)
    if (invokeMatch) {
      if (method !== 'POST') return send(response, 405, 'Use POST.')
      return void handleInvoke(options.host, decodeURIComponent(invokeMatch[1]), request, response).catch(
        () => sendJson(response, 500, fail('INTERNAL', 'The request could not be read.')),
      )
    }
    if (url.pathname === '/api/events') return handleEvents(options.host, request, response)
    if (url.pathname === '/api/upload') {
      if (method !== 'POST') return send(response, 405, 'Use POST.')
      return handleUpload(options, url, request, response)
    }
    if (url.pathname.startsWith('/api/')) return send(response, 404, 'Not found')
    if (method !== 'GET' && method !== 'HEAD') return send(response, 405, 'Method not allowed.')
    serveStatic(options.rendererDir, url.pathname, method, response)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
