import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import fs from 'node:fs'
import type { TableRow } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell } from './support/grid'

// Issue 39, an analyst's first day: what typing lands on, searches, budget words and exports, as a
// user sees them in Chromium.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const ceo = demo.employees[0]
const ceoTeam = demo.teams.find((t) => t.managerId === ceo.id && t.parentTeamId === null)!

async function rows(page: Page, search = ''): Promise<TableRow[]> {
  return page.evaluate(async (search) => {
    const body = { offset: 0, limit: 25, sort: null, filters: {}, search, viewAsEmployeeId: null }
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return ((await response.json()) as { value: { rows: TableRow[] } }).value.rows
  }, search)
}

async function openTable(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toBeVisible()
}

test.describe("an analyst's first day", () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test('typing abc then Enter into a Lump Sum cell says why in place and changes nothing', async ({
    page,
  }) => {
    await openTable(page, app)
    const row = (await rows(page)).find((r) => r.editable && r.lumpSum === null) as TableRow
    const cell = gridCell(compensationTable(page), row.id, 'lumpSum')
    await cell.click()
    await page.keyboard.type('abc')
    await page.keyboard.press('Enter')
    const refusal = page.getByTestId('cell-refusal')
    await expect(refusal).toHaveText(
      '"abc" is not an amount. Type digits, such as 1,500, $2,000, 2.5k or 1.5m.',
    )
    await page.screenshot({ path: 'test-results/analyst-abc-refusal.png' })
    // A digit then clears the message; Escape leaves the cell as it was.
    await page.keyboard.type('5')
    await expect(refusal).toHaveCount(0)
    await page.keyboard.press('Escape')
    expect((await rows(page)).find((r) => r.id === row.id)?.lumpSum).toBeNull()
  })

  test('the search box finds Müller, Søren and Bartłomiej typed as "muller", "soren" and "bartlomiej"', async ({
    page,
  }) => {
    await openTable(page, app)
    const search = page.getByLabel('Search by name')
    for (const [typed, name] of [
      ['muller', 'Adaeze Müller'],
      ['soren', 'Søren Z Tanaka'],
      ['bartlomiej', 'Bartłomiej Yilmaz'],
    ] as const) {
      expect(demo.employees.some((e) => e.name === name)).toBe(true)
      await search.fill(typed)
      await expect(compensationTable(page)).toContainText(name)
    }
  })

  test('budget fields take $2,000,000 and 1.5m, refuse -5000 with a message, and explain Allocated', async ({
    page,
  }) => {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Plan Pay Cycle' })
      .click()
    await expect(page.getByTestId('budget-distribution')).toBeVisible()
    const input = page.getByLabel(`Budget for ${ceoTeam.name}`, { exact: true })
    await input.fill('-5000')
    await input.press('Enter')
    await expect(page.getByTestId(`budget-${ceoTeam.id}-problem`)).toHaveText(
      'Amounts cannot be negative: type the amount without a minus sign.',
    )
    await input.fill('$2,000,000')
    await input.press('Enter')
    await expect(page.getByTestId(`budget-${ceoTeam.id}-text`)).toHaveText('$2,000,000.00')
    await expect(page.getByTestId('company-allocated')).toHaveText('$2,000,000.00')
    await input.fill('1.5m')
    await input.press('Enter')
    await expect(page.getByTestId(`budget-${ceoTeam.id}-text`)).toHaveText('$1,500,000.00')
    await expect(page.locator('body')).not.toContainText('NaN')
    await page.getByTestId('budget-term-Allocated').focus()
    await expect(page.getByTestId('budget-term-hint-Allocated')).toContainText('handed to teams')
    await page.screenshot({ path: 'test-results/analyst-budgets.png' })
  })

  test('Export Excel downloads the table as shown: it opens with exceljs, typed, with a frozen header', async ({
    page,
  }) => {
    await openTable(page, app)
    const download = page.waitForEvent('download')
    await page.getByTestId('table-export-xlsx').click()
    const file = await download
    expect(file.suggestedFilename()).toBe('compensation-table.xlsx')
    const book = new ExcelJS.Workbook()
    const bytes = fs.readFileSync(await file.path())
    await book.xlsx.load(bytes as unknown as Parameters<typeof book.xlsx.load>[0])
    const sheet = book.getWorksheet('Compensation Table') as ExcelJS.Worksheet
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.getRow(1).getCell(1).value).toBe('Employee Name')
    expect(sheet.rowCount).toBe(501)
    const salaryColumn = (sheet.getRow(1).values as unknown[]).findIndex(
      (v) => typeof v === 'string' && v.startsWith('Current Salary'),
    )
    expect(typeof sheet.getRow(2).getCell(salaryColumn).value).toBe('number')
  })

  test('a send back with a reason reaches the planner as a notice on the Compensation Table, with the history', async ({
    page,
  }) => {
    // The demo's owner is its CEO, who plans the top team: they submit, then send their own plan back.
    await openTable(page, app)
    await page.getByTestId('submit-plan').click()
    const dialog = page.getByTestId('dialog')
    await dialog.getByTestId('submit-plan-comments').fill('First pass')
    await dialog.getByTestId('submit-plan-confirm').click()
    await expect(page.getByTestId('plan-submitted')).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Planner Status' })
      .click()
    const card = page.locator(`[data-testid="status-card"][data-team-id="${ceoTeam.id}"]`)
    await card.getByTestId('edit-submission').click()
    await page.getByTestId('send-back-reason').fill('Two raises are above the range maximum.')
    await page.getByTestId('send-back').click()
    await expect(card).toHaveAttribute('data-submitted', 'false')

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Compensation Table' })
      .click()
    const notice = page.getByTestId('sent-back-notice')
    await expect(notice).toContainText('Your plan was sent back for changes by')
    await expect(notice).toContainText(': Two raises are above the range maximum.')
    await notice.getByText('History').click()
    await expect(page.getByTestId('submission-history').locator('li')).toHaveCount(2)
    await expect(page.getByTestId('submission-history')).toContainText('Submitted by')
    await page.screenshot({ path: 'test-results/analyst-sent-back.png' })
  })
})
