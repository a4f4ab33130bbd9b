import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'

test.describe('the welcome screen', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp([])
  })
  test.afterEach(() => app.stop())

  test('opens the demo company and returns to the page asked for in onlogin', async ({ page }) => {
    await page.goto(app.url)
    await page.goto(`${app.origin}/plannerstatus`)
    // No workbook yet: the guard sends us to the root with onlogin set to where we were going.
    await expect(page).toHaveURL(`${app.origin}/?onlogin=%2Fplannerstatus`)
    await page.getByRole('button', { name: 'Open the demo company' }).click()
    await expect(page).toHaveURL(`${app.origin}/plannerstatus`)
    await expect(page.getByRole('heading', { name: 'Planner Status', level: 1 })).toBeVisible()
  })

  test('creates a new workbook owned by its creator, then lists it under recent files', async ({ page }) => {
    const file = path.join(app.dataDir, 'acme.paycycle')
    await page.goto(app.url)
    await page.getByRole('button', { name: 'New workbook' }).click()
    await page.getByLabel('File path').fill(file)
    await page.getByLabel('Company name').fill('Acme Corp')
    await page.getByLabel('Your name').fill('Ada Owner')
    await page.getByLabel('Your email').fill('ada@acme.test')
    await page.getByRole('button', { name: 'Create workbook' }).click()
    await expect(page).toHaveURL(/\/employeetable$/)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    expect(fs.existsSync(file)).toBe(true)

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(`${app.origin}/`)
    await expect(page.getByTestId('recent-file').filter({ hasText: 'acme.paycycle' })).toBeVisible()
  })

  test('a file that is not a workbook is refused with a clear message and left untouched', async ({
    page,
  }) => {
    const file = path.join(app.dataDir, 'notes.paycycle')
    fs.writeFileSync(file, 'not a workbook')
    await page.goto(app.url)
    await page.getByLabel('Path of a .paycycle file').fill(file)
    await page.getByRole('button', { name: 'Open', exact: true }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'is not a Meritbook pay-cycle workbook' }).first(),
    ).toBeVisible()
    expect(fs.readFileSync(file, 'utf8')).toBe('not a workbook')
    await expect(page).toHaveURL(`${app.origin}/`)
  })
})
