import { expect, test, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
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
    const { errorCount, warningCount, worstSeverity } = await summary(page)
    expect(errorCount + warningCount).toBeGreaterThan(0)
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
