import { expect, test, type Locator, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { startApp, type RunningApp } from './support/app'
import { gridCell, gridRow } from './support/grid'

const CLI = path.resolve(__dirname, '../../out/main/cli.js')

type Field = (typeof IMPORT_COLUMNS)[number]['field']
type Row = Partial<Record<Field, string>>

const base = (n: number): Row => ({
  employeeId: `IMP-${String(n).padStart(3, '0')}`,
  employeeName: `Imported Person ${n}`,
  email: `person${n}@import.example`,
  managerEmployeeId: n === 1 ? '' : 'IMP-001',
  currentBasePay: String(80_000 + n * 1000),
  payCurrency: 'USD',
  salaried: 'true',
  hireDate: '2021-03-15',
  performanceRating: '3',
  promotion: 'no',
  jobCode: n % 2 === 0 ? 'IMP-ENG' : 'IMP-OPS',
  jobTitle: n % 2 === 0 ? 'Engineer' : 'Operations Analyst',
  exemptionStatus: 'true',
  payRangeName: n % 2 === 0 ? 'IMP-ENG-2' : 'IMP-OPS-1',
  minPay: n % 2 === 0 ? '90,000' : '60,000',
  midPay: n % 2 === 0 ? '110,000' : '75,000',
  maxPay: n % 2 === 0 ? '130,000' : '90,000',
})

// 12 rows; three errors: an invalid email (row 2), an invalid boolean (row 5), and row 4 disagreeing
// with row 2 on the Min Pay of pay range IMP-ENG-2.
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => base(i + 1))
ROWS[0].employeeName = 'Ada Importwell'
ROWS[1].email = 'not-an-email'
ROWS[3].minPay = '95,000'
ROWS[4].promotion = 'maybe'

function csv(rows: Row[]): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  const lines = [IMPORT_COLUMNS.map((c) => c.header).join(',')]
  for (const row of rows) lines.push(IMPORT_COLUMNS.map((c) => quote(row[c.field] ?? '')).join(','))
  return lines.join('\r\n') + '\r\n'
}

const cell = gridCell

async function editCell(grid: Locator, row: number, field: string, value: string) {
  const target = cell(grid, row, field)
  await target.click()
  await target.press('Enter')
  const editor = grid.locator('.ag-cell-inline-editing input')
  await expect(editor).toBeVisible()
  await editor.fill(value)
  await editor.press('Enter')
}

/** Opens the app and goes to Manage Data through the sidebar. */
async function openManageData(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Manage Data' }).click()
}

