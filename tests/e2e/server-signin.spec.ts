import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startApp, type RunningApp } from './support/app'
import { publishDemoCompany, startCompanyServer, type RunningCompanyServer } from './support/company-server'

const OWNER = {
  company: 'Acme Server Co',
  email: 'owner@acme-server.test',
  name: 'Olga Owner',
  password: 'the right passphrase',
}

let companyServer: RunningCompanyServer
let app: RunningApp
let dir: string

test.beforeAll(async () => {
  companyServer = await startCompanyServer(OWNER)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-e2e-server-'))
  // The company on the server: a demo workbook published by its owner through the CLI.
  await publishDemoCompany(companyServer, OWNER, 60, dir)
})
test.afterAll(async () => {
  await companyServer.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})
test.beforeEach(async () => {
  app = await startApp([])
})
test.afterEach(() => app.stop())

async function signIn(page: Page, password: string) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
  const panel = page.getByTestId('server-panel')
  await panel.getByTestId('server-address').fill(companyServer.url)
  await panel.getByTestId('server-email').fill(OWNER.email)
  await panel.getByTestId('server-password').fill(password)
  await panel.getByTestId('server-submit').click()
}

test('a wrong password is refused with the reason; the right one signs in; sign out signs out', async ({
  page,
}) => {
  await signIn(page, 'not the passphrase')
  await expect(page.getByTestId('server-error')).toHaveText('The e-mail or password is not right.')
  await page.getByTestId('server-password').fill(OWNER.password)
  await page.getByTestId('server-submit').click()
  await expect(page.getByTestId('server-signed-in')).toContainText(
    `Signed in to ${OWNER.company} as ${OWNER.email} (OWNER)`,
  )
  await page.getByTestId('server-sign-out').click()
  await expect(page.getByTestId('server-submit')).toHaveText('Sign in')
  await expect(page.getByTestId('server-email')).toHaveValue(OWNER.email)
})

test('after the access token expires, join refreshes it once and downloads the company into a new workbook', async ({
  page,
}) => {
  await signIn(page, OWNER.password)
  await expect(page.getByTestId('server-signed-in')).toBeVisible()
  companyServer.advance(20 * 60_000)
  await page.getByTestId('server-join-path').fill(`replica-${Date.now()}.paycycle`)
  await page.getByTestId('server-join').click()
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('compensation-table-count')).toHaveText('60 employees')
})

test('what is typed before the last sign-in is read back stays in the form (a slow start)', async ({
  page,
}) => {
  // The panel asks for the last sign-in as it opens; here its answer comes after the typing.
  let answered = false
  await page.route('**/api/invoke/server.status', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
    answered = true
  })
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
  const panel = page.getByTestId('server-panel')
  await panel.getByTestId('server-address').fill(companyServer.url)
  await panel.getByTestId('server-email').fill(OWNER.email)
  expect(answered).toBe(false)
  await expect.poll(() => answered).toBe(true)
  await expect(panel.getByTestId('server-address')).toHaveValue(companyServer.url)
  await expect(panel.getByTestId('server-email')).toHaveValue(OWNER.email)
  await panel.getByTestId('server-password').fill(OWNER.password)
  await panel.getByTestId('server-submit').click()
  await expect(page.getByTestId('server-signed-in')).toBeVisible()
})
