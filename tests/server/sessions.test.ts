import argon2 from 'argon2'
import type { LightMyRequestResponse } from 'fastify'
import { hashPassword, hashToVerify } from '../../src-server/auth/passwords'
import { createCompany } from '../../src-server/routes/company'
import { sendLink } from '../../src-server/auth/send-link'
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG, WRONG_LOGIN } from '../../src-server/routes/auth'
import { linkTokenIn, setPassword, testServer } from './support'

const server = testServer()
const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new passphrase'
const LINK_REFUSED = { detail: 'This link has expired or was already used. Ask for a new one.' }
const NOT_LOGGED_IN = { detail: 'Not logged in' }

/** A new company whose owner has PASSWORD (and their invitation mail still unused); answers the e-mail. */
async function owner(name: string, password: string | null = PASSWORD): Promise<string> {
  const email = `${name}@sessions.test`
  await createCompany(server().context, { companyName: name, ownerEmail: email, ownerName: name })
  if (password) await setPassword(server().db, email, password)
  return email
}

function login(username: string, password = PASSWORD) {
  return server().app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } })
}

function accessOf(response: LightMyRequestResponse): string {
  return response.json<{ access: string }>().access
}

function refreshCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'meritbook_refresh')
  if (!cookie) throw new Error('no refresh cookie')
  return cookie.value
}

function profile(access: string) {
  return server().app.inject({
    method: 'GET',
    url: '/api/user/profile',
    headers: { authorization: `Bearer ${access}` },
  })
}

function refresh(cookie: string) {
  return server().app.inject({
    method: 'POST',
    url: '/api/user/token/refresh/',
    cookies: { meritbook_refresh: cookie },
  })
}

function verifyLink(link: string) {
  return server().app.inject({
    method: 'POST',
    url: '/api/user/token/verify_link/',
    payload: { refresh: link },
  })
}

function setPasswordWith(access: string, payload: Record<string, string>) {
  return server().app.inject({
    method: 'POST',
    url: '/api/user/set_password',
    headers: { authorization: `Bearer ${access}` },
    payload,
  })
}

function recover(email: string) {
  return server().app.inject({ method: 'POST', url: '/api/user/recover_password', payload: { email } })
}

/** The victim resets their password through a recovery mail, as the desktop does. */
async function resetByMail(email: string): Promise<void> {
  expect((await recover(email)).statusCode).toBe(200)
  const verified = await verifyLink(linkTokenIn(server().mail, email))
  expect(verified.statusCode).toBe(200)
  expect((await setPasswordWith(accessOf(verified), { password: NEW_PASSWORD })).statusCode).toBe(200)
}

