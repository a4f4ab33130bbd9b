import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { expectToastShown, recordToasts } from './support/toasts'
import { publishDemoCompany, startCompanyServer, type RunningCompanyServer } from './support/company-server'

/**
 * Issue 16: an admin's desktop, open on the org chart, follows teams made and removed on the company
 * server without a reload; a change the server refuses is put back and leaves no undo step that
 * could send it again; saves of a pay cycle configuration removed on the server meanwhile are
 * dropped, told once.
 */

const OWNER = {
  company: 'Org Desks Co',
  email: 'owner@org-desks.test',
  name: 'Oscar Owner',
  password: 'owner passphrase',
}
// The company the CLI publishes: `new --demo 60 --seed 2`.
const demo = generateDemoCompany({ employees: 60, seed: 2 })
const top = demo.teams.find((t) => t.parentTeamId === null)!
const managers = new Set(demo.teams.map((t) => t.managerId))
const mover = demo.employees.find(
  (e) => e.teamId === top.id && !managers.has(e.id) && !demo.users.some((u) => u.employeeId === e.id),
)!

let companyServer: RunningCompanyServer
let dir: string
let app: RunningApp

async function asOwner(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const login = await companyServer.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: OWNER.email, password: OWNER.password },
  })
  const token = login.json<{ access: string }>().access
  const answer = await companyServer.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<{ id: number } & Record<string, unknown>>()
}

let joined = false
/** Joins the company once; a later test opens the replica already joined. */
async function join(page: Page) {
  if (joined) {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    return
  }
  joined = true
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
  const panel = page.getByTestId('server-panel')
  await panel.getByTestId('server-address').fill(companyServer.url)
  await panel.getByTestId('server-email').fill(OWNER.email)
  await panel.getByTestId('server-password').fill(OWNER.password)
  await panel.getByTestId('server-submit').click()
  // The server's password hash (argon2) is slow on purpose, and slower on a loaded machine.
  await expect(page.getByTestId('server-signed-in')).toBeVisible({ timeout: 45_000 })
  await page.getByTestId('server-join-path').fill('admin.paycycle')
  await page.getByTestId('server-join').click()
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
}

test.beforeAll(async () => {
  // Publishing through the CLI takes a while on a busy machine.
  test.setTimeout(180_000)
  companyServer = await startCompanyServer(OWNER)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-e2e-sync-org-'))
  await publishDemoCompany(companyServer, OWNER, 60, dir)
  app = await startApp([])
})
test.afterAll(async () => {
  await app?.stop()
  await companyServer?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('a team made on the server appears in the open org chart with its member; removed there, it goes', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await join(page)
  await page.goto(`${app.origin}/paycycleplan?tab=orgchart`)
  await page.getByRole('button', { name: top.name, exact: true }).click()
  const chart = page.getByTestId('org-chart')
  await expect(chart).toContainText(`› ${top.name}`)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')
  const card = page.locator(`[data-testid="org-card"][data-employee-id="${mover.id}"]`)
  await expect(card).toBeVisible()

  const made = await asOwner('POST', '/api/teams/', {
    name: 'Launch Team',
    parent_team_id: top.id,
    members: [mover.id],
  })
  // Without a reload: the new sub-team shows, and its member has left the team shown.
  await expect(chart).toContainText('Launch Team', { timeout: 20_000 })
  await expect(card).toHaveCount(0)
  await page.screenshot({ path: path.join(dir, 'org-made.png') })
  if (process.env.SYNC_SHOTS) fs.copyFileSync(path.join(dir, 'org-made.png'), process.env.SYNC_SHOTS)

  await asOwner('DELETE', `/api/teams/${made.id}/`)
  await expect(chart).not.toContainText('Launch Team', { timeout: 20_000 })
  await expect(card).toBeVisible()
})

const setOwnerRole = (role: string) =>
  companyServer.db.updateTable('app_user').set({ role }).where('email', '=', OWNER.email).execute()

test('a drop, a matrix save and a team budget the server refused leave nothing to undo or redo', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await join(page)
  await page.goto(`${app.origin}/paycycleplan?tab=orgchart`)
  await page.getByRole('button', { name: top.name, exact: true }).click()
  const chart = page.getByTestId('org-chart')
  await expect(chart).toContainText(`› ${top.name}`)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')
  await recordToasts(page)
  const card = page.locator(`[data-testid="org-card"][data-employee-id="${mover.id}"]`)
  const other = demo.teams.find((t) => t.id !== top.id && t.parentTeamId === top.id)!
  // The server takes the owner's role away for the while: it refuses what the desktop sends.
  await setOwnerRole('PLANNER')
  try {
    await card.getByTestId('org-move').click()
    await page.getByTestId('move-find').fill(other.name)
    await page.getByTestId('move-into').first().click()
    await expectToastShown(page, `Moved ${mover.name} to ${other.name}`)
    await expectToastShown(
      page,
      'The server refused your change to the org chart: Your role (PLANNER) may not change teams. It was put back.',
    )
    await expect(card).toBeVisible()
    await expect(page.getByTestId('org-undo')).toBeDisabled()
    await expect(page.getByTestId('org-redo')).toBeDisabled()
    await page.screenshot({ path: path.join(dir, 'org-refused.png') })
    if (process.env.SYNC_SHOTS)
      fs.copyFileSync(path.join(dir, 'org-refused.png'), `${process.env.SYNC_SHOTS}-org.png`)

    await page.getByRole('tab', { name: 'Matrix' }).click()
    await expect(page.getByTestId('matrix-heat-map')).toBeVisible()
    await page.getByTestId('matrix-save').click()
    await expectToastShown(
      page,
      'The server refused your change to the HyperBalance matrix: Your role (PLANNER) may not save the matrix. It was put back.',
    )
    await expect(page.getByTestId('matrix-undo')).toBeDisabled()
    await page.screenshot({ path: path.join(dir, 'matrix-refused.png') })
    if (process.env.SYNC_SHOTS)
      fs.copyFileSync(path.join(dir, 'matrix-refused.png'), `${process.env.SYNC_SHOTS}-matrix.png`)

    await page.getByRole('tab', { name: 'Budgets' }).click()
    const budget = page.getByLabel(`Budget for ${top.name}`, { exact: true })
    await budget.fill('1,000')
    await budget.press('Enter')
    await expectToastShown(page, `Saved Budget for ${top.name}`)
    await expectToastShown(
      page,
      `The server refused your change to ${top.name}'s budget: Your role (PLANNER) may not change teams. It was put back.`,
    )
    await expect(page.getByTestId('budget-undo')).toBeDisabled()
    await expect(page.getByTestId('budget-redo')).toBeDisabled()
  } finally {
    await setOwnerRole('OWNER')
  }
})

