import { expect, test, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { csvField } from '../../src-shared/domain/csv-format'
import { formatMoney } from '../../src-shared/domain/money'
import { generateDemoCompany, importCsvText, type DemoEmployee } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

/**
 * Re-importing the demo company's own file after its pay and people changed (issue 10): the review
 * says what will happen, and the plans of employees whose pay or person changed are rebased, kept or
 * cleared as the user chooses, each change explained in the employee's history.
 */

// The company `--demo` opens (500 employees, seed 1), as its import file.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const planned = demo.employees.filter(
  (e) => e.reward.newSalary !== null && e.salaried && e.payCurrency === 'USD' && e.managerId !== null,
)
// Two get a 10% raise in the file; the Employee Id of the third now names someone else.
const [raised, alsoRaised, reused] = planned
const raise = (e: DemoEmployee) => Math.round(e.currentSalary * 1.1)
const OTHER_NAME = 'Quentin Newcomer'

function changedCsv(dir: string): string {
  const rows = parse(importCsvText(demo)) as string[][]
  const header = rows[0]
  const at = (name: string) => header.indexOf(name)
  for (const row of rows.slice(1)) {
    const id = row[at('Employee Id')]
    if (id === raised.companyEmployeeId || id === alsoRaised.companyEmployeeId) {
      const employee = id === raised.companyEmployeeId ? raised : alsoRaised
      row[at('Current Base Pay (Country Currency)')] = String(raise(employee) / 100)
    }
    if (id === reused.companyEmployeeId) row[at('Name')] = OTHER_NAME
  }
  // A new employee under the first raised one's manager.
  const extra = [...rows[1]]
  extra[at('Employee Id')] = 'NEW-1'
  extra[at('Name')] = 'Nadia New'
  extra[at('Email')] = 'nadia.new@example.com'
  extra[at('Manager Employee Id')] = rows[1][at('Employee Id')]
  rows.push(extra)
  const file = path.join(dir, 'demo-again.csv')
  fs.writeFileSync(file, rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n')
  return file
}

async function openManageData(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Manage Data' }).click()
}

/** The New Salary the Compensation Table shows for an employee, found by name. */
async function newSalaryShown(page: Page, name: string): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Compensation Table', exact: true })
    .click()
  await page.getByTestId('table-search').fill(name)
  await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
  const table = page.getByTestId('compensation-table')
  await expect(table.locator('.ag-cell[col-id="employeeName"]').first()).toContainText(name)
  return (await table.locator('.ag-cell[col-id="newSalary"]').first().innerText()).trim()
}

const usd = (cents: number) => formatMoney(cents, 'USD')

