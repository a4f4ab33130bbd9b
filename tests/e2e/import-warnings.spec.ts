import { expect, test, type Locator } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { startApp, type RunningApp } from './support/app'
import { gridCell } from './support/grid'

/**
 * Issue 36: a messy file's warnings on the review screen. A salaried pay below 10% of its range
 * minimum is imported, but the review lists it (row, id, message) and Import asks once.
 */

type Field = (typeof IMPORT_COLUMNS)[number]['field']
type Row = Partial<Record<Field, string>>

const row = (n: number, pay: string, salaried = 'true'): Row => ({
  employeeId: `WARN-${n}`,
  employeeName: `Warned Person ${n}`,
  currentBasePay: pay,
  payCurrency: 'USD',
  salaried,
  hireDate: '2021-03-15',
  jobCode: 'WARN-OPS',
  payRangeName: 'WARN-OPS-1',
  minPay: '60000',
  midPay: '75000',
  maxPay: '90000',
})

function csv(rows: Row[]): string {
  const lines = [IMPORT_COLUMNS.map((c) => c.header).join(',')]
  for (const r of rows) lines.push(IMPORT_COLUMNS.map((c) => r[c.field] ?? '').join(','))
  return lines.join('\r\n') + '\r\n'
}

async function editCell(grid: Locator, r: number, field: string, value: string) {
  const target = gridCell(grid, r, field)
  await target.click()
  await target.press('Enter')
  const editor = grid.locator('.ag-cell-inline-editing input')
  await expect(editor).toBeVisible()
  await editor.fill(value)
  await editor.press('Enter')
}

test.describe('Manage Data: import warnings', () => {
  let app: RunningApp
  let dir: string
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-import-warnings-'))
  })
  test.afterAll(async () => {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('a messy file: its error fixed in place, its warning listed, and Import asks once before importing it', async ({
    page,
  }) => {
    // Row 2 is in thousands (55 for 55,000); row 3's Salaried is no boolean (an error, fixed below).
    const file = path.join(dir, 'messy.csv')
    fs.writeFileSync(file, csv([row(1, '70000'), row(2, '55'), row(3, '72000', 'maybe'), row(4, '80000')]))
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Manage Data' }).click()
    await page.getByTestId('import-file-input').setInputFiles(file)
    const summary = page.getByTestId('import-summary')
    await expect(summary).toContainText('4 rows')
    await expect(summary).toContainText('1 error')

    const warnings = page.getByTestId('import-warnings')
    await expect(warnings).toContainText('1 warning')
    const listed = warnings.getByTestId('import-warning')
    await expect(listed).toHaveCount(1)
    await expect(listed).toContainText('Row 2')
    await expect(listed).toContainText('WARN-2')
    await expect(listed).toContainText(
      'Annual pay 55 is below 10% of the range minimum 60000: is it in thousands, or per hour?',
    )

    const grid = page.getByTestId('import-grid')
    await editCell(grid, 3, 'salaried', 'true')
    await expect(summary).toContainText('0 errors')

    const commit = page.getByTestId('import-commit')
    await expect(commit).toBeEnabled()
    await commit.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('1 warning — import anyway?')
    await page.getByTestId('dialog-cancel').click()
    await expect(page.getByTestId('import-done')).toHaveCount(0)
    await expect(warnings).toBeVisible()

    await commit.click()
    await expect(dialog).toContainText('1 warning — import anyway?')
    await page.getByTestId('dialog-confirm').click()
    await expect(page.getByTestId('import-done')).toBeVisible()
    await expect(page.getByTestId('dialog-confirm')).toHaveCount(0)
  })
})
