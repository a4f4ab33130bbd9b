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
    // Browser mode has no save dialog: the user names the file, Meritbook saves it in its files folder.
    const file = path.join(app.dataDir, 'files', 'acme.paycycle')
    await page.goto(app.url)
    await page.getByRole('button', { name: 'New workbook' }).click()
    await expect(page.getByTestId('new-workbook-form')).toContainText(
      `Saved in ${path.join(app.dataDir, 'files')}`,
    )
    await page.getByLabel('File name').fill('acme')
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

  test('a recent file that is no longer a workbook is refused and left untouched; a typed path is refused', async ({
    page,
  }) => {
    const file = path.join(app.dataDir, 'notes.paycycle')
    fs.writeFileSync(file, 'not a workbook')
    fs.writeFileSync(
      path.join(app.dataDir, 'recent-files.json'),
      JSON.stringify([{ path: file, openedAt: new Date().toISOString() }]),
    )
    await page.goto(app.url)
    await expect(page.getByTestId('welcome-open-note')).toContainText('npm start -- --workbook')
    await page.getByTestId('recent-file').filter({ hasText: 'notes.paycycle' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'is not a Meritbook pay-cycle workbook' }).first(),
    ).toBeVisible()
    expect(fs.readFileSync(file, 'utf8')).toBe('not a workbook')
    await expect(page).toHaveURL(`${app.origin}/`)

    // Nor can the page name a file itself: a typed path is refused on every file channel.
    const outside = path.join(app.dataDir, 'x', '..', 'outside.csv')
    const answers = await page.evaluate(
      async ({ outside }) => {
        const call = async (channel: string, input: unknown) =>
          (await fetch(`/api/invoke/${channel}`, { method: 'POST', body: JSON.stringify(input) })).json()
        return [
          await call('company.export', { path: outside }),
          await call('import.start', { path: '/etc/passwd' }),
          await call('workbook.open', { path: '/etc/passwd' }),
        ]
      },
      { outside },
    )
    expect(answers.map((a: { error: { message: string } }) => a.error.message)).toEqual([
      'company.export refused path: Meritbook takes files only as chosen in Meritbook (a file dialog, an upload or a recent file), never a typed path.',
      'import.start refused path: Meritbook takes files only as chosen in Meritbook (a file dialog, an upload or a recent file), never a typed path.',
      'workbook.open refused path: Meritbook takes files only as chosen in Meritbook (a file dialog, an upload or a recent file), never a typed path.',
    ])
    expect(fs.existsSync(path.join(app.dataDir, 'outside.csv'))).toBe(false)
  })
})
