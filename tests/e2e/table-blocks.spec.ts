import { expect, test, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result, TableRow } from '../../src-shared/contract'
import { formatMoney } from '../../src-shared/domain/money'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell } from './support/grid'

// Block selection, block copy, fill into a block, fill down, per-cell paste refusal and typing that
// lands where it can (issue 39), on the demo company's first page (500 employees, seed 1).

const FIRST_PAGE: ChannelInput<'table.query'> = {
  offset: 0,
  limit: 25,
  sort: null,
  filters: {},
  search: '',
  viewAsEmployeeId: null,
}

async function firstPage(page: Page): Promise<TableRow[]> {
  const result = await page.evaluate(async (body) => {
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return (await response.json()) as Result<ChannelOutput<'table.query'>>
  }, FIRST_PAGE)
  if (!result.ok) throw new Error(result.error.message)
  return result.value.rows
}

const cell = (page: Page, id: number, column: string) => gridCell(compensationTable(page), id, column)
const usd = (cents: number) => formatMoney(cents, 'USD')
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const blank = (r: TableRow) =>
  r.editable &&
  r.currency === 'USD' &&
  r.salaried &&
  r.newSalary === null &&
  r.lumpSum === null &&
  r.comments === null

async function open(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await page.goto(`${app.origin}/employeetable`)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
}

/** Rows i, i+1, i+2 of the first page that pass the checks, in order. */
function findRun(rows: TableRow[], checks: ((r: TableRow) => boolean)[]): TableRow[] {
  const at = rows.findIndex((_, i) =>
    checks.every((check, k) => rows[i + k] !== undefined && check(rows[i + k])),
  )
  expect(at, 'a run of rows on the first page').toBeGreaterThanOrEqual(0)
  return rows.slice(at, at + checks.length)
}

test.describe('blocks of cells on the Compensation Table', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
  })

  test('Shift+click and Shift+arrows select a block; Ctrl+C copies it as TSV; one value pasted fills it', async ({
    page,
  }) => {
    await open(page, app)
    const [a, b, c] = findRun(await firstPage(page), [blank, blank, blank])
    await cell(page, a.id, 'lumpSum').click()
    await cell(page, b.id, 'comments').click({ modifiers: ['Shift'] })
    await page.keyboard.press('Shift+ArrowDown')
    await expect(compensationTable(page).locator('.cell--in-block')).toHaveCount(9) // lump sum … comments × 3
    await page.keyboard.press('Control+c')
    const copied = (await clipboard(page)).split('\n').map((line) => line.split('\t'))
    // Three rows of Lump Sum, Bonus, Comments: empty lump sums and comments on these rows.
    expect(copied.map((line) => [line.length, line[0], line[2]])).toEqual([
      [3, '', ''],
      [3, '', ''],
      [3, '', ''],
    ])

    // Shift+ArrowLeft twice: Lump Sum alone, three rows; one value pasted fills all three.
    await page.keyboard.press('Shift+ArrowLeft')
    await page.keyboard.press('Shift+ArrowLeft')
    await expect(compensationTable(page).locator('.cell--in-block')).toHaveCount(3)
    await page.evaluate(() => navigator.clipboard.writeText('750'))
    await page.keyboard.press('Control+v')
    await expect(toast(page, 'Paste into Lump Sum (3 rows): 3 rows updated.')).toBeVisible()
    for (const row of [a, b, c]) await expect(cell(page, row.id, 'lumpSum')).toHaveText(usd(750_00))

    // The block copies as the cells show, one line per row.
    await page.keyboard.press('Control+c')
    expect(await clipboard(page)).toBe([usd(750_00), usd(750_00), usd(750_00)].join('\n'))
    await page.keyboard.press('Control+z')
    for (const row of [a, b, c]) await expect(cell(page, row.id, 'lumpSum')).toHaveText('')
    // A plain click starts over with one cell.
    await cell(page, c.id, 'comments').click()
    await expect(compensationTable(page).locator('.cell--in-block')).toHaveCount(0)
  })

  test('Ctrl+D fills the top row of the block down, as one undo step', async ({ page }) => {
    await open(page, app)
    const [a, b, c] = findRun(await firstPage(page), [blank, blank, blank])
    await cell(page, a.id, 'comments').dblclick()
    await page.keyboard.type('Top performer')
    await page.keyboard.press('Enter')
    await expect(cell(page, a.id, 'comments')).toHaveText('Top performer')
    await cell(page, a.id, 'comments').click()
    await cell(page, c.id, 'comments').click({ modifiers: ['Shift'] })
    await page.keyboard.press('Control+d')
    await expect(toast(page, 'Fill down (2 rows): 2 rows updated.')).toBeVisible()
    await expect(cell(page, b.id, 'comments')).toHaveText('Top performer')
    await expect(cell(page, c.id, 'comments')).toHaveText('Top performer')
    await page.keyboard.press('Control+z')
    await expect(toast(page, 'Undone: Fill down (2 rows)')).toBeVisible()
    await expect(cell(page, b.id, 'comments')).toHaveText('')
    await expect(cell(page, c.id, 'comments')).toHaveText('')
    await expect(cell(page, a.id, 'comments')).toHaveText('Top performer')
  })

  test('a paste refuses the cells that cannot take a value, with the reason, and pastes the rest', async ({
    page,
  }) => {
    await open(page, app)
    const [ok, locked, after] = findRun(await firstPage(page), [blank, (r) => !r.editable, blank])
    await cell(page, ok.id, 'lumpSum').click()
    await page.evaluate(() => navigator.clipboard.writeText('100\n200\n300\n'))
    await page.keyboard.press('Control+v')
    const refusal = page.getByTestId('paste-refusal')
    await expect(page.getByRole('dialog', { name: 'Some cells were not pasted' })).toBeVisible()
    await expect(refusal).toContainText(
      '1 cell cannot take its pasted value and kept its value; the other cells were pasted (2 rows updated, one undo step).',
    )
    await expect(refusal.getByTestId('paste-problem')).toHaveText([
      `Row 2 · ${locked.employeeName} (${locked.employeeId}) · Lump Sum: ${locked.lockedReason}`,
    ])
    await page.getByTestId('paste-refusal-close').click()
    await expect(cell(page, ok.id, 'lumpSum')).toHaveText(usd(100_00))
    await expect(cell(page, locked.id, 'lumpSum')).toHaveText('')
    await expect(cell(page, after.id, 'lumpSum')).toHaveText(usd(300_00))
    await page.keyboard.press('Control+z')
    await expect(cell(page, ok.id, 'lumpSum')).toHaveText('')
    await expect(cell(page, after.id, 'lumpSum')).toHaveText('')
  })
})

