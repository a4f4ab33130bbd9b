import { expect, test, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
import { gridCell } from './support/grid'
import { startApp, type RunningApp } from './support/app'

const ALL: ChannelInput<'table.query'> = {
  offset: 0,
  limit: 1,
  sort: null,
  filters: {},
  search: '',
  viewAsEmployeeId: null,
}

/** table.query from the page, as the signed-in user (browser mode's HTTP bridge). */
async function summary(page: Page): Promise<ChannelOutput<'table.query'>> {
  const result = await page.evaluate(async (body) => {
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return (await response.json()) as Result<ChannelOutput<'table.query'>>
  }, ALL)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

test.describe('the violation badge on the demo company', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test("says what is there ('1 error · 500 warnings'), with the worst severity's colour and icon", async ({
    page,
  }) => {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    // Issue 39: the badge counts the pay problems; rows waiting for a sub-planner have a badge of their own.
    const { pay, waitingCount } = await summary(page)
    const { errorCount, warningCount, worstSeverity } = pay
    expect(errorCount + warningCount).toBeGreaterThan(0)
    // The demo's planners have not submitted, so rows wait for sub-planners (issue 39: 495 of 502).
    expect(waitingCount).toBeGreaterThan(0)
    await expect(page.getByTestId('waiting-badge')).toHaveAttribute('data-count', String(waitingCount))
    const parts = [
      ...(errorCount > 0 ? [plural(errorCount, 'error')] : []),
      ...(warningCount > 0 ? [plural(warningCount, 'warning')] : []),
    ]
    const badge = page.getByTestId('violation-badge')
    await expect(badge).toHaveText(new RegExp(`^\\S*\\s*${parts.join(' · ')}$`))
    await expect(badge).not.toContainText('violations')
    await expect(badge).toHaveAttribute('data-severity', worstSeverity)
    await expect(badge).toHaveClass(new RegExp(`violation-badge--${worstSeverity}`))
    await expect(badge.locator('.severity-icon')).toHaveAttribute('data-severity', worstSeverity)
  })
})

test.describe("'View All' on a company of 20,000 employees", () => {
  let app: RunningApp
  let dir: string
  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-violations-'))
    const file = path.join(dir, 'big.paycycle')
    execFileSync(process.execPath, ['out/main/cli.js', 'new', file, '--demo', '20000', '--seed', '1'])
    app = await startApp(['--workbook', file])
  })
  test.afterAll(async () => {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('groups 10,000+ violations by rule with counts, a page at a time, and goes to an employee', async ({
    page,
  }) => {
    await page.goto(app.url)
    // The first load of a 20,000-employee company: up to 19 s on two cores shared with other work.
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded', { timeout: 45_000 })
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.getByTestId('pagination')).toBeVisible()
    const { errorCount, warningCount } = await summary(page)
    expect(errorCount + warningCount).toBeGreaterThanOrEqual(10_000)

    await page.getByTestId('view-all').click()
    const panel = page.getByTestId('violation-panel')
    const groups = panel.getByTestId('violation-group')
    await expect(groups.first()).toBeVisible()
    const counts = await groups.evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute('data-count'))),
    )
    expect(counts.reduce((a, b) => a + b, 0)).toBe(errorCount + warningCount)
    const nodes = () => panel.evaluate((el) => el.querySelectorAll('*').length)
    expect(await nodes()).toBeLessThan(500)

    // The largest group opens a page of its employees, never all of them.
    const largest = groups.nth(counts.indexOf(Math.max(...counts)))
    await largest.locator('button[aria-expanded]').click()
    await expect(largest.getByTestId('violation-row').first()).toBeVisible()
    expect(await largest.getByTestId('violation-row').count()).toBeLessThanOrEqual(50)
    expect(await nodes()).toBeLessThan(1_000)
    const entry = largest.getByTestId('violation-row').first()
    const firstId = () => entry.getAttribute('data-employee-id')
    const onFirstPage = await firstId()
    await largest.getByRole('button', { name: 'Next' }).click()
    await expect(largest.getByTestId('violation-group-pager')).toContainText('51–100 of')
    // The rows follow the pager a moment later: the name and id are read once the second page shows.
    await expect.poll(firstId).not.toBe(onFirstPage)
    const { name, id } = await entry.evaluate((row) => ({
      name: row.querySelector('.violation-list__name')?.textContent ?? '',
      id: row.getAttribute('data-employee-id'),
    }))
    await entry.locator('.violation-list__name').click()
    await expect(gridCell(page.getByTestId('compensation-table'), String(id), 'employeeName')).toContainText(
      name,
    )

    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toHaveCount(0)
  })
})