test.describe('Manage Data: importing employees from a CSV file (browser mode, demo owner)', () => {
  let app: RunningApp
  let dir: string
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-import-e2e-'))
  })
  test.afterAll(async () => {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('a file missing a required header is refused with the spec message', async ({ page }) => {
    const file = path.join(dir, 'no-name.csv')
    fs.writeFileSync(file, 'Employee Id,Email\r\nX-1,x@example.com\r\n')
    await openManageData(page, app.url)
    await expect(page).toHaveURL(/\/import$/)
    await page.getByTestId('import-file-input').setInputFiles(file)
    await expect(page.getByTestId('import-abort-reason')).toContainText(
      'Your data is missing the required header: Name',
    )
    await expect(page.getByTestId('import-abort-reason')).toHaveAttribute('role', 'alert')
    await expect(page.getByTestId('import-grid')).toHaveCount(0)
  })

  test('an Excel workbook is refused by the name the user chose, with how to save it as CSV', async ({
    page,
  }) => {
    const file = path.join(dir, 'Gehälter 2026.xlsx')
    // An .xlsx file is a zip archive: its first bytes are PK\x03\x04.
    fs.writeFileSync(file, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(file)
    await expect(page.getByTestId('import-abort-reason')).toHaveText(
      'The file was not imported. Gehälter 2026.xlsx is an Excel workbook (or another packed file), not CSV text. In Excel, use File › Save As › "CSV UTF-8 (Comma delimited)" and choose that file.',
    )
    await expect(page.getByTestId('import-grid')).toHaveCount(0)
  })

  test('reviews the errors, fixes them in place and imports the employees', async ({ page }) => {
    const file = path.join(dir, 'people.csv')
    fs.writeFileSync(file, csv(ROWS))
    await openManageData(page, app.url)
    await expect(page.getByTestId('import-page')).toBeVisible()
    await expect(page.getByTestId('import-commit')).toHaveCount(0)

    await page.getByTestId('import-file-input').setInputFiles(file)
    const summary = page.getByTestId('import-summary')
    await expect(summary).toContainText('12 rows')
    await expect(summary).toContainText('3 rows with errors')
    await expect(summary).toContainText('3 errors')
    await expect(summary).toContainText('people.csv: rows 1–12 (12 rows)')
    await expect(page.getByTestId('import-commit')).toBeDisabled()

    // The errors as a CSV report, for whoever fixes the source spreadsheet.
    const download = page.waitForEvent('download')
    await page.getByTestId('import-download-errors').click()
    const report = await download
    expect(report.suggestedFilename()).toBe('people-errors.csv')
    const text = fs.readFileSync(await report.path(), 'utf8')
    // Issue 39: CSV downloads start with a UTF-8 BOM, so Excel reads accents as such.
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('Row,Employee Id,Header,Code,Message,Consistency Key')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '2,IMP-002,Email,InvalidEmail',
      '4,IMP-004,Min Pay,InconsistentValue',
      '5,IMP-005,Promotion,InvalidBoolean',
    ])

    const grid = page.getByTestId('import-grid')
    await expect(page.getByTestId('import-pager')).toContainText('Rows 1–12 of 12')
    // Spec headers as column labels; erroneous cells marked, the others not.
    await expect(grid.getByRole('columnheader', { name: 'Pay Range Name' })).toHaveCount(1)
    await expect(cell(grid, 2, 'email').locator('[data-error="true"]')).toHaveText('not-an-email')
    await expect(cell(grid, 2, 'email')).toHaveClass(/import-cell--error/)
    await expect(cell(grid, 5, 'promotion').locator('[data-error="true"]')).toHaveText('maybe')
    await expect(cell(grid, 4, 'minPay').locator('[data-error="true"]')).toHaveText('95,000')
    await expect(cell(grid, 1, 'email').locator('[data-error="true"]')).toHaveCount(0)
    await expect(cell(grid, 2, 'errors')).toContainText('Invalid email format')
    await expect(cell(grid, 5, 'errors')).toContainText('Invalid boolean value')

    // The tooltip explains an erroneous cell.
    await cell(grid, 2, 'email').hover()
    await expect(page.locator('.ag-tooltip')).toContainText('Invalid email format')

    // Escape abandons an edit: nothing is sent, the value stays.
    await cell(grid, 2, 'email').click()
    await page.keyboard.press('Enter')
    await grid.locator('.ag-cell-inline-editing input').fill('typed by mistake')
    await page.keyboard.press('Escape')
    await expect(grid.locator('.ag-cell-inline-editing')).toHaveCount(0)
    await expect(cell(grid, 2, 'email')).toHaveText('not-an-email')
    // Tab leaves the grid for the row's errors panel (arrow keys move between cells).
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('import-grid').locator(':focus')).toHaveCount(0)

    await page.getByTestId('import-only-errors').check()
    await expect(page.getByTestId('import-pager')).toContainText('Rows 1–3 of 3')
    await expect(grid.locator('.ag-row .ag-cell[col-id="employeeId"]')).toHaveCount(3)

    // The row's errors in the side panel.
    await cell(grid, 2, 'employeeName').click()
    await expect(page.getByTestId('import-row-errors')).toContainText('Invalid email format')

    await editCell(grid, 2, 'email', 'ada.lovelace@example.com')
    await expect(summary).toContainText('2 errors')
    await expect(page.getByTestId('import-pager')).toContainText('Rows 1–2 of 2')

    // Ctrl+Z takes the fix back, error and all; Redo makes it again.
    await expect(page.getByTestId('import-undo')).toHaveAttribute('title', 'Undo: Email in row 2 (Ctrl+Z)')
    await page.keyboard.press('Control+z')
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Email in row 2' })).toBeVisible()
    await expect(summary).toContainText('3 errors')
    // The row comes back into the errors-only page (once the grid's row animation has ended).
    await expect(gridRow(grid, 2)).toHaveCount(1)
    await expect(cell(grid, 2, 'email').locator('[data-error="true"]')).toHaveText('not-an-email')
    await expect(page.getByTestId('import-undo')).toBeDisabled()
    await page.getByTestId('import-redo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Redone: Email in row 2' })).toBeVisible()
    await expect(summary).toContainText('2 errors')
    await expect(page.getByTestId('import-pager')).toContainText('Rows 1–2 of 2')

    await editCell(grid, 5, 'promotion', 'yes')
    await expect(summary).toContainText('1 error')
    await expect(page.getByTestId('import-pager')).toContainText('Rows 1–1 of 1')

    await cell(grid, 4, 'employeeName').click()
    const panel = page.getByTestId('import-row-errors')
    await expect(panel).toContainText('Row 4')
    const match = panel.getByTestId('import-fix-match')
    await expect(match).toHaveText('Make all rows with this Pay Range Name match row 4')
    await expect(panel.getByTestId('import-fix-rename')).toBeDisabled()
    await match.click()
    await expect(summary).toContainText('0 errors')
    await expect(summary).toContainText('0 rows with errors')

    await page.getByTestId('import-only-errors').uncheck()
    await expect(cell(grid, 2, 'minPay')).toHaveText('95,000')
    await expect(cell(grid, 2, 'email')).toHaveText('ada.lovelace@example.com')

    const commit = page.getByTestId('import-commit')
    await expect(commit).toBeEnabled()
    await expect(commit).toHaveText('Import 12 employees')
    await commit.click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Imported 12 employees.' })).toBeVisible()
    await expect(page.getByTestId('import-done')).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Compensation Table', exact: true })
      .click()
    await expect(page.getByTestId('compensation-table-count')).toHaveText('512 employees')
    // Employees are listed in the order they were added: the imported ones close the list.
    await page.getByTestId('pagination').getByRole('button', { name: 'Page 21', exact: true }).click()
    const table = page.getByTestId('compensation-table')
    await expect(
      table.locator('.ag-cell[col-id="employeeName"]').getByText('Ada Importwell', { exact: true }),
    ).toBeVisible()
    await expect(
      table.locator('.ag-cell[col-id="employeeName"]').getByText('Imported Person 12', { exact: true }),
    ).toBeVisible()
  })
  test("pages through 250 rows and goes to the row an error names with 'Go to row'", async ({ page }) => {
    const file = path.join(dir, 'many.csv')
    const rows = Array.from({ length: 250 }, (_, i) => ({ ...base(i + 1), employeeId: `MANY-${i + 1}` }))
    rows[0].managerEmployeeId = ''
    for (const row of rows.slice(1)) row.managerEmployeeId = 'MANY-1'
    // Row 240 repeats the Employee Id of row 230: the error names row 230.
    rows[239].employeeId = 'MANY-230'
    fs.writeFileSync(file, csv(rows))
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(file)
    const pager = page.getByTestId('import-pager')
    await expect(pager).toContainText('Rows 1–100 of 250')
    await pager.getByRole('button', { name: 'Last' }).click()
    await expect(pager).toContainText('Rows 201–250 of 250')
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
    await pager.getByRole('button', { name: 'First' }).click()
    await expect(pager).toContainText('Rows 1–100 of 250')

    await page.getByTestId('import-only-errors').check()
    const grid = page.getByTestId('import-grid')
    await expect(cell(grid, 240, 'errors')).toContainText('Employee Id "MANY-230" is already used in row 230')
    await page.getByTestId('import-goto-row').fill('230')
    await page.getByTestId('import-goto-row').press('Enter')
    await expect(page.getByTestId('import-only-errors')).not.toBeChecked()
    await expect(pager).toContainText('Rows 201–250 of 250')
    await expect(gridRow(grid, 230)).toHaveClass(/ag-row-focus/)
    await expect(page.getByTestId('import-row-errors')).toContainText('Row 230')
  })

  test('logging out or closing the page with fixes in review asks first', async ({ page }) => {
    const file = path.join(dir, 'leave.csv')
    fs.writeFileSync(file, csv(ROWS))
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(file)
    const grid = page.getByTestId('import-grid')
    await editCell(grid, 2, 'email', 'fixed@example.com')
    await expect(page.getByTestId('import-undo')).toBeEnabled()
    // Logout closes the workbook, which would drop the fix: it asks, and Cancel keeps everything.
    await page.getByTestId('logout').click()
    await expect(page.getByRole('dialog')).toContainText(
      'The import in review and your fix to it will be lost.',
    )
    await page.getByTestId('dialog-cancel').click()
    await expect(page.getByTestId('import-summary')).toContainText('2 errors')
    await expect(cell(grid, 2, 'email')).toHaveText('fixed@example.com')
    const asked = page.waitForEvent('dialog')
    await page.close({ runBeforeUnload: true })
    const dialog = await asked
    expect(dialog.type()).toBe('beforeunload')
    await dialog.accept()
  })

  test('the copy of an uploaded file is gone once browser mode stops', async ({ page }) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-uploads-'))
    const own = await startApp(['--demo'], dataDir)
    try {
      const file = path.join(dir, 'upload.csv')
      fs.writeFileSync(file, csv(ROWS.slice(0, 2)))
      await openManageData(page, own.url)
      await page.getByTestId('import-file-input').setInputFiles(file)
      await expect(page.getByTestId('import-summary')).toContainText('2 rows')
      expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(1)
    } finally {
      await own.stop()
    }
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('a large file shows its progress in rows and rows/s, and Cancel stops it without importing', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // 300,000 employees (about 85 MB): reading takes long enough to watch and cancel.
    const big = path.join(dir, 'big.csv')
    const made = spawnSync(process.execPath, [CLI, 'demo-csv', big, '--employees', '300000', '--seed', '5'])
    expect(made.status).toBe(0)
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(big)
    const progress = page.getByTestId('import-progress')
    await expect(progress).toHaveAttribute('aria-valuetext', /^[\d,]+ rows · [\d,]+ rows\/s$/, {
      timeout: 60_000,
    })
    await page.getByTestId('import-cancel').click()
    await expect(page.getByTestId('import-abort-reason')).toHaveText(
      'The file was not imported. The import was cancelled.',
    )
    await expect(progress).toHaveCount(0)
    await expect(page.getByTestId('import-commit')).toHaveCount(0)
    await expect(page.getByTestId('import-choose')).toBeEnabled()
  })

  test('appends a second file after the first, numbering its rows after them, then discards', async ({
    page,
  }) => {
    const first = path.join(dir, 'first.csv')
    const second = path.join(dir, 'second.csv')
    const ok = (n: number): Row => ({ ...base(n), employeeId: `APP-${n}`, managerEmployeeId: '' })
    fs.writeFileSync(first, csv([ok(1), ok(2)]))
    fs.writeFileSync(second, csv([ok(3), ok(4), ok(5)]))
    await openManageData(page, app.url)
    await page.getByTestId('import-file-input').setInputFiles(first)
    const summary = page.getByTestId('import-summary')
    await expect(summary).toContainText('2 rows')

    const chooser = page.waitForEvent('filechooser')
    await page.getByTestId('import-append').click()
    await (await chooser).setFiles(second)
    await expect(summary).toContainText('5 rows')
    await expect(summary).toContainText('first.csv: rows 1–2 (2 rows)')
    await expect(summary).toContainText('second.csv: rows 3–5 (3 rows)')
    const grid = page.getByTestId('import-grid')
    await expect(cell(grid, 3, 'employeeId')).toHaveText('APP-3')
    await expect(cell(grid, 3, 'row')).toHaveText('3')
    await expect(page.getByTestId('import-commit')).toHaveText('Import 5 employees')

    await page.getByTestId('import-discard').click()
    await page.getByTestId('dialog-confirm').click()
    await expect(page.getByTestId('import-summary')).toHaveCount(0)
    await expect(page.getByTestId('import-choose')).toBeEnabled()
  })
})
