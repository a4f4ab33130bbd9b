import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_COOKIE = 'meritbook_token'
export const TOKEN_HEADER = 'x-meritbook-token'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // AG Grid and Plotly inject styles.
  "style-src 'self' 'unsafe-inline'",
  // Plotly's PNG download and the budget flow's minimap draw a chart's SVG through a blob: image.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

export function newToken(): string {
  return crypto.randomBytes(24).toString('base64url')
}

export function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

function cookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

/** The secret a request carries, in the header (scripts, tests) or the cookie (the browser). */
export function requestToken(request: IncomingMessage): string | undefined {
  const header = request.headers[TOKEN_HEADER]
  return (typeof header === 'string' ? header : undefined) ?? cookie(request, TOKEN_COOKIE)
}

/**
 * Refuses DNS rebinding and cross-site requests: the Host must name our loopback port and an
 * Origin, when sent, must be our own.
 */
export function isOwnHostAndOrigin(request: IncomingMessage, port: number): boolean {
  const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  if (!allowedHosts.includes(request.headers.host ?? '')) return false
  const origin = request.headers.origin
  return origin === undefined || allowedHosts.some((host) => origin === `http://${host}`)
}
