import { expect, test, type Page } from '@playwright/test'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell, gridRow } from './support/grid'

const demo = generateDemoCompany({ employees: 500, seed: 1 })

/** A salaried USD employee whose range has a mid pay, and that range. */
const employee = demo.employees.find((e) => {
  const range = demo.payRanges[demo.jobProfiles[e.jobProfileId - 1].payRangeId - 1]
  return e.salaried && e.payCurrency === 'USD' && range.midPay > 0 && range.payCurrency === 'USD'
})
if (!employee) throw new Error('the demo has no salaried USD employee')
const range = demo.payRanges[demo.jobProfiles[employee.jobProfileId - 1].payRangeId - 1]

const grid = compensationTable
const cell = (page: Page, column: string) => gridCell(grid(page), employee.id, column)
const nav = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label, exact: true }).click()

async function compaRatio(page: Page): Promise<number> {
  await nav(page, 'Compensation Table')
  await page.getByTestId('table-search').fill(employee?.name ?? '')
  await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
  return Number((await cell(page, 'compaRatio').innerText()).replace(/[^0-9.]/g, ''))
}

async function editRange(page: Page, mid: string, max: string) {
  await nav(page, 'Manage Data')
  await page.getByTestId('pay-range-search').fill(range.name)
  const row = page.locator(`[data-testid="pay-range-row"][data-name="${range.name}"]`)
  await row.getByTestId('pay-range-edit').click()
  await row.getByTestId('pay-range-midPay').fill(mid)
  await row.getByTestId('pay-range-maxPay').fill(max)
  await row.getByTestId('pay-range-maxPay').press('Enter')
}

/** An employee who manages no team and has no user, to delete. */
const leaver = demo.employees.find(
  (e) =>
    e.id !== employee.id &&
    !demo.teams.some((t) => t.managerId === e.id) &&
    !demo.users.some((u) => u.employeeId === e.id),
)

for (const role of ['OWNER', 'ADMIN'] as const) {
  test.describe(`the company's records as ${role}`, () => {
    let app: RunningApp
    test.beforeAll(async () => {
      app = await startApp(role === 'OWNER' ? ['--demo'] : ['--demo', '--as', demo.sampleUsers.ADMIN])
    })
    test.afterAll(() => app.stop())

    test('editing a pay range moves compa ratios in the Compensation Table, and undo puts them back', async ({
      page,
    }) => {
      await page.goto(app.url)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      await page.getByTestId('edit-columns-toggle').click()
      await page.getByTestId('column-item-compaRatio').getByRole('checkbox').check()
      await page.getByTestId('edit-columns-toggle').click()
      const before = await compaRatio(page)
      expect(before).toBeGreaterThan(0)

      // A crossing range is refused with the rule, naming the range.
      await editRange(page, '1', '0.5')
      await expect(page.getByTestId('pay-range-error')).toContainText(
        `Pay range "${range.name}": Min Pay, Mid Pay and Max Pay must rise in that order`,
      )
      const row = page.locator(`[data-testid="pay-range-row"][data-name="${range.name}"]`)
      await row.getByTestId('pay-range-midPay').fill(((range.midPay * 2) / 100).toFixed(2))
      await row.getByTestId('pay-range-maxPay').fill(((range.maxPay * 2) / 100).toFixed(2))
      await row.getByTestId('pay-range-save').click()
      await expect(
        page.getByTestId('toast').filter({ hasText: `Saved pay range ${range.name}` }),
      ).toBeVisible()

      const after = await compaRatio(page)
      expect(after).toBeCloseTo(before / 2, 1)

      // Undo survives leaving Manage Data.
      await nav(page, 'Manage Data')
      await page.getByTestId('pay-range-undo').click()
      await expect(
        page.getByTestId('toast').filter({ hasText: `Undone: pay range ${range.name}` }),
      ).toBeVisible()
      expect(await compaRatio(page)).toBe(before)
    })

    test("an employee's record opens from the table, saves, and undoes", async ({ page }) => {
      await page.goto(app.url)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      await page.getByTestId('table-search').fill(employee?.name ?? '')
      await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
      await gridRow(grid(page), employee.id).getByTestId('row-record').click()
      const panel = page.getByTestId('employee-record')
      await expect(panel.getByTestId('record-jobTitle')).toHaveValue(employee?.jobTitle ?? '')
      await panel.getByTestId('record-email').fill('not an email')
      await panel.getByTestId('record-save').click()
      await expect(panel.getByTestId('employee-record-error')).toContainText('Email: Invalid email format')
      await panel.getByTestId('record-email').fill(employee?.email ?? '')
      await panel.getByTestId('record-jobTitle').fill('Principal Records Analyst')
      await panel.getByTestId('record-save').click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Saved Job Title of' })).toBeVisible()
      await expect(cell(page, 'jobTitle')).toHaveText('Principal Records Analyst')
      await panel.getByTestId('record-undo').click()
      await expect(cell(page, 'jobTitle')).toHaveText(employee?.jobTitle ?? '')
      await expect(panel.getByTestId('record-jobTitle')).toHaveValue(employee?.jobTitle ?? '')
    })

    test('deleting an employee asks first, keeps their history, and undo brings them back', async ({
      page,
    }) => {
      if (!leaver) throw new Error('the demo has no one to delete')
      await page.goto(app.url)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      await page.getByTestId('table-search').fill(leaver.name)
      await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
      await gridRow(grid(page), leaver.id).getByTestId('row-record').click()
      const panel = page.getByTestId('employee-record')
      await panel.getByTestId('record-delete').click()
      await page.getByTestId('dialog-cancel').click()
      await expect(panel.getByTestId('record-jobTitle')).toBeVisible()
      await panel.getByTestId('record-delete').click()
      await expect(page.getByTestId('dialog')).toContainText(
        'their reward history is kept in the change history',
      )
      await page.getByTestId('dialog-confirm').click()
      await expect(panel.getByTestId('employee-deleted')).toContainText(
        `Deleted ${leaver.name} (${leaver.companyEmployeeId}); their history is kept in the change history.`,
      )
      await expect(gridRow(grid(page), leaver.id)).toHaveCount(0)
      await panel.getByTestId('record-undo-delete').click()
      await expect(panel.getByTestId('record-jobTitle')).toHaveValue(leaver.jobTitle)
      await expect(gridRow(grid(page), leaver.id).first()).toBeVisible()
    })

    test("a job profile's labels and pay range are edited in place and undone", async ({ page }) => {
      const profile = demo.jobProfiles[(employee?.jobProfileId ?? 1) - 1]
      await page.goto(app.url)
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
      await nav(page, 'Manage Data')
      await page.getByTestId('job-profile-search').fill(profile.jobCode)
      const row = page.locator(`[data-testid="job-profile-row"][data-code="${profile.jobCode}"]`)
      await row.getByTestId('job-profile-edit').click()
      await row.getByTestId('job-profile-jobFamily').fill('Records Family')
      await row.getByTestId('job-profile-jobFamily').press('Enter')
      await expect(
        page.getByTestId('toast').filter({ hasText: `Saved job profile ${profile.jobCode}` }),
      ).toBeVisible()
      await expect(row).toContainText('Records Family')
      await page.getByTestId('job-profile-undo').click()
      await expect(row).toContainText(profile.jobFamily)
      await expect(row).not.toContainText('Records Family')
    })
  })
}
