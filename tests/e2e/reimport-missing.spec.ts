import { expect, test } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { csvField } from '../../src-shared/domain/csv-format'
import { generateDemoCompany, importCsvText } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// Issue 39: re-importing a file that leaves out two planned employees lists them and asks what to do;
// 'End their rewards' clears their planned raise at commit.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const managers = new Set(demo.employees.map((e) => e.managerId))
const [gone, alsoGone] = demo.employees.filter(
  (e) => e.reward.newSalary !== null && e.managerId !== null && !managers.has(e.id),
)

function partialCsv(dir: string): string {
  const rows = parse(importCsvText(demo)) as string[][]
  const id = rows[0].indexOf('Employee Id')
  const left = new Set([gone.companyEmployeeId, alsoGone.companyEmployeeId])
  const kept = rows.filter((row, index) => index === 0 || !left.has(row[id]))
  const file = path.join(dir, 'demo-partial.csv')
  fs.writeFileSync(file, kept.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n')
  return file
}

test.describe('Manage Data: employees missing from a re-imported file', () => {
  let dir: string
  let app: RunningApp
  test.beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-missing-e2e-'))
    app = await startApp(['--demo'])
  })
  test.afterEach(async () => {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('lists them with the question; "End their rewards" clears their planned raise', async ({ page }) => {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Manage Data' }).click()
    await page.getByTestId('import-file-input').setInputFiles(partialCsv(dir))
    await expect(page.getByTestId('import-summary')).toContainText('498 rows')
    const missing = page.getByTestId('import-missing')
    await expect(missing.locator('summary')).toHaveText(
      '2 employees in the workbook are not in this file. What should happen to them?',
    )
    await expect(missing.getByTestId('import-missing-list')).toContainText(gone.name)
    await expect(missing.getByTestId('import-missing-list')).toContainText(alsoGone.name)
    await expect(missing.getByTestId('import-missing-keep')).toBeChecked()
    await missing.getByTestId('import-missing-endRewards').check()
    await page.screenshot({ path: 'test-results/reimport-missing.png', fullPage: true })
    await page.getByTestId('import-commit').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Ended the rewards of 2 employees' }),
    ).toBeVisible()

    const salaries = await page.evaluate(
      async (ids: number[]) => {
        const body = { offset: 0, limit: 500, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
        const response = await fetch('/api/invoke/table.query', {
          method: 'POST',
          body: JSON.stringify(body),
        })
        const rows = (
          (await response.json()) as { value: { rows: { id: number; newSalary: number | null }[] } }
        ).value.rows
        return ids.map((id) => rows.find((r) => r.id === id)?.newSalary)
      },
      [gone.id, alsoGone.id],
    )
    expect(salaries).toEqual([null, null])
  })
})