test.describe('typing where it lands on the Compensation Table', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('typing on a locked or calculated cell says why in place, and Enter still moves down', async ({
    page,
  }) => {
    await open(page, app)
    const [locked, below] = findRun(await firstPage(page), [
      (r) => !r.editable && r.lockedReason !== null,
      () => true,
    ])
    await cell(page, locked.id, 'newSalary').click()
    await page.keyboard.type('5')
    const notice = page.getByTestId('cell-notice')
    await expect(notice).toHaveText(locked.lockedReason ?? '')
    await expect(notice).toContainText('Employee not eligible for an increase.')
    await expect(page.getByTestId('cell-editor')).toHaveCount(0)
    await page.keyboard.press('Enter')
    await expect(notice).toHaveCount(0)
    await expect(cell(page, below.id, 'newSalary')).toBeFocused()

    await cell(page, below.id, 'dollarIncrease').click()
    await page.keyboard.type('1000')
    await expect(notice).toHaveText(
      'Dollar Increase is calculated from the New Salary; type the raise in New Salary or Salary Increase.',
    )
  })

  test('a typed column of raises skips the employees who cannot have one and keeps every value', async ({
    page,
  }) => {
    await open(page, app)
    const [a, locked, b] = findRun(await firstPage(page), [blank, (r) => !r.editable, blank])
    await cell(page, a.id, 'salaryIncrease').click()
    await page.keyboard.type('3')
    await page.keyboard.press('Enter')
    await page.keyboard.type('4')
    await page.keyboard.press('Enter')
    await expect(cell(page, a.id, 'salaryIncrease')).toHaveText('3.0000%')
    await expect(cell(page, b.id, 'salaryIncrease')).toHaveText('4.0000%')
    await expect(cell(page, locked.id, 'salaryIncrease')).not.toHaveText('4.0000%')
  })

  test('Tab after typing a raise moves to New Salary without opening an empty editor', async ({ page }) => {
    await open(page, app)
    const [a] = findRun(await firstPage(page), [blank])
    await cell(page, a.id, 'salaryIncrease').click()
    await page.keyboard.type('5')
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('cell-editor')).toHaveCount(0)
    await expect(cell(page, a.id, 'newSalary')).toBeFocused()
    await expect(cell(page, a.id, 'newSalary')).toHaveText(usd(Math.round(a.currentSalary * 1.05)))
  })
})
