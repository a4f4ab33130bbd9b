import { expect, test, type Locator, type Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { startApp, type RunningApp } from './support/app'
import { gridCell } from './support/grid'

/**
 * Issue 10: fixing rows in review. One fix must not cascade into errors on untouched rows without
 * saying why; 'Go to the first error of this row' reaches a cell far to the right; errors name the
 * column's header and the spec's field key.
 */

type Field = (typeof IMPORT_COLUMNS)[number]['field']
type Row = Partial<Record<Field, string>>

const base = (n: number): Row => ({
  employeeId: `FIX-${n}`,
  employeeName: `Fixing Person ${n}`,
  currentBasePay: String(80_000 + n * 1000),
  payCurrency: 'USD',
  salaried: 'true',
  hireDate: '2021-03-15',
  jobCode: n % 2 === 0 ? 'FIX-ENG' : 'FIX-OPS',
  payRangeName: n % 2 === 0 ? 'FIX-ENG-2' : 'FIX-OPS-1',
  minPay: n % 2 === 0 ? '90000' : '60000',
  midPay: n % 2 === 0 ? '110000' : '75000',
  maxPay: n % 2 === 0 ? '130000' : '90000',
})

function csv(rows: Row[]): string {
  const lines = [IMPORT_COLUMNS.map((c) => c.header).join(',')]
  for (const row of rows) lines.push(IMPORT_COLUMNS.map((c) => row[c.field] ?? '').join(','))
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

test.describe('Manage Data: fixing rows in review', () => {
  let app: RunningApp
  let dir: string
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-import-fixes-'))
  })
  test.afterAll(async () => {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  async function review(page: Page, rows: Row[], name: string) {
    const file = path.join(dir, name)
    fs.writeFileSync(file, csv(rows))
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Manage Data' }).click()
    await page.getByTestId('import-file-input').setInputFiles(file)
    await expect(page.getByTestId('import-summary')).toContainText(`${rows.length} rows`)
    return page.getByTestId('import-grid')
  }

  test('an edit that would put other rows of its pay range at odds asks first: make all match, rename, mark or cancel', async ({
    page,
  }) => {
    const rows = Array.from({ length: 12 }, (_, i) => base(i + 1))
    const grid = await review(page, rows, 'ranges.csv')
    const summary = page.getByTestId('import-summary')
    await expect(summary).toContainText('0 errors')
    const panel = page.getByTestId('import-row-errors')

    // Row 2 leads pay range FIX-ENG-2: a new Min Pay there would put rows 4, 6, 8, 10 and 12 at odds.
    await editCell(grid, 2, 'minPay', '95000')
    const conflict = panel.getByTestId('import-conflict')
    await expect(conflict).toContainText(
      'Not applied yet. Changing Min Pay in row 2 from “90000” to “95000” would make 5 other rows with Pay Range Name “FIX-ENG-2” disagree with row 2.',
    )
    await expect(cell(grid, 2, 'minPay')).toHaveText('90000')
    await expect(summary).toContainText('0 errors')
    await expect(conflict.getByTestId('import-conflict-mark')).toHaveText(
      'Change only this cell and mark the 5 conflicts',
    )
    await page.screenshot({ path: path.join(dir, 'conflict.png') })
    if (process.env.IMPORT_FIX_SHOTS)
      fs.copyFileSync(path.join(dir, 'conflict.png'), process.env.IMPORT_FIX_SHOTS)

    await conflict.getByTestId('import-conflict-cancel').click()
    await expect(conflict).toHaveCount(0)
    await expect(cell(grid, 2, 'minPay')).toHaveText('90000')

    // Make all match: the whole range takes the new Min Pay, one undo step.
    await editCell(grid, 2, 'minPay', '95000')
    await expect(conflict.getByTestId('import-conflict-match')).toHaveText(
      'Make all rows with this Pay Range Name match row 2',
    )
    await conflict.getByTestId('import-conflict-match').click()
    await expect(conflict).toHaveCount(0)
    await expect(summary).toContainText('0 errors')
    for (const row of [2, 4, 12]) await expect(cell(grid, row, 'minPay')).toHaveText('95000')
    await expect(page.getByTestId('import-undo')).toHaveAttribute(
      'title',
      'Undo: Min Pay in row 2; Rows with Pay Range Name "FIX-ENG-2" matched to row 2 (Ctrl+Z)',
    )
    await page.getByTestId('import-undo').click()
    for (const row of [2, 4, 12]) await expect(cell(grid, row, 'minPay')).toHaveText('90000')

    // Rename: row 2 gets a range of its own; its job code, shared with the others, is asked about next.
    await editCell(grid, 2, 'minPay', '95000')
    await conflict.getByTestId('import-conflict-rename-input').fill('FIX-ENG-2 HIGH')
    await conflict.getByTestId('import-conflict-rename').click()
    await expect(conflict).toContainText(
      'Changing Min Pay in row 2 from “90000” to “95000”, then Pay Range Name "FIX-ENG-2" renamed to "FIX-ENG-2 HIGH", would make 5 other rows with Job Code “FIX-ENG” disagree with row 2.',
    )
    await conflict.getByTestId('import-conflict-rename-input').fill('FIX-ENG-HIGH')
    await conflict.getByTestId('import-conflict-rename').click()
    await expect(conflict).toHaveCount(0)
    await expect(summary).toContainText('0 errors')
    await expect(cell(grid, 2, 'payRangeName')).toHaveText('FIX-ENG-2 HIGH')
    await expect(cell(grid, 2, 'jobCode')).toHaveText('FIX-ENG-HIGH')
    await expect(cell(grid, 4, 'minPay')).toHaveText('90000')

    // Mark: only the cell changes and the conflicts are marked, as before this issue.
    await editCell(grid, 4, 'minPay', '91000')
    await conflict.getByTestId('import-conflict-mark').click()
    await expect(conflict).toHaveCount(0)
    await expect(summary).toContainText('4 errors')
  })

  test("errors name the column by its header; 'Go to the first error of this row' scrolls to the cell", async ({
    page,
  }) => {
    const rows = Array.from({ length: 3 }, (_, i) => base(i + 1))
    rows[1].maxPay = 'lots'
    rows[2].hireDate = ''
    const grid = await review(page, rows, 'wide.csv')
    await expect(page.getByTestId('import-summary')).toContainText('2 errors')
    const panel = page.getByTestId('import-row-errors')

    await cell(grid, 3, 'employeeId').click()
    await expect(panel.locator('li[data-code="Missing-hireDate"]')).toHaveText(
      'Hire Date: Required field "hireDate" is missing in row 3',
    )
    await expect(cell(grid, 3, 'errors')).toContainText(
      'Hire Date: Required field "hireDate" is missing in row 3',
    )

    // Max Pay is the last column: far to the right of the grid's view.
    await cell(grid, 2, 'employeeId').click()
    await expect(panel.locator('li[data-code="InvalidNumber"]')).toHaveText('Max Pay: Invalid number')
    const target = cell(grid, 2, 'maxPay')
    const inView = async () => {
      const [box, view] = await Promise.all([target.boundingBox(), grid.boundingBox()])
      return !!box && !!view && box.x >= view.x && box.x + box.width <= view.x + view.width + 1
    }
    expect(await inView()).toBe(false)
    await panel.getByTestId('import-goto-first-error').click()
    await expect(target).toHaveClass(/ag-cell-focus/)
    await expect.poll(inView).toBe(true)
    // The focused cell takes the keyboard: Enter edits it.
    await page.keyboard.press('Enter')
    await expect(grid.locator('.ag-cell-inline-editing input')).toHaveValue('lots')
    await page.keyboard.press('Escape')
  })
})
