import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'

// `npm start` (scripts/start.mjs) runs browser mode with --reopen where Electron is missing.
const NPM_START = ['--reopen']

async function loaded(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
}

test.describe('npm start', () => {
  let dataDir: string
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-start-'))
  })
  test.afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  test('a first start opens the demo company, says it is a demo, and the welcome screen is one click away', async ({
    page,
  }) => {
    const app = await startApp(NPM_START, dataDir)
    try {
      await loaded(page, app)
      await expect(page).toHaveURL(/\/employeetable$/)
      const notice = page.getByTestId('demo-notice')
      await expect(notice).toContainText('This is the demo company.')
      await expect(notice).toContainText('made up')

      await notice.getByRole('button', { name: 'New, open or recent workbook' }).click()
      await expect(page.getByTestId('welcome')).toBeVisible()
      await expect(page.getByRole('button', { name: 'New workbook' })).toBeVisible()
      await expect(page.getByTestId('welcome-open-note')).toContainText('Open a workbook from Recent files')
      await expect(page.getByTestId('recent-file').filter({ hasText: 'Demo Company.paycycle' })).toBeVisible()
    } finally {
      await app.stop()
    }
  })

  test('a later start reopens the last workbook, and only the demo says it is a demo', async ({ page }) => {
    const first = await startApp(NPM_START, dataDir)
    const file = path.join(dataDir, 'files', 'acme.paycycle')
    try {
      await loaded(page, first)
      await page.getByTestId('demo-leave').click()
      await page.getByRole('button', { name: 'New workbook' }).click()
      await page.getByLabel('File name').fill('acme')
      await page.getByLabel('Company name').fill('Acme Corp')
      await page.getByLabel('Your name').fill('Ada Owner')
      await page.getByLabel('Your email').fill('ada@acme.test')
      await page.getByRole('button', { name: 'Create workbook' }).click()
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      await expect(page.getByTestId('demo-notice')).toHaveCount(0)
    } finally {
      await first.stop()
    }

    const again = await startApp(NPM_START, dataDir)
    try {
      await loaded(page, again)
      await expect(page).toHaveURL(/\/employeetable$/)
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Acme Corp')
      await expect(page.getByTestId('demo-notice')).toHaveCount(0)
    } finally {
      await again.stop()
    }

    // The last workbook gone: the welcome screen, its recent files saying which.
    fs.rmSync(file)
    const third = await startApp(NPM_START, dataDir)
    try {
      await page.goto(third.url)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome')
      await expect(page.getByTestId('welcome')).toBeVisible()
    } finally {
      await third.stop()
    }
  })
})
