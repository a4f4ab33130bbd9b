import { expect, test, type Page } from '@playwright/test'
import type { TableRow } from '../../src-shared/contract'
import { UNSTORABLE_TEXT } from '../../src-shared/domain/free-text'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell, gridRow } from './support/grid'

const grid = compensationTable
const cell = (page: Page, id: number, column: string) => gridCell(grid(page), id, column)

async function rowsUpTo(page: Page, limit: number): Promise<TableRow[]> {
  return page.evaluate(async (limit) => {
    const body = { offset: 0, limit, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return ((await response.json()) as { value: { rows: TableRow[] } }).value.rows
  }, limit)
}

const firstPage = (page: Page) => rowsUpTo(page, 25)

async function openTable(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toBeVisible()
}

test.describe('typing into a selected cell, as in a spreadsheet', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test('a single typed character then Enter or Tab is saved (Lump Sum 5, Salary Increase 3)', async ({
    page,
  }) => {
    await openTable(page, app)
    const rows = (await firstPage(page)).filter(
      (r) => r.editable && r.currency === 'USD' && r.lumpSum === null,
    )
    const [a, b] = rows
    await cell(page, a.id, 'lumpSum').click()
    await page.keyboard.type('5')
    await expect(page.getByTestId('cell-editor').locator('input')).toHaveValue('5')
    await page.keyboard.press('Enter')
    await expect(cell(page, a.id, 'lumpSum')).toHaveText('$5.00')

    await cell(page, b.id, 'salaryIncrease').click()
    await page.keyboard.type('3')
    await page.keyboard.press('Tab')
    await expect(cell(page, b.id, 'salaryIncrease')).toHaveText('3.0000%')
    const saved = (await firstPage(page)).find((r) => r.id === b.id)
    expect(saved?.salaryIncrease).toBeCloseTo(3, 2)
  })

  test('Comments: typed text is saved; a NUL is refused in place and saves nothing (issue 37)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1000 })
    await openTable(page, app)
    const [a] = (await firstPage(page)).filter((r) => r.editable && r.comments === null)
    await cell(page, a.id, 'comments').click()
    await page.keyboard.type('Good year')
    await expect(page.getByTestId('comments-editor')).toHaveValue('Good year')
    await page.keyboard.press('Enter')
    await expect(cell(page, a.id, 'comments')).toHaveText('Good year')

    await cell(page, a.id, 'comments').dblclick()
    await page.getByTestId('comments-editor').fill('Bad\u0000year')
    await expect(page.getByTestId('comments-editor-error')).toHaveText(`Comments: ${UNSTORABLE_TEXT}`)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('comments-editor')).toHaveCount(0)
    await expect(cell(page, a.id, 'comments')).toHaveText('Good year')
    expect((await firstPage(page)).find((r) => r.id === a.id)?.comments).toBe('Good year')
  })

  test('Enter commits and moves down: typing 3 ⏎ 4 ⏎ 5 ⏎ down a column plans three employees', async ({
    page,
  }) => {
    await openTable(page, app)
    const rows = await firstPage(page)
    // Three editable USD rows one after another, with no lump sum yet.
    const start = rows.findIndex(
      (r, i) =>
        i + 2 < rows.length &&
        [r, rows[i + 1], rows[i + 2]].every((x) => x.editable && x.currency === 'USD' && x.lumpSum === null),
    )
    expect(start).toBeGreaterThanOrEqual(0)
    const three = rows.slice(start, start + 3)
    await cell(page, three[0].id, 'lumpSum').click()
    for (const key of ['3', '4', '5']) {
      await page.keyboard.type(key)
      await page.keyboard.press('Enter')
    }
    await expect(cell(page, three[0].id, 'lumpSum')).toHaveText('$3.00')
    await expect(cell(page, three[1].id, 'lumpSum')).toHaveText('$4.00')
    await expect(cell(page, three[2].id, 'lumpSum')).toHaveText('$5.00')
  })

  test('Delete on a selected editable cell clears it, Ctrl+Z brings it back, and typed letters change nothing', async ({
    page,
  }) => {
    await openTable(page, app)
    const row = (await firstPage(page)).find(
      (r) => r.editable && r.currency === 'USD' && r.lumpSum === null,
    ) as TableRow
    await cell(page, row.id, 'lumpSum').click()
    await page.keyboard.type('7')
    await page.keyboard.press('Enter')
    await expect(cell(page, row.id, 'lumpSum')).toHaveText('$7.00')
    await cell(page, row.id, 'lumpSum').click()
    await page.keyboard.press('Delete')
    await expect(cell(page, row.id, 'lumpSum')).toHaveText('')
    await page.keyboard.press('Control+z')
    await expect(cell(page, row.id, 'lumpSum')).toHaveText('$7.00')

    // Letters typed into the amount are refused in place (issue 39) and Escape leaves the amount as it was.
    await cell(page, row.id, 'lumpSum').click()
    await page.keyboard.type('abc')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('cell-refusal')).toContainText('"abc" is not an amount.')
    await page.keyboard.press('Escape')
    await expect(cell(page, row.id, 'lumpSum')).toHaveText('$7.00')
    expect((await firstPage(page)).find((r) => r.id === row.id)?.lumpSum).toBe(700)
  })

  test('Home / End, Ctrl+Home / Ctrl+End and PageDown / PageUp move as in a spreadsheet, across pages', async ({
    page,
  }) => {
    await openTable(page, app)
    const rows = await firstPage(page)
    const focused = page.locator('.ag-cell-focus')
    await cell(page, rows[3].id, 'newSalary').click()

    await page.keyboard.press('Home')
    await expect(focused).toHaveAttribute('col-id', 'employeeName')
    await expect(gridRow(page, rows[3].id).locator('.ag-cell-focus')).toHaveCount(1)
    await page.keyboard.press('End')
    await expect(focused).toHaveAttribute('col-id', 'comments')

    // PageDown: the page's last row first, then the next page (the pager follows).
    await page.keyboard.press('PageDown')
    await expect(gridRow(page, rows[24].id).locator('.ag-cell-focus')).toHaveCount(1)
    await page.keyboard.press('PageUp')
    await expect(gridRow(page, rows[0].id).locator('.ag-cell-focus')).toHaveCount(1)
    // Pressed quickly, the second PageDown goes on from the first even before the browser's focus
    // has caught up with it.
    await page.keyboard.press('PageDown')
    await page.keyboard.press('PageDown')
    await expect(
      page.getByTestId('pagination').getByRole('button', { name: 'Page 2', exact: true }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(focused).toHaveAttribute('col-id', 'comments')
    // The keyboard stays on the table across the page turn, so the next key is not lost.
    await expect(focused).toBeFocused()
    // PageUp: the page's first row, then the first row of the page before.
    await page.keyboard.press('PageUp')
    await expect(page.locator('.ag-row[row-index="25"] .ag-cell-focus')).toHaveCount(1)
    await page.keyboard.press('PageUp')
    await expect(gridRow(page, rows[0].id).locator('.ag-cell-focus')).toHaveAttribute('col-id', 'comments')

    // Ctrl+End: the last cell of the table on the last page; Ctrl+Home back to the first.
    await page.keyboard.press('Control+End')
    await expect(
      page.getByTestId('pagination').getByRole('button', { name: 'Page 20', exact: true }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(focused).toHaveAttribute('col-id', 'comments')
    await expect(focused).toBeFocused()
    await page.keyboard.press('Control+Home')
    await expect(gridRow(page, rows[0].id).locator('.ag-cell-focus')).toHaveAttribute(
      'col-id',
      'employeeName',
    )
  })

  test('keys typed while a page turns are kept: PageDown PageDown 7 6 ⌫ 5 ⏎ 8 ⏎ plans the rows reached', async ({
    page,
  }) => {
    await openTable(page, app)
    const before = await rowsUpTo(page, 75)
    expect([before[49], before[50]].map((r) => [r.editable, r.lumpSum])).toEqual([
      [true, null],
      [true, null],
    ])
    await cell(page, before[3].id, 'lumpSum').click()
    // No waiting between keys: page 2's rows are still loading while 7, 5, Enter… arrive, and Enter on
    // its last row (49) goes on to page 3, as a spreadsheet's rows go on.
    await page.keyboard.press('PageDown')
    await page.keyboard.press('PageDown')
    await page.keyboard.type('76')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('5')
    await page.keyboard.press('Enter')
    await page.keyboard.type('8')
    await page.keyboard.press('Enter')
    await expect(
      page.getByTestId('pagination').getByRole('button', { name: 'Page 3', exact: true }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(cell(page, before[50].id, 'lumpSum')).toHaveText('$8.00')
    // Enter after typing goes on to the next row that can take a lump sum (issue 39: rows that cannot are skipped).
    const next = before.findIndex((r, index) => index > 50 && r.editable)
    await expect(page.locator('.ag-cell-focus')).toHaveAttribute('col-id', 'lumpSum')
    const after = await rowsUpTo(page, 75)
    const planned = after.flatMap((r, index) =>
      r.lumpSum === before[index].lumpSum ? [] : [[index, r.lumpSum]],
    )
    expect(planned).toEqual([
      [49, 7500],
      [50, 800],
    ])

    // ↑ on a page's first row goes back to the previous page's last row.
    for (let row = next; row > 49; row -= 1) await page.keyboard.press('ArrowUp')
    await expect(
      page.getByTestId('pagination').getByRole('button', { name: 'Page 2', exact: true }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(gridRow(page, before[49].id).locator('.ag-cell-focus')).toHaveAttribute('col-id', 'lumpSum')
    await expect(cell(page, before[49].id, 'lumpSum')).toHaveText('$75.00')
  })

  test('while typing, the editor shows what Enter will commit (5% in New Salary is 5% of the salary)', async ({
    page,
  }) => {
    await openTable(page, app)
    const row = (await firstPage(page)).find(
      (r) => r.editable && r.currency === 'USD' && r.salaried,
    ) as TableRow
    await cell(page, row.id, 'newSalary').click()
    await page.keyboard.type('5%')
    const fivePercent = Math.round(row.currentSalary * 0.05) / 100
    const shown = fivePercent.toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    await expect(page.getByTestId('commit-preview')).toHaveText(`→ ${shown} (−95.0%)`)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('commit-preview')).toHaveCount(0)

    await cell(page, row.id, 'salaryIncrease').click()
    await page.keyboard.type('3')
    await expect(page.getByTestId('commit-preview')).toContainText('(+3.0%)')
    await page.screenshot({ path: test.info().outputPath('commit-preview.png') })
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('commit-preview')).toHaveCount(0)
    await expect(cell(page, row.id, 'salaryIncrease')).toHaveText('3.0000%')
  })
})
