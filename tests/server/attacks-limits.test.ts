import { TOO_MANY_ATTEMPTS } from '../../src-server/http/limits'
import { setPassword, testServer } from './support'

/**
 * Sign-in limits behind a trusted proxy, on a server with small limits (a tenth of the defaults:
 * 1 try a minute per account and client, 3 per client across accounts, 10 an hour per account).
 */
const server = testServer({ signInsPerMinute: 1, trustedProxies: ['127.0.0.1'] })
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
    expect((await attempt('198.51.100.1')).statusCode).toBe(429)
    expect((await attempt('198.51.100.2', PASSWORD)).statusCode).toBe(200)
  })

  it('a client that is not a trusted proxy cannot name another client', async () => {
    expect((await attempt('198.51.100.3', 'wrong', '10.9.9.9')).statusCode).toBe(401)
    expect((await attempt('198.51.100.4', 'wrong', '10.9.9.9')).statusCode).toBe(429)
  })

  it('across addresses an account has a ceiling: a new address per try is refused past it', async () => {
    const codes: number[] = []
    for (let i = 0; i < 12; i++) codes.push((await attempt(`203.0.113.${i}`)).statusCode)
    // Three tries above reached the account's count (the others were refused before it); 10 an hour.
    expect(codes.indexOf(429)).toBe(7)
    expect(codes.slice(7)).toEqual(Array(5).fill(429))
    const right = await attempt('203.0.113.200', PASSWORD)
    expect(right.statusCode).toBe(429)
    expect(right.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^${TOO_MANY_ATTEMPTS} \\d+ minutes?\\.$`),
    )
  })
})
