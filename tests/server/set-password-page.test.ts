import type { Browser } from '@playwright/test'
import { launchChromium } from '../bench/browser'
import { createCompany } from '../../src-server/routes/company'
import { testServer } from './support'

const server = testServer()
const PASSWORD = 'a long enough passphrase'
let browser: Browser
let base: string

beforeAll(async () => {
  browser = await launchChromium()
  await server().app.listen({ port: 0, host: '127.0.0.1' })
  const address = server().app.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}, 60_000)

afterAll(async () => {
  await browser.close()
})

/** The path and query of the link in the last mail to `to` (the server's public URL is not this one). */
function linkPathFor(to: string): string {
  const mail = server()
    .mail.filter((m) => m.to === to)
    .at(-1)
  const match = /https:\/\/meritbook\.test(\/set-password\?link=[A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')
  if (!match) throw new Error(`No set-password link was mailed to ${to}.`)
  return match[1]
}

describe('GET /set-password, the page an invitation link opens', () => {
  it('sets the password from the link, once: the owner signs in with it, and the link is spent', async () => {
    await createCompany(server().context, {
      companyName: 'Paged',
      ownerEmail: 'owner@paged.test',
      ownerName: 'P',
    })
    const path = linkPathFor('owner@paged.test')
    const page = await browser.newPage()
    try {
      await page.goto(`${base}${path}`)
      // The link leaves the address bar at once (it is not kept in history).
      expect(new URL(page.url()).search).toBe('')
      await page.getByLabel(/New password/).fill(PASSWORD)
      await page.getByLabel('The same password again').fill(PASSWORD)
      await page.getByRole('button', { name: 'Set password' }).click()
      await expect
        .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
        .toBe('Your password is set. Sign in to Meritbook with your e-mail address and this password.')
      const login = await server().app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'owner@paged.test', password: PASSWORD },
      })
      expect(login.statusCode).toBe(200)

      await page.goto(`${base}${path}`)
      await page.getByLabel(/New password/).fill('another long passphrase')
      await page.getByLabel('The same password again').fill('another long passphrase')
      await page.getByRole('button', { name: 'Set password' }).click()
      await expect
        .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
        .toBe('This link has expired or was already used. Ask for a new one.')
    } finally {
      await page.close()
    }
  }, 90_000)

  it('says so when the two passwords differ or the address has no link, and spends nothing', async () => {
    await createCompany(server().context, {
      companyName: 'Typo',
      ownerEmail: 'owner@typo.test',
      ownerName: 'T',
    })
    const page = await browser.newPage()
    try {
      await page.goto(`${base}${linkPathFor('owner@typo.test')}`)
      await page.getByLabel(/New password/).fill(PASSWORD)
      await page.getByLabel('The same password again').fill(`${PASSWORD}!`)
      await page.getByRole('button', { name: 'Set password' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toBe('The two passwords differ.')
      await page.goto(`${base}/set-password`)
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('This address has no link in it: open the link from your e-mail.')
    } finally {
      await page.close()
    }
    const verified = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/verify_link/',
      payload: { refresh: decodeURIComponent(linkPathFor('owner@typo.test').split('link=')[1]) },
    })
    expect(verified.statusCode).toBe(200)
  }, 90_000)
})