test('saves of a pay cycle configuration removed on the server while offline are dropped, and the user told once', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await join(page)
  const [first] = (await asOwner('GET', '/api/paycycle/config/')) as unknown as Record<string, unknown>[]
  const body = {
    effective_date: `${new Date().getUTCFullYear() + 1}-03-01`,
    default_currency: first.default_currency,
    currency_conversions: first.currency_conversions,
    settings: first.settings,
  }
  const doomed = await asOwner('POST', '/api/paycycle/config/', { ...body, name: 'FY Doomed' })
  await asOwner('POST', '/api/paycycle/config/', { ...body, name: 'FY After Doomed' })
  await page.goto(`${app.origin}/paycycleplan?tab=config`)
  const item = page.locator(`[data-testid="pay-cycle-item"][data-id="${doomed.id}"]`)
  await expect(item).toHaveAttribute('data-status', 'closed', { timeout: 20_000 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')
  await recordToasts(page)

  companyServer.setOffline(true)
  await item.click()
  await expect(page.getByTestId('pce-title')).toHaveText('FY Doomed')
  await page.getByTestId('pce-name').fill('FY Doomed (edited)')
  await page.getByTestId('pce-save').click()
  await expectToastShown(page, 'Successfully saved FY Doomed (edited)')
  await page.getByTestId('pce-name').fill('FY Doomed (edited twice)')
  await page.getByTestId('pce-save').click()
  await expectToastShown(page, 'Successfully saved FY Doomed (edited twice)')
  await expect(page.getByTestId('sync-status')).toHaveText(/^(Offline|Syncing) — 2 changes waiting/, {
    timeout: 20_000,
  })
  // Meanwhile another admin removes it on the server.
  await asOwner('DELETE', `/api/paycycle/config/${doomed.id}/`)
  companyServer.setOffline(false)

  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 60_000 })
  await expect(item).toHaveCount(0, { timeout: 20_000 })
  const dropped = () =>
    page.evaluate(() =>
      (window.__toastsSeen ?? []).filter((t) =>
        t.includes('your changes to it that were waiting were dropped.'),
      ),
    )
  // Pulled first or pushed first, one notice in plain words, and no refusal of each save.
  await expect.poll(dropped, { timeout: 20_000 }).toHaveLength(1)
  expect((await dropped())[0]).toMatch(
    /(Oscar Owner deleted the pay cycle configuration FY Doomed \(edited twice\) on the server|The pay cycle configuration FY Doomed \(edited twice\) was deleted on the server); your changes to it that were waiting were dropped\./,
  )
  await page.screenshot({ path: path.join(dir, 'cycle-removed.png') })
  if (process.env.SYNC_SHOTS)
    fs.copyFileSync(path.join(dir, 'cycle-removed.png'), `${process.env.SYNC_SHOTS}-cycle.png`)
  expect(
    await page.evaluate(() =>
      (window.__toastsSeen ?? []).filter((t) => t.includes('The server refused your change')),
    ),
  ).toEqual([])
})