test.describe('Manage Data: re-importing over planned work', () => {
  let dir: string
  let file: string
  test.beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-reimport-e2e-'))
    file = changedCsv(dir)
  })
  test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(async () => app.stop())

  async function review(page: Page) {
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(file)
    await expect(page.getByTestId('import-summary')).toContainText('501 rows')
    const changes = page.getByTestId('import-changes')
    await expect(changes.getByTestId('import-count-created')).toHaveText('1 new')
    await expect(changes.getByTestId('import-count-updated')).toHaveText('3 updated')
    await expect(changes.getByTestId('import-count-unchanged')).toHaveText('497 unchanged')
    await expect(changes.getByTestId('import-count-plans')).toHaveText('3 plans affected')
    return changes
  }

  test('keep-percent, the default: the review says what changes; plans keep their raise on the new pay', async ({
    page,
  }) => {
    const changes = await review(page)
    const plans = changes.getByTestId('import-plans')
    await expect(plans.getByTestId('import-plan-mode-keep-percent')).toBeChecked()
    await expect(plans.getByTestId('import-plan-row')).toHaveCount(3)

    const first = plans.locator(
      `[data-testid="import-plan-row"][data-employee-id="${raised.companyEmployeeId}"]`,
    )
    await expect(first).toContainText(`Current pay: ${usd(raised.currentSalary)} → ${usd(raise(raised))}`)
    const rebased = Math.round(((raised.reward.newSalary as number) * raise(raised)) / raised.currentSalary)
    await expect(first.getByTestId('import-plan-after')).toContainText(usd(rebased))

    const other = plans.locator(
      `[data-testid="import-plan-row"][data-employee-id="${reused.companyEmployeeId}"]`,
    )
    await expect(other.getByTestId('import-different-person')).toHaveText(
      `⚠ Probably a different person: this Employee Id was ${reused.name}`,
    )
    await expect(other).toContainText(`Name: ${reused.name} → ${OTHER_NAME} (probably a different person)`)

    // The updated employees and the fields that change.
    await changes.getByTestId('import-updated').locator('summary').click()
    const updated = changes.getByTestId('import-updated-row')
    await expect(updated).toHaveCount(3)
    await expect(
      changes.locator(`[data-testid="import-updated-row"][data-employee-id="${reused.companyEmployeeId}"]`),
    ).toContainText(`Name: ${reused.name} → ${OTHER_NAME}`)
    await page.screenshot({ path: path.join(dir, 'review.png'), fullPage: true })
    if (process.env.REIMPORT_SHOTS) fs.copyFileSync(path.join(dir, 'review.png'), process.env.REIMPORT_SHOTS)

    await page.getByTestId('import-commit').click()
    await expect(page.getByTestId('import-done')).toContainText(
      '1 new, 3 updated, 497 unchanged. 3 affected plans: keep the planned increase percent',
    )
    expect(await newSalaryShown(page, raised.name)).toBe(usd(rebased))

    // The history says why the plan moved.
    const table = page.getByTestId('compensation-table')
    await table.getByTestId('row-history').first().click()
    const history = page.getByTestId('history-panel')
    const entry = history.getByTestId('history-entry').first()
    await expect(entry).toContainText('· import')
    await expect(entry).toContainText(
      `New salary: ${usd(raised.reward.newSalary as number)} → ${usd(rebased)}`,
    )
  })

  test('keep-salary keeps the planned new salary', async ({ page }) => {
    const changes = await review(page)
    await changes.getByTestId('import-plan-mode-keep-salary').check()
    await expect(changes.getByTestId('import-plan-mode-keep-salary')).toBeChecked()
    const first = changes.locator(
      `[data-testid="import-plan-row"][data-employee-id="${raised.companyEmployeeId}"]`,
    )
    await expect(first.getByTestId('import-plan-after')).toContainText(usd(raised.reward.newSalary as number))
    await page.getByTestId('import-commit').click()
    await expect(page.getByTestId('import-done')).toContainText(
      '3 affected plans: keep the planned new salary',
    )
    expect(await newSalaryShown(page, raised.name)).toBe(usd(raised.reward.newSalary as number))
  })

  test('clear for one employee (the different person) while the rest keep their percent', async ({
    page,
  }) => {
    const changes = await review(page)
    const other = changes.locator(
      `[data-testid="import-plan-row"][data-employee-id="${reused.companyEmployeeId}"]`,
    )
    await other.getByTestId('import-plan-choice').selectOption('clear')
    await expect(other.getByTestId('import-plan-after')).toContainText('No plan')
    await expect(changes.getByTestId('import-plans')).toContainText('1 chosen per employee below')
    await page.getByTestId('import-commit').click()
    await expect(page.getByTestId('import-done')).toBeVisible()
    expect(await newSalaryShown(page, OTHER_NAME)).toBe('')
    const rebased = Math.round(
      ((alsoRaised.reward.newSalary as number) * raise(alsoRaised)) / alsoRaised.currentSalary,
    )
    expect(await newSalaryShown(page, alsoRaised.name)).toBe(usd(rebased))
  })

  test('clear for all clears every affected plan', async ({ page }) => {
    const changes = await review(page)
    await changes.getByTestId('import-plan-mode-clear').check()
    await expect(changes.getByTestId('import-plan-after').first()).toContainText('No plan')
    await page.getByTestId('import-commit').click()
    await expect(page.getByTestId('import-done')).toContainText('3 affected plans: clear the plan')
    expect(await newSalaryShown(page, raised.name)).toBe('')
    expect(await newSalaryShown(page, alsoRaised.name)).toBe('')
  })
})
