import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import {
  publishDemoCompany,
  setPassword,
  startCompanyServer,
  type RunningCompanyServer,
} from './support/company-server'

/**
 * Issue 17: an admin on their company's replica sends statements through the company server. (A
 * COMM_MANAGER keeps no replica since issue 34: the company's download holds everyone's pay.)
 */

const OWNER = {
  company: 'Mailing Co',
  email: 'owner@mailing.test',
  name: 'Mo Owner',
  password: 'owner passphrase',
}
const PASSWORD = 'sender passphrase'
// The company the CLI publishes: `new --demo 60 --seed 2`.
const demo = generateDemoCompany({ employees: 60, seed: 2 })
const sender = demo.sampleUsers.ADMIN
const SHOTS = process.env.STATEMENTS_SHOTS

let server: RunningCompanyServer
let dir: string
let app: RunningApp

test.beforeAll(async () => {
  server = await startCompanyServer(OWNER)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-e2e-mail-'))
  await publishDemoCompany(server, OWNER, 60, dir)
  await setPassword(server.db, sender, PASSWORD)
  app = await startApp([])
})
test.afterAll(async () => {
  await app?.stop()
  await server?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('an ADMIN sends a team its statements by e-mail, sends one as a link and revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
  const panel = page.getByTestId('server-panel')
  await panel.getByTestId('server-address').fill(server.url)
  await panel.getByTestId('server-email').fill(sender)
  await panel.getByTestId('server-password').fill(PASSWORD)
  await panel.getByTestId('server-submit').click()
  await page.getByTestId('server-join-path').fill('sender.paycycle')
  await page.getByTestId('server-join').click()
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Reward Statements' })
    .click()
  await page.getByTestId('ste-name').fill('Year end 2026')
  await page.getByTestId('ste-save').click()
  await expect(page.getByTestId('statement-template')).toHaveText(['Year end 2026'])

  await page.getByTestId('statements-tab-statements').click()
  await expect(page.getByTestId('statements-send-note')).toContainText(
    `Statements are sent through the company server (${server.url})`,
  )
  // A team's statements, attached as PDFs, with progress and each employee's outcome.
  const team = demo.teams.find(
    (t) =>
      !demo.teams.some((sub) => sub.parentTeamId === t.id) &&
      demo.employees.filter((e) => e.teamId === t.id && e.email).length >= 3,
  )!
  const listed = demo.employees.filter((e) => e.teamId === team.id).length
  await page.getByTestId('statements-team').selectOption(String(team.id))
  await expect(page.getByTestId('statements-count')).toHaveText(`${listed} employees`)
  await page.getByTestId('statements-send').click()
  await page.getByTestId('send-scope-shown').check()
  await page.getByTestId('send-start').click()
  // The team's plans are not submitted: Send warns first (issue 36).
  await expect(page.getByTestId('statements-unsubmitted')).toContainText('not submitted or sent back')
  await page.getByTestId('unsubmitted-go-on').click()
  await expect(page.getByTestId('send-progress')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 })
  await expect(page.getByTestId('send-result')).toHaveCount(listed)
  const sent = await page.locator('[data-testid="send-result"][data-status="SENT"]').count()
  expect(sent).toBeGreaterThanOrEqual(3)
  await expect(page.getByTestId('send-summary')).toHaveText(
    `${sent} sent, ${listed - sent} not sent, of ${listed}`,
  )
  expect(server.mail.filter((m) => m.subject === 'Your reward statement from Mailing Co')).toHaveLength(sent)
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'statements-send-dialog.png') })
  await page.getByTestId('send-close').click()
  // An attached PDF cannot be recalled: the row says so and offers no revoke.
  const first = page.getByTestId('statements-row').first()
  await expect(first.getByTestId('statements-row-status')).toContainText(
    'e-mailed (PDF attached, cannot be recalled)',
  )
  await expect(first.getByTestId('statements-row-link')).toHaveCount(0)

  // One employee by link: the link opens their statement, until it is revoked.
  const person = demo.employees.find((e) => e.teamId === team.id && e.email)!
  const row = page.locator(`[data-testid="statements-row"][data-employee-id="${person.companyEmployeeId}"]`)
  await row.getByTestId('statements-row-send').click()
  await page.getByTestId('send-scope-employee').check()
  await page.getByTestId('send-method-link').check()
  await page.getByTestId('send-start').click()
  await page.getByTestId('unsubmitted-go-on').click()
  await expect(page.getByTestId('send-summary')).toHaveText('1 sent, 0 not sent, of 1')
  await page.getByTestId('send-close').click()
  await expect(row.getByTestId('statements-row-status')).toContainText('e-mailed as a link')
  const mail = server.mail.filter((m) => m.to === person.email).at(-1)!
  const link = /\/statement#([A-Za-z0-9_-]+)/.exec(mail.text)![1]
  const employee = await browser.newPage()
  await employee.goto(`${server.url}/statement#${link}`)
  await expect(employee.getByTestId('statement-link-download')).toBeVisible()
  await expect(employee.locator('h1')).toHaveText(`Reward statement for ${person.name}`)
  if (SHOTS) {
    await page.screenshot({ path: path.join(SHOTS, 'statements-sent.png'), fullPage: true })
    await employee.screenshot({ path: path.join(SHOTS, 'statement-link.png') })
  }

  await row.getByTestId('statements-row-link').click()
  await expect(
    page.getByTestId('toast').filter({ hasText: `Revoked the statement link of ${person.name}` }),
  ).toBeVisible()
  await expect(row.getByTestId('statements-row-status')).toContainText('link revoked')
  await expect(row.getByTestId('statements-row-link')).toHaveText('Restore link')
  // The employee opens the mailed link again.
  const again = await browser.newPage()
  await again.goto(`${server.url}/statement#${link}`)
  await expect(again.getByTestId('statement-link-message')).toHaveText(
    'This statement link was revoked. Ask your HR team for a new one.',
  )
  await expect(again.getByTestId('statement-link-download')).toBeHidden()
  if (SHOTS) await again.screenshot({ path: path.join(SHOTS, 'statement-link-revoked.png') })

  // A PDF attached afterwards leaves the earlier link as it was, still offered to restore.
  await row.getByTestId('statements-row-send').click()
  await page.getByTestId('send-scope-employee').check()
  await page.getByTestId('send-method-attachment').check()
  await page.getByTestId('send-start').click()
  await page.getByTestId('unsubmitted-go-on').click()
  await expect(page.getByTestId('send-summary')).toHaveText('1 sent, 0 not sent, of 1')
  await page.getByTestId('send-close').click()
  await expect(row.getByTestId('statements-row-status')).toContainText(
    'e-mailed (PDF attached, cannot be recalled) · earlier link revoked',
  )
  await expect(row.getByTestId('statements-row-link')).toHaveText('Restore link')
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'statements-attachment-after-link.png') })

  // The owner's own desktop (another replica) shows what was sent, and restores the link itself.
  const ownerApp = await startApp([])
  try {
    const desk = await browser.newPage()
    await desk.goto(ownerApp.url)
    const ownerPanel = desk.getByTestId('server-panel')
    await ownerPanel.getByTestId('server-address').fill(server.url)
    await ownerPanel.getByTestId('server-email').fill(OWNER.email)
    await ownerPanel.getByTestId('server-password').fill(OWNER.password)
    await ownerPanel.getByTestId('server-submit').click()
    await desk.getByTestId('server-join-path').fill('owner.paycycle')
    await desk.getByTestId('server-join').click()
    await expect(desk.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await desk
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Reward Statements' })
      .click()
    await desk.getByTestId('statements-tab-statements').click()
    await desk.getByTestId('statements-team').selectOption(String(team.id))
    const ownerRow = desk.locator(
      `[data-testid="statements-row"][data-employee-id="${person.companyEmployeeId}"]`,
    )
    await expect(ownerRow.getByTestId('statements-row-status')).toContainText(
      'e-mailed (PDF attached, cannot be recalled) · earlier link revoked (3 statements)',
    )
    if (SHOTS) await desk.screenshot({ path: path.join(SHOTS, 'statements-other-desktop.png') })
    await ownerRow.getByTestId('statements-row-link').click()
    await expect(ownerRow.getByTestId('statements-row-status')).toContainText('earlier link still open')
    const reopened = await browser.newPage()
    await reopened.goto(`${server.url}/statement#${link}`)
    await expect(reopened.getByTestId('statement-link-download')).toBeVisible()
  } finally {
    await ownerApp.stop()
  }
})
