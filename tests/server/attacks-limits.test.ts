import { TOO_MANY_ATTEMPTS } from '../../src-server/http/limits'
import { setPassword, testServer } from './support'

/**
 * Sign-in limits behind a trusted proxy, on a server with small limits (a fifth of the defaults:
 * 2 tries a minute and 6 an hour per account and client, 6 a minute per client across accounts,
 * 20 an hour per account).
 */
const server = testServer({ signInsPerMinute: 2, trustedProxies: ['127.0.0.1'] })
const OWNER = 'owner@acme.test'
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  const made = await server().app.inject({
    method: 'POST',
    url: '/api/company/onboarding/',
    headers: { 'x-onboarding-key': 'test-onboarding-key' },
    payload: { company_name: 'Acme', owner_email: OWNER, owner_name: 'Olive' },
  })
  expect(made.statusCode).toBe(200)
  await setPassword(server().db, OWNER, PASSWORD)
})

const attempt = (client: string, password = 'wrong', socket = '127.0.0.1') =>
  server().app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: OWNER, password },
    headers: { 'x-forwarded-for': client },
    remoteAddress: socket,
  })

describe('sign-in limits behind a trusted proxy (MERITBOOK_TRUSTED_PROXIES)', () => {
  it("the proxy's X-Forwarded-For names the client: one client's run does not stop another's", async () => {
    expect((await attempt('198.51.100.1')).statusCode).toBe(401)
    expect((await attempt('198.51.100.1')).statusCode).toBe(401)
    expect((await attempt('198.51.100.1')).statusCode).toBe(429)
    expect((await attempt('198.51.100.2', PASSWORD)).statusCode).toBe(200)
  })

  it('a client that is not a trusted proxy cannot name another client', async () => {
    expect((await attempt('198.51.100.3', 'wrong', '10.9.9.9')).statusCode).toBe(401)
    expect((await attempt('198.51.100.4', 'wrong', '10.9.9.9')).statusCode).toBe(401)
    expect((await attempt('198.51.100.5', 'wrong', '10.9.9.9')).statusCode).toBe(429)
  })

  it('across addresses an account has a ceiling: a new address per try is refused past it', async () => {
    const codes: number[] = []
    for (let i = 0; i < 18; i++) codes.push((await attempt(`203.0.113.${i}`)).statusCode)
    // Five tries above reached the account's count (the others were refused before it); 20 an hour.
    expect(codes.indexOf(429)).toBe(15)
    expect(codes.slice(15)).toEqual(Array(3).fill(429))
    const right = await attempt('203.0.113.200', PASSWORD)
    expect(right.statusCode).toBe(429)
    expect(right.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^${TOO_MANY_ATTEMPTS} \\d+ minutes?\\.$`),
    )
  })
})

describe('the account ceiling spares the addresses its owner signs in from', () => {
  it('past the ceiling, the owner still signs in from the address they used before', async () => {
    // 198.51.100.2 signed in above; the ceiling is passed for every other address.
    expect((await attempt('203.0.113.201', PASSWORD)).statusCode).toBe(429)
    expect((await attempt('198.51.100.2', PASSWORD)).statusCode).toBe(200)
  })
})

describe("the hourly cap per account and address, on the server's clock", () => {
  const CLERK = 'clerk@hourly.test'
  const tryFrom = (password = 'wrong') =>
    server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: CLERK, password },
      headers: { 'x-forwarded-for': '192.0.2.77' },
      remoteAddress: '127.0.0.1',
    })

  it('one address gets 6 tries an hour on one account (a fifth of 30) however they are spread over the minutes', async () => {
    const made = await server().app.inject({
      method: 'POST',
      url: '/api/company/onboarding/',
      headers: { 'x-onboarding-key': 'test-onboarding-key' },
      payload: { company_name: 'Hourly', owner_email: CLERK, owner_name: 'Clerk' },
    })
    expect(made.statusCode).toBe(200)
    await setPassword(server().db, CLERK, PASSWORD)
    let moved = 0
    const advance = (ms: number) => {
      server().advance(ms)
      moved += ms
    }
    try {
      // Two a minute: the minute's cap stops a third; three minutes pass six tries.
      for (let minute = 0; minute < 3; minute++) {
        expect((await tryFrom()).statusCode).toBe(401)
        expect((await tryFrom()).statusCode).toBe(401)
        expect((await tryFrom()).statusCode).toBe(429)
        advance(61_000)
      }
      // A fresh minute, but the hour's six are spent: even the right password waits most of an hour.
      const capped = await tryFrom(PASSWORD)
      expect(capped.statusCode).toBe(429)
      expect(capped.json<{ detail: string }>().detail).toBe(`${TOO_MANY_ATTEMPTS} 57 minutes.`)
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(56 * 60)
      advance(57 * 60_000)
      expect((await tryFrom(PASSWORD)).statusCode).toBe(200)
    } finally {
      server().advance(-moved)
    }
  })
})