// set_password is limited to 10 calls a minute per address: this file makes 9.
describe('company server: sessions end on a password change (issue 34)', () => {
  it('a refresh cookie from before a password reset is refused after it; a new sign-in refreshes', async () => {
    const email = await owner('refresh-cookie')
    const stolen = refreshCookie(await login(email))
    await resetByMail(email)
    const replay = await refresh(stolen)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject(NOT_LOGGED_IN)
    // The new session refreshes, and its access token carries the current token version.
    const fresh = await refresh(refreshCookie(await login(email, NEW_PASSWORD)))
    expect(fresh.statusCode).toBe(200)
    expect((await profile(accessOf(fresh))).statusCode).toBe(200)
  })

  it('an access token issued before set_password is 401 after it', async () => {
    const email = await owner('access-token')
    const stolen = accessOf(await login(email))
    expect((await profile(stolen)).statusCode).toBe(200)
    await resetByMail(email)
    const after = await profile(stolen)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject(NOT_LOGGED_IN)
  })

  it('a set-password token works once: the second set_password with it is refused', async () => {
    const email = await owner('set-password-token')
    expect((await recover(email)).statusCode).toBe(200)
    const token = accessOf(await verifyLink(linkTokenIn(server().mail, email)))
    expect((await setPasswordWith(token, { password: NEW_PASSWORD })).statusCode).toBe(200)
    const second = await setPasswordWith(token, { password: 'the attacker passphrase' })
    expect(second.statusCode).toBe(401)
    expect(second.json()).toMatchObject(NOT_LOGGED_IN)
    expect((await login(email, 'the attacker passphrase')).statusCode).toBe(401)
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('an ordinary access token cannot set a password without the current one, and can with it', async () => {
    const email = await owner('current-password')
    const access = accessOf(await login(email))
    const without = await setPasswordWith(access, { password: NEW_PASSWORD })
    expect(without.statusCode).toBe(403)
    expect(without.json()).toMatchObject({ detail: CURRENT_PASSWORD_NEEDED })
    const wrong = await setPasswordWith(access, {
      password: NEW_PASSWORD,
      current_password: 'a wrong guess!',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toMatchObject({ detail: CURRENT_PASSWORD_WRONG })
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401)
    const right = await setPasswordWith(access, { password: NEW_PASSWORD, current_password: PASSWORD })
    expect(right.statusCode).toBe(200)
    // The change ends the session it was made from too.
    expect((await profile(access)).statusCode).toBe(401)
    expect((await login(email)).statusCode).toBe(401)
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('after a second recovery mail, the first link is refused and the second works', async () => {
    const email = await owner('second-recovery')
    expect((await recover(email)).statusCode).toBe(200)
    const first = linkTokenIn(server().mail, email)
    expect((await recover(email)).statusCode).toBe(200)
    const second = linkTokenIn(server().mail, email)
    expect(second).not.toBe(first)
    const old = await verifyLink(first)
    expect(old.statusCode).toBe(401)
    expect(old.json()).toMatchObject(LINK_REFUSED)
    expect((await verifyLink(second)).statusCode).toBe(200)
  })

  it('after a second invitation, the first one is refused', async () => {
    const email = await owner('second-invitation', null)
    const first = linkTokenIn(server().mail, email)
    const user = await server()
      .db.selectFrom('app_user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    await sendLink(server().context, user.id, 'invite')
    expect((await verifyLink(first)).json()).toMatchObject(LINK_REFUSED)
    expect((await verifyLink(linkTokenIn(server().mail, email))).statusCode).toBe(200)
  })

  it('after a password is set, an outstanding invitation link is refused', async () => {
    // The owner's invitation is still unused in their mailbox when they reset their password.
    const email = await owner('old-invitation', null)
    const invitation = linkTokenIn(server().mail, email)
    await resetByMail(email)
    const replay = await verifyLink(invitation)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject(LINK_REFUSED)
  })
})

describe('company server: no timing oracle at sign-in (issue 34)', () => {
  it('the hash verified for an unknown user or one without a password is made once, with the same parameters', async () => {
    const stored = await hashPassword(PASSWORD)
    expect(await hashToVerify(stored)).toBe(stored)
    const dummy = await hashToVerify(null)
    expect(await hashToVerify(null)).toBe(dummy)
    // $argon2id$v=19$m=65536,t=3,p=4$…: the same algorithm, memory, passes and lanes as a real hash.
    const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$')
    expect(parameters(dummy)).toBe(parameters(stored))
    expect(await argon2.verify(dummy, '')).toBe(false)
  })

  it('a sign-in runs one argon2 verify for an unknown user, a user without a password and a known one, with one answer', async () => {
    const known = await owner('timing-known')
    const noPassword = await owner('timing-no-password', null)
    const verify = vi.spyOn(argon2, 'verify')
    try {
      for (const username of ['nobody@sessions.test', noPassword, known]) {
        verify.mockClear()
        const refused = await login(username, 'not the password')
        expect(refused.statusCode).toBe(401)
        expect(refused.json()).toMatchObject({ detail: WRONG_LOGIN })
        expect(verify).toHaveBeenCalledTimes(1)
      }
    } finally {
      verify.mockRestore()
    }
  })
})
