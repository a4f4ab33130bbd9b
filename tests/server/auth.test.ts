import type { LightMyRequestResponse } from 'fastify'
import { TOO_MANY_ATTEMPTS } from '../../src-server/http/limits'
import { linkTokenIn, testServer } from './support'

const server = testServer()
const OWNER = 'owner@acme.test'
const PASSWORD = 'correct horse battery'

function refreshCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'meritbook_refresh')
  if (!cookie) throw new Error('no refresh cookie')
  return cookie.value
}

async function login(password = PASSWORD) {
  return server().app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: OWNER, password },
  })
}

/** The limit's message with the time left, as the plugin words it ("58 seconds", "1 hour"). */
const waitMessage = expect.stringMatching(new RegExp(`^${TOO_MANY_ATTEMPTS} \\d+ (second|minute|hour)s?\\.$`))

describe('company server: sign-in and tokens', () => {
  it('onboarding needs the onboarding key; it creates the company and mails its owner an invitation', async () => {
    const refused = await server().app.inject({
      method: 'POST',
      url: '/api/company/onboarding/',
      payload: { company_name: 'Acme', owner_email: OWNER, owner_name: 'Olive Owner' },
    })
    expect(refused.statusCode).toBe(403)
    const created = await server().app.inject({
      method: 'POST',
      url: '/api/company/onboarding/',
      headers: { 'x-onboarding-key': 'test-onboarding-key' },
      payload: { company_name: 'Acme', owner_email: OWNER, owner_name: 'Olive Owner' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({ message: 'Organization added successfully' })
    const again = await server().app.inject({
      method: 'POST',
      url: '/api/company/onboarding/',
      headers: { 'x-onboarding-key': 'test-onboarding-key' },
      payload: { company_name: 'Acme 2', owner_email: OWNER, owner_name: 'Olive' },
    })
    expect(again.json()).toMatchObject({ detail: 'Owner information duplicated' })
    const mail = server().mail.find((m) => m.to === OWNER)
    expect(mail?.subject).toBe('Your invitation to Acme on Meritbook')
  })

  it('the invitation link works once, sets a password (argon2id, 12+ characters), then the owner signs in', async () => {
    const link = linkTokenIn(server().mail, OWNER)
    const verified = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: link },
    })
    expect(verified.statusCode).toBe(200)
    const access = verified.json<{ access: string }>().access
    // A set-password token opens nothing else.
    const profile = await server().app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${access}` },
    })
    expect(profile.statusCode).toBe(401)
    const short = await server().app.inject({
      method: 'POST',
      url: '/api/user/set_password',
      headers: { authorization: `Bearer ${access}` },
      payload: { password: 'short' },
    })
    expect(short.json()).toMatchObject({ detail: 'password: Passwords have at least 12 characters.' })
    const set = await server().app.inject({
      method: 'POST',
      url: '/api/user/set_password',
      headers: { authorization: `Bearer ${access}` },
      payload: { password: PASSWORD },
    })
    expect(set.statusCode).toBe(200)
    const reused = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: link },
    })
    expect(reused.json()).toMatchObject({
      detail: 'This link has expired or was already used. Ask for a new one.',
    })
    const stored = await server()
      .db.selectFrom('app_user')
      .select('password_hash')
      .where('email', '=', OWNER)
      .executeTakeFirstOrThrow()
    expect(stored.password_hash).toMatch(/^\$argon2id\$/)
    expect(stored.password_hash).not.toContain(PASSWORD)
  })

  it('a wrong password is refused; the right one gives an access token and an HttpOnly, Secure, SameSite refresh cookie', async () => {
    const wrong = await login('not the password')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ detail: 'The e-mail or password is not right.' })
    const ok = await login()
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ user_employee_id: null })
    const cookie = ok.cookies.find((c) => c.name === 'meritbook_refresh')
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/user/token',
    })
    const profile = await server().app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${ok.json<{ access: string }>().access}` },
    })
    expect(profile.json()).toMatchObject({ email: OWNER, role: 'OWNER', company: { name: 'Acme' } })
    const anonymous = await server().app.inject({ method: 'GET', url: '/api/user/profile' })
    expect(anonymous.json()).toMatchObject({ detail: 'Not logged in' })
  })

  it('an access token expires after 15 minutes; the refresh cookie rotates, and replaying an old one revokes the family', async () => {
    const ok = await login()
    const access = ok.json<{ access: string }>().access
    const first = refreshCookie(ok)
    server().advance(16 * 60_000)
    const expired = await server().app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${access}` },
    })
    expect(expired.statusCode).toBe(401)
    const refreshed = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: first },
    })
    expect(refreshed.statusCode).toBe(200)
    const second = refreshCookie(refreshed)
    expect(second).not.toBe(first)
    const profile = await server().app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${refreshed.json<{ access: string }>().access}` },
    })
    expect(profile.statusCode).toBe(200)
    // The first cookie again: a replay. The family is revoked, so the newest cookie dies too.
    const replay = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: first },
    })
    expect(replay.statusCode).toBe(401)
    const afterReplay = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: second },
    })
    expect(afterReplay.statusCode).toBe(401)
  })

  it('logout revokes the refresh token', async () => {
    const cookie = refreshCookie(await login())
    const out = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/logout',
      cookies: { meritbook_refresh: cookie },
    })
    expect(out.statusCode).toBe(200)
    const refresh = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: cookie },
    })
    expect(refresh.statusCode).toBe(401)
  })

  it('password recovery mails a single-use link, and says the same for an unknown address', async () => {
    const before = server().mail.length
    const unknown = await server().app.inject({
      method: 'POST',
      url: '/api/user/recover_password',
      payload: { email: 'nobody@acme.test' },
    })
    const known = await server().app.inject({
      method: 'POST',
      url: '/api/user/recover_password',
      payload: { email: OWNER },
    })
    expect(unknown.json()).toEqual(known.json())
    expect(server().mail.length).toBe(before + 1)
    expect(server().mail.at(-1)?.subject).toBe('Reset your Meritbook password')
    const token = linkTokenIn(server().mail, OWNER)
    const access = (
      await server().app.inject({
        method: 'POST',
        url: '/api/user/token/verify_link/',
        payload: { refresh: token },
      })
    ).json<{
      access: string
    }>().access
    const reset = await server().app.inject({
      method: 'POST',
      url: '/api/user/set_password',
      headers: { authorization: `Bearer ${access}` },
      payload: { password: 'a brand new passphrase' },
    })
    expect(reset.statusCode).toBe(200)
    expect((await login()).statusCode).toBe(401)
    expect((await login('a brand new passphrase')).statusCode).toBe(200)
  })

  it("limits password recovery to 5 mails an hour for one account, without saying whether it exists, and not for the account's colleagues", async () => {
    const recover = (email: string) =>
      server().app.inject({ method: 'POST', url: '/api/user/recover_password', payload: { email } })
    const before = server().mail.length
    const codes: number[] = []
    for (let i = 0; i < 7; i++) codes.push((await recover('Manager.Recover@acme.test')).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(server().mail.length).toBe(before)
    expect((await recover('Manager.Recover@acme.test')).json()).toMatchObject({ detail: waitMessage })
    // The same count for a known account (the earlier test's recovery is one of them): no more mail once it is reached.
    const known: number[] = []
    for (let i = 0; i < 6; i++) known.push((await recover(OWNER)).statusCode)
    expect(known).toContain(429)
    expect(server().mail.length).toBe(before + known.filter((code) => code === 200).length)
    expect((await recover('colleague@acme.test')).statusCode).toBe(200)
  })

  it('rate-limits repeated sign-ins to one account from one address, not the other accounts signing in from it', async () => {
    const codes: number[] = []
    for (let i = 0; i < 12; i++) codes.push((await login('wrong again')).statusCode)
    expect(codes).toContain(429)
    expect((await login('wrong again')).json()).toMatchObject({ detail: waitMessage })
    expect(codes.slice(codes.indexOf(429))).toEqual(codes.slice(codes.indexOf(429)).map(() => 429))
    const colleague = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'colleague@behind-the-same-router.test', password: 'any passphrase' },
    })
    expect(colleague.statusCode).toBe(401)
  })
})
