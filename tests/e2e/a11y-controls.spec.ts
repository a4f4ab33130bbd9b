import { expect, test, type Locator, type Page } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'
import { compensationTable } from './support/grid'

// Issue 39's accessibility items: the matrix sliders have names and snap to 50 on drag only; Esc closes
// the table's Filter popover; a toast does not cover the table's last row.

async function openMatrix(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Plan Pay Cycle' }).click()
  await page.getByRole('tab', { name: 'Matrix' }).click()
  await expect(page.getByTestId('matrix-heat-map')).toBeVisible()
}

/** Drags the slider's thumb to `fraction` of its track with the mouse. */
async function dragTo(page: Page, slider: Locator, fraction: number) {
  const box = await slider.boundingBox()
  if (!box) throw new Error('slider not drawn')
  const value = Number(await slider.inputValue())
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + (box.width * value) / 100, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * fraction, y, { steps: 5 })
  await page.mouse.up()
}

test.describe('accessible controls', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('the matrix sliders have names; arrow keys pass 50 one by one; a drag near the middle snaps to 50', async ({
    page,
  }) => {
    await openMatrix(page, app)
    const performance = page.getByRole('slider', { name: 'Performance priority' })
    await expect(performance).toBeVisible()
    await expect(page.getByRole('slider', { name: 'Position-in-range priority' })).toBeVisible()
    await expect(page.getByRole('slider', { name: /^Over max/ })).toBeVisible()

    await performance.fill('45')
    await expect(performance).toHaveValue('45')
    const seen: string[] = []
    for (let press = 0; press < 10; press += 1) {
      await performance.press('ArrowRight')
      seen.push(await performance.inputValue())
    }
    expect(seen).toEqual(['46', '47', '48', '49', '50', '51', '52', '53', '54', '55'])

    await dragTo(page, performance, 0.2)
    await expect(performance).not.toHaveValue('55')
    await dragTo(page, performance, 0.48)
    await expect(performance).toHaveValue('50')
  })

  test('Esc closes the Filter popover and gives the focus back to its button', async ({ page }) => {
    await page.goto(app.url)
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    const button = page.getByTestId('table-filter-button')
    await button.click()
    await expect(page.getByTestId('filter-form')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('filter-form')).toHaveCount(0)
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('a toast does not cover the table’s last row', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(app.url)
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
    const grid = compensationTable(page)
    // Scroll the grid to its end, so its last row is drawn at the bottom.
    // Its right-most cell (Comments), where a toast at the bottom right would sit.
    const lastRow = grid.locator('.ag-row[row-index="24"]:not(.ag-opacity-zero) .ag-cell[col-id="comments"]')
    await grid.locator('.ag-row .ag-cell[col-id="comments"]').first().hover()
    for (let step = 0; step < 20 && (await lastRow.count()) === 0; step += 1) await page.mouse.wheel(0, 400)
    await page.mouse.wheel(0, 2000)
    await expect(lastRow).toBeVisible()
    await page.keyboard.press('Control+z') // 'Nothing to undo.' as a toast
    const toast = page.getByTestId('toast').filter({ hasText: 'Nothing to undo.' })
    await expect(toast).toBeVisible()
    const [row, shown, next] = [
      await lastRow.boundingBox(),
      await toast.boundingBox(),
      await page.getByRole('button', { name: 'Next page' }).boundingBox(),
    ]
    if (!row || !shown || !next) throw new Error('not drawn')
    expect(shown.y, 'the toast starts below the last row').toBeGreaterThanOrEqual(row.y + row.height)
    expect(shown.x, 'the pager buttons stay clear of the toast').toBeGreaterThanOrEqual(next.x + next.width)
  })
})
