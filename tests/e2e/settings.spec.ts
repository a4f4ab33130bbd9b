import { expect, test } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'

test.describe('Settings names where sign-in tokens are kept', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    // No D-Bus session: no keychain answers, as on a server or a bare machine.
    delete process.env.DBUS_SESSION_BUS_ADDRESS
    delete process.env.DISPLAY
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('without a keychain: in memory for this run, and how to keep them', async ({ page }) => {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.getByTestId('user-settings-button').click()
    const note = page.getByTestId('secret-store')
    await expect(note).toHaveAttribute('data-kind', 'memory')
    await expect(note).toContainText(
      'Sign-in tokens are kept in memory for this run only: you will sign in again next time you start Meritbook.',
    )
    await expect(note).toContainText('To stay signed in, your computer needs a keyring')
    await expect(note).toContainText('keytar: no keychain answered')
    await page.screenshot({ path: test.info().outputPath('settings.png') })
  })
})
