import { expect, test } from '@playwright/test'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const SIDEBAR_LABELS = [
  'Manage Data',
  'Plan Pay Cycle',
  'Compensation Table',
  'Users',
  'Planner Status',
  'Summary & Dashboard (HR)',
  'Reward Statements',
]

test.describe('browser mode on a fresh demo workbook, as its owner', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('lands on the Compensation Table with the sidebar and the employees', async ({ page }) => {
    await page.goto(app.url)
    await expect(page).toHaveURL(/\/employeetable$/)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await expect(page.getByText('Data loaded successfully!')).toBeVisible()

    const nav = page.getByRole('navigation', { name: 'Pages' })
    for (const label of SIDEBAR_LABELS)
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
    // OWNER reaches every page except plannerdashboard (spec §6).
    await expect(nav.getByRole('link', { name: 'Summary & Dashboard', exact: true })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Compensation Table', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )

    const grid = page.getByTestId('compensation-table')
    const ceo = demo.employees[0]
    await expect(grid.getByRole('gridcell', { name: ceo.name, exact: true }).first()).toBeVisible()
    // 25 rows per page (spec §9).
    const pagination = page.getByTestId('pagination')
    await expect(pagination).toContainText('1–25 of 500')
    await pagination.getByRole('button', { name: 'Page 2', exact: true }).click()
    await expect(pagination).toContainText('26–50 of 500')
    await expect(pagination.getByRole('button', { name: 'Page 20', exact: true })).toBeVisible()
  })

  test('the Reward Statements link opens its page', async ({ page }) => {
    await page.goto(app.url)
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Reward Statements', exact: true })
      .click()
    await expect(page).toHaveURL(/\/reward-statement\/compstatements$/)
    await expect(page.getByRole('heading', { name: 'Reward Statements', level: 1 })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Reward Statements' }),
    ).toHaveAttribute('aria-current', 'page')
  })

  test('the API refuses requests without the per-run secret, or from a foreign origin', async ({
    page,
    request,
  }) => {
    const bare = await request.post(`${app.origin}/api/invoke/employees.list`, { data: {} })
    expect(bare.status()).toBe(401)

    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    const cookies = await page.context().cookies()
    const token = cookies.find((c) => c.name === 'meritbook_token')?.value ?? ''
    expect(token).not.toBe('')
    const foreign = await request.post(`${app.origin}/api/invoke/employees.list`, {
      data: {},
      headers: { 'x-meritbook-token': token, origin: 'http://evil.example' },
    })
    expect(foreign.status()).toBe(403)
    const own = await request.post(`${app.origin}/api/invoke/employees.list`, {
      data: {},
      headers: { 'x-meritbook-token': token },
    })
    const body = (await own.json()) as { ok: boolean; value: unknown[] }
    expect(body.ok).toBe(true)
    expect(body.value).toHaveLength(500)
  })
})

test.describe('roles are enforced', () => {
  test('a MANAGER is sent to the root from a page the role may not open', async ({ page }) => {
    const app = await startApp(['--demo', '--as', demo.sampleUsers.MANAGER])
    try {
      await page.goto(app.url)
      await page.goto(`${app.origin}/users`)
      await expect(page).toHaveURL(`${app.origin}/`)
      await expect(page.getByText('Your role cannot open Users.')).toBeVisible()
      const nav = page.getByRole('navigation', { name: 'Pages' })
      await page.goto(`${app.origin}/employeetable`)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      // MANAGER: plannerdashboard and employeetable only.
      await expect(nav.getByRole('link')).toHaveText(['Summary & Dashboard', 'Compensation Table'])
    } finally {
      await app.stop()
    }
  })

  test('the main process refuses a COMM_MANAGER who calls an admin channel directly', async ({ page }) => {
    const app = await startApp(['--demo', '--as', demo.sampleUsers.COMM_MANAGER])
    try {
      await page.goto(app.url)
      const result = await page.evaluate(async () => {
        const response = await fetch('/api/invoke/users.list', { method: 'POST', body: '{}' })
        return (await response.json()) as unknown
      })
      expect(result).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Your role (COMM_MANAGER) may not use users.list.' },
      })
    } finally {
      await app.stop()
    }
  })
})
