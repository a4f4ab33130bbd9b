import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell } from './support/grid'
import {
  publishDemoCompany,
  setPassword,
  startCompanyServer,
  type RunningCompanyServer,
} from './support/company-server'

/**
 * Issue 16: two browser-mode desktops, a planner's and an admin's, each on its own replica of one
 * company, kept in step through the company server while both are open.
 */

const OWNER = {
  company: 'Twin Desks Co',
  email: 'owner@twin-desks.test',
  name: 'Olga Owner',
  password: 'owner passphrase',
}
const PLANNER_PASSWORD = 'planner passphrase'
// The company the CLI publishes: `new --demo 60 --seed 2`.
const demo = generateDemoCompany({ employees: 60, seed: 2 })
const manager = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)!
const managerTeam = demo.teams.find((t) => t.managerId === manager.employeeId)!

let companyServer: RunningCompanyServer
let dir: string
let adminApp: RunningApp
let plannerApp: RunningApp

const grid = compensationTable
const cell = (page: Page, id: string, column: string) => gridCell(grid(page), id, column)

async function join(page: Page, app: RunningApp, email: string, password: string, file: string) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
  const panel = page.getByTestId('server-panel')
  await panel.getByTestId('server-address').fill(companyServer.url)
  await panel.getByTestId('server-email').fill(email)
  await panel.getByTestId('server-password').fill(password)
  await panel.getByTestId('server-submit').click()
  await expect(page.getByTestId('server-signed-in')).toBeVisible()
  await page.getByTestId('server-join-path').fill(file)
  await page.getByTestId('server-join').click()
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.goto(`${app.origin}/employeetable`)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')
}

test.beforeAll(async () => {
  companyServer = await startCompanyServer(OWNER)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-e2e-sync-'))
  await publishDemoCompany(companyServer, OWNER, 60, dir)
  await setPassword(companyServer.db, manager.email, PLANNER_PASSWORD)
  adminApp = await startApp([])
  plannerApp = await startApp([])
})
test.afterAll(async () => {
  await adminApp?.stop()
  await plannerApp?.stop()
  await companyServer?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

test("a planner's edit appears on the admin's desktop; the admin's send-back unlocks the planner's rows live", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const admin = await browser.newPage()
  const planner = await browser.newPage()
  await join(admin, adminApp, OWNER.email, OWNER.password, 'admin.paycycle')
  await join(planner, plannerApp, manager.email, PLANNER_PASSWORD, 'planner.paycycle')

  // The planner types a lump sum; the admin, searching for that employee, sees it arrive.
  const first = grid(planner).locator('.ag-row[row-id]').first()
  const id = (await first.getAttribute('row-id'))!
  const name = (await cell(planner, id, 'employeeName').innerText()).trim()
  await admin.getByTestId('table-search').fill(name)
  await expect(cell(admin, id, 'employeeName')).toContainText(name)
  await expect(admin.getByTestId('compensation-table-count')).toHaveText('1 employee')
  await cell(planner, id, 'lumpSum').click()
  await planner.keyboard.type('1234')
  await planner.keyboard.press('Enter')
  await expect(cell(planner, id, 'lumpSum')).toContainText('1,234')
  await expect(cell(admin, id, 'lumpSum')).toContainText('1,234', { timeout: 20_000 })
  await expect(planner.getByTestId('sync-status')).toHaveText('Synced')
  await admin.screenshot({ path: path.join(dir, 'admin.png') })
  if (process.env.SYNC_SHOTS) fs.copyFileSync(path.join(dir, 'admin.png'), process.env.SYNC_SHOTS)

  // The network goes: the planner keeps typing, the status counts what waits; back online, it drains.
  companyServer.setOffline(true)
  await cell(planner, id, 'lumpSum').click()
  await planner.keyboard.type('777')
  await planner.keyboard.press('Enter')
  await expect(cell(planner, id, 'lumpSum')).toContainText('777.00')
  await expect(planner.getByTestId('sync-status')).toHaveText('Offline — 1 change waiting', {
    timeout: 20_000,
  })
  companyServer.setOffline(false)
  await expect(planner.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await expect(cell(admin, id, 'lumpSum')).toContainText('777.00', { timeout: 45_000 })

  // The planner submits: the admin's Planner Status shows it; the admin sends it back.
  await planner.getByTestId('submit-plan').click()
  await planner.getByTestId('dialog').getByTestId('submit-plan-comments').fill('Ready for HR')
  await planner.getByTestId('dialog').getByTestId('submit-plan-confirm').click()
  await expect(planner.getByTestId('plan-submitted')).toHaveText('Submitted')
  await admin.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Planner Status' }).click()
  const card = admin.locator(`[data-testid="status-card"][data-team-id="${managerTeam.id}"]`)
  // Planner Status follows without a reload.
  await expect(card).toHaveAttribute('data-submitted', 'true', { timeout: 20_000 })
  await card.getByTestId('edit-submission').click()
  await admin.getByTestId('send-back').click()
  await expect(card).toHaveAttribute('data-submitted', 'false')
  // On the planner's desktop, without a reload, the plan is open again.
  await expect(planner.getByTestId('submit-plan')).toBeVisible({ timeout: 20_000 })

  // The server's cycle leaves lump sums out (this desktop has not heard): the planner's next lump
  // sum is refused and put back, and undo does not send the refused value again.
  const cycle = await companyServer.db
    .selectFrom('pay_cycle')
    .select(['id', 'settings'])
    .where('active', '=', true)
    .executeTakeFirstOrThrow()
  const settings = cycle.settings as Record<string, unknown>
  await companyServer.db
    .updateTable('pay_cycle')
    .set({ settings: JSON.stringify({ ...settings, includeLumpSum: false }) })
    .where('id', '=', cycle.id)
    .execute()
  await cell(planner, id, 'lumpSum').click()
  await planner.keyboard.type('555')
  await planner.keyboard.press('Enter')
  await expect(
    planner.getByTestId('toast').filter({
      hasText: `The server refused your change to ${name}: Lump sums are not part of this pay cycle. It was put back.`,
    }),
  ).toBeVisible({ timeout: 20_000 })
  await expect(cell(planner, id, 'lumpSum')).toContainText('777.00')
  await cell(planner, id, 'employeeName').click()
  await planner.keyboard.press('Control+z')
  await expect(planner.getByTestId('toast').filter({ hasText: 'Nothing to undo.' })).toBeVisible()
  await expect(cell(planner, id, 'lumpSum')).toContainText('777.00')
  await expect(planner.getByTestId('sync-status')).toHaveText('Synced')
  await planner.screenshot({ path: path.join(dir, 'planner-refused.png') })
  if (process.env.SYNC_REFUSED_SHOT)
    fs.copyFileSync(path.join(dir, 'planner-refused.png'), process.env.SYNC_REFUSED_SHOT)
})
