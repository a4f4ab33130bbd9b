import { expect, test, type Page } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const heatCell = (page: Page, row: number, column: number) =>
  page.locator(`[data-testid="matrix-cell"][data-row="${row}"][data-column="${column}"]`)

async function openMatrix(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Plan Pay Cycle' }).click()
  await page.getByRole('tab', { name: 'Matrix' }).click()
  await expect(page.getByTestId('matrix-heat-map')).toBeVisible()
}

/** The table's 'Recommended Increase' of its first 500 rows (the demo has 500), joined. */
async function recommended(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const body = { offset: 0, limit: 500, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    const rows = ((await response.json()) as { value: { rows: { recommendedIncrease: number | null }[] } })
      .value.rows
    return rows.map((r) => r.recommendedIncrease).join(',')
  })
}

/** The heat map's percentages of one row (rating), by band, as shown. */
async function rowPercents(page: Page, row: number): Promise<number[]> {
  const texts = await page.locator(`[data-testid="matrix-cell"][data-row="${row}"]`).allInnerTexts()
  return texts.map((t) => (t === '—' ? NaN : Number(t.replace('%', ''))))
}

test.describe('the pay-cycle matrix screen (HyperBalance)', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test('sliders reshape the matrix, snapping to 50; a cell lists its employees; Save spends the budget and undoes', async ({
    page,
  }) => {
    await openMatrix(page, app)
    // "No configuration" is a note with defaults, not an error.
    await expect(page.getByRole('note')).toContainText('defaults')
    await expect(page.getByTestId('matrix-budget-used')).toContainText('of $')

    // Spec: sliders snap to 50 between 46 and 54 (on a drag: keys pass 50, issue 39).
    const slider = page.getByTestId('perf-priority')
    const box = await slider.boundingBox()
    if (!box) throw new Error('slider not drawn')
    const value = Number(await slider.inputValue())
    await page.mouse.move(box.x + (box.width * value) / 100, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.47, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await expect(slider).toHaveValue('50')
    // Performance weighs more: the best rating's lowest band moves away from the worst's.
    await page.getByTestId('perf-priority').fill('90')
    await expect(page.getByTestId('perf-priority')).toHaveValue('90')
    await expect
      .poll(async () => {
        const best = await rowPercents(page, 4)
        const worst = await rowPercents(page, 0)
        return best[0] - worst[0]
      })
      .toBeGreaterThan(5)
    // A priority of 0 makes its dimension flat: every band of a rating gets the same percent.
    await page.getByTestId('pir-priority').fill('0')
    await expect
      .poll(async () => new Set((await rowPercents(page, 2)).filter((v) => !Number.isNaN(v))).size)
      .toBe(1)
    await page.getByTestId('pir-priority').fill('60')

    // A cell lists its employees, five at a time; an empty one says so.
    await heatCell(page, 2, 4).click()
    const list = page.getByTestId('matrix-cell-list')
    await expect(list.getByTestId('matrix-cell-employee')).toHaveCount(5)
    await expect(list.getByRole('columnheader')).toHaveText([
      'Employee',
      'Current Base Pay',
      'Recommended Increase',
      'Recommended %',
      'Performance Rating',
      'Current Position in Range',
      'New Position in Range',
    ])
    await list.getByRole('button', { name: 'Next' }).click()
    await expect(list).toContainText('6–')
    // The bubble table's cells select too; one without employees.
    await page
      .getByTestId('matrix-bubbles')
      .getByRole('button', { name: /: 0 employees$/ })
      .first()
      .click()
    await expect(list).toContainText('No employees are in this cell.')
    await page.screenshot({ path: test.info().outputPath('matrix.png'), fullPage: true })

    // Save: every recommendation written, the whole desired budget used; Ctrl+Z undoes it.
    const before = await recommended(page)
    await page.getByTestId('matrix-save').click()
    await expect(toast(page, 'Saved the HyperBalance matrix')).toBeVisible()
    await expect(page.getByRole('note')).toHaveCount(0)
    // The Compensation Table's 'Recommended Increase' column carries the recommendations.
    await expect.poll(() => recommended(page)).not.toBe(before)
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await expect(toast(page, 'Undone:')).toBeVisible()
    await expect.poll(() => recommended(page)).toBe(before)

    // Saved again, then a budget changes: the distribution says HyperBalance changed until the next save.
    await page.getByTestId('matrix-save').click()
    await expect(page.getByTestId('matrix-save')).toBeEnabled()
    await page.getByRole('tab', { name: 'Budgets' }).click()
    const bar = page.getByTestId('distribution-bar')
    await expect(bar).toHaveAttribute('aria-disabled', 'false')
    await expect(page.getByTestId('hyperbalance-changed')).toHaveCount(0)
    await page.getByLabel('Budget for Company', { exact: true }).fill('2,000,000')
    await page.getByLabel('Budget for Company', { exact: true }).press('Enter')
    await expect(page.getByTestId('hyperbalance-changed')).toHaveText(
      'Budgets changed since the merit matrix was saved. Calculate and save the matrix again to distribute them.',
    )
    await bar.screenshot({ path: test.info().outputPath('hyperbalance-changed.png') })
  })
})
