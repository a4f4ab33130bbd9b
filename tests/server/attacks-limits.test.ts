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
