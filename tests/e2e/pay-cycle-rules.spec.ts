import { expect, test, type Page } from '@playwright/test'
import net from 'node:net'
import type { PayCycleDto, Result } from '../../src-shared/contract'
import { startApp, type RunningApp } from './support/app'

// The pay cycle editor's rules (administration document §4 Ratings editor, §5 Pay cycle editor).
const LAST_ROW = 'Greater than or Equals'
const FULLY_PRORATED = 'These employees are inelligible for increase'
const REQUIRED = 'This field is required.'

async function deadPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function activeCycle(page: Page): Promise<PayCycleDto> {
  const result = await page.evaluate(async () => {
    const response = await fetch('/api/invoke/payCycles.list', { method: 'POST', body: '{}' })
    return (await response.json()) as Result<PayCycleDto[]>
  })
  if (!result.ok) throw new Error(result.error.message)
  const active = result.value.find((c) => c.active)
  if (!active) throw new Error('no active configuration')
  return active
}

async function openConfig(page: Page, app: RunningApp) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.goto(`${app.origin}/paycycleplan?tab=config`)
  await expect(page.getByTestId('pay-cycle-editor')).toBeVisible()
}

async function save(page: Page) {
  await page.getByTestId('pce-save').click()
  await expect(page.getByTestId('pce-dirty')).toHaveText('Saved')
}

/** M/D/YYYY, as the date picker's input reads and shows a day. */
function typed(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return `${m}/${d}/${y}`
}

test.describe.serial('the pay cycle editor’s rules as the demo owner', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    process.env.MERITBOOK_RATES_URL = `http://127.0.0.1:${await deadPort()}`
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test(`ratings: the last row is '${LAST_ROW}' and copies the previous max; only the second-to-last row is removable; a new row copies the last max with an empty label; step 0.1`, async ({
    page,
  }) => {
    await openConfig(page, app)
    const before = await activeCycle(page)
    const ratings = page.getByTestId('pce-ratings')
    const rows = ratings.getByTestId('pce-rating-row')
    const count = before.settings.performanceRatings.length
    expect(count).toBeGreaterThanOrEqual(3)
    await expect(rows).toHaveCount(count)
    const row = (i: number) => rows.nth(i)
    const max = (i: number) => row(i).getByTestId('pce-rating-max')

    // The last row: 'Greater than or Equals', disabled, the previous row's max; the others 'Less than'.
    await expect(row(count - 1)).toContainText(LAST_ROW)
    await expect(max(count - 1)).toBeDisabled()
    for (let i = 0; i < count - 1; i++) {
      await expect(row(i)).not.toContainText(LAST_ROW)
      await expect(max(i)).toBeEnabled()
      await expect(max(i)).toHaveAttribute('step', '0.1')
    }
    // Only the second-to-last row has a remove button.
    await expect(ratings.getByTestId('pce-rating-remove')).toHaveCount(1)
    await expect(row(count - 2).getByTestId('pce-rating-remove')).toHaveCount(1)

    // The second-to-last max, typed off the 0.1 step, lands on it; the last row follows.
    await max(count - 2).fill('4.24')
    await max(count - 2).press('Tab')
    await expect(max(count - 2)).toHaveValue('4.2')
    await expect(max(count - 1)).toHaveValue('4.2')

    // Adding copies the last max with an empty label; the old last row becomes an ordinary one.
    await ratings.getByTestId('pce-rating-add').click()
    await expect(rows).toHaveCount(count + 1)
    await expect(row(count).getByTestId('pce-rating-label')).toHaveValue('')
    await expect(max(count)).toHaveValue('4.2')
    await expect(max(count)).toBeDisabled()
    await expect(row(count)).toContainText(LAST_ROW)
    await expect(row(count - 1)).not.toContainText(LAST_ROW)
    await expect(max(count - 1)).toBeEnabled()
    await expect(ratings.getByTestId('pce-rating-remove')).toHaveCount(1)
    await expect(row(count - 1).getByTestId('pce-rating-remove')).toHaveCount(1)

    // The empty label is required, said after blur.
    const label = row(count).getByTestId('pce-rating-label')
    await label.focus()
    await label.press('Tab')
    await expect(row(count).getByRole('alert')).toHaveText(REQUIRED)
    await label.fill('Legendary')
    await expect(row(count).getByRole('alert')).toHaveCount(0)
    await max(count - 1).fill('4.8')
    await max(count - 1).press('Tab')
    await expect(max(count)).toHaveValue('4.8')
    await page.screenshot({ path: test.info().outputPath('ratings.png') })

    await save(page)
    const saved = (await activeCycle(page)).settings.performanceRatings
    expect(saved.map((r) => r.label)).toEqual([
      ...before.settings.performanceRatings.map((r) => r.label),
      'Legendary',
    ])
    expect(saved[count - 2].max_rating).toBe(4.2)
    expect(saved[count - 1].max_rating).toBe(4.8)
    expect(saved[count].max_rating).toBe(4.8)
    // Undo (one step of this visit) puts the saved ratings back; Redo saves them again.
    await page.getByTestId('pce-undo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Save' })).toBeVisible()
    await expect(rows).toHaveCount(count)
    expect((await activeCycle(page)).settings.performanceRatings).toEqual(before.settings.performanceRatings)
    await page.getByTestId('pce-redo').click()
    await expect(rows).toHaveCount(count + 1)

    await page.reload()
    await expect(rows).toHaveCount(count + 1)
    await expect(row(count).getByTestId('pce-rating-label')).toHaveValue('Legendary')
    await expect(max(count)).toHaveValue('4.8')

    // Removing the second-to-last row: the last row copies the new previous max.
    await row(count - 1)
      .getByTestId('pce-rating-remove')
      .click()
    await expect(rows).toHaveCount(count)
    await expect(row(count - 1).getByTestId('pce-rating-label')).toHaveValue('Legendary')
    await expect(max(count - 1)).toHaveValue('4.2')
    await expect(row(count - 1)).toContainText(LAST_ROW)
    await expect(row(count - 2).getByTestId('pce-rating-remove')).toHaveCount(1)
    await page.getByTestId('pce-revert').click()
    await expect(rows).toHaveCount(count + 1)
  })

  test(`proration rules: After or Between; exactly 100 % says '${FULLY_PRORATED}'`, async ({ page }) => {
    await openConfig(page, app)
    const before = await activeCycle(page)
    const section = page.getByTestId('pce-proration')
    const rules = section.getByTestId('pce-proration-rule')
    const count = before.settings.prorationRules.length
    await expect(rules).toHaveCount(count)
    // Each saved rule at 100 % carries the message, and only those.
    for (const [i, rule] of before.settings.prorationRules.entries()) {
      const message = rules.nth(i).getByTestId('pce-proration-message')
      if (rule.prorate_amount === 100) await expect(message).toHaveText(FULLY_PRORATED)
      else await expect(message).toHaveCount(0)
    }

    await section.getByTestId('pce-proration-add').click()
    await expect(rules).toHaveCount(count + 1)
    const rule = rules.nth(count)
    const comparison = rule.getByTestId('pce-proration-comparison')
    await expect(comparison.locator('option')).toHaveText(['After', 'Between'])
    await expect(comparison).toHaveValue('>=')
    await expect(rule.getByTestId('pce-proration-amount')).toHaveValue('100')
    await expect(rule.getByTestId('pce-proration-message')).toHaveText(FULLY_PRORATED)
    await expect(rule.getByTestId('pce-proration-date-1-input')).toHaveCount(0)

    await rule.getByTestId('pce-proration-value').selectOption({ label: 'Date of last increase' })
    await comparison.selectOption({ label: 'Between' })
    const end = rule.getByTestId('pce-proration-date-1-input')
    await expect(end).toHaveValue('')
    await rule.getByTestId('pce-proration-date-0-input').fill('1/1/2030')
    await rule.getByTestId('pce-proration-date-0-input').press('Tab')
    await end.fill('6/30/2030')
    await end.press('Tab')
    await expect(end).toHaveValue(typed('2030-06-30'))

    await rule.getByTestId('pce-proration-amount').fill('50')
    await expect(rule.getByTestId('pce-proration-message')).toHaveCount(0)
    await rule.getByTestId('pce-proration-amount').fill('100')
    await expect(rule.getByTestId('pce-proration-message')).toHaveText(FULLY_PRORATED)
    await rule.getByTestId('pce-proration-amount').fill('25')
    await expect(rule.getByTestId('pce-proration-message')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('proration.png') })

    await save(page)
    const saved = (await activeCycle(page)).settings.prorationRules
    expect(saved[count]).toEqual({
      proration_value: 'previous_increase',
      comparison: 'between',
      date: ['2030-01-01', '2030-06-30'],
      prorate_amount: 25,
    })
    await page.getByTestId('pce-undo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Save' })).toBeVisible()
    await expect(rules).toHaveCount(count)
    expect((await activeCycle(page)).settings.prorationRules).toEqual(before.settings.prorationRules)
    await page.getByTestId('pce-redo').click()
    await expect(rules).toHaveCount(count + 1)

    await page.reload()
    await expect(rules).toHaveCount(count + 1)
    const shown = rules.nth(count)
    await expect(shown.getByTestId('pce-proration-value')).toHaveValue('previous_increase')
    await expect(shown.getByTestId('pce-proration-comparison')).toHaveValue('between')
    await expect(shown.getByTestId('pce-proration-date-0-input')).toHaveValue(typed('2030-01-01'))
    await expect(shown.getByTestId('pce-proration-date-1-input')).toHaveValue(typed('2030-06-30'))
    await expect(shown.getByTestId('pce-proration-amount')).toHaveValue('25')

    // Back to After: one date, the first one kept.
    await shown.getByTestId('pce-proration-comparison').selectOption({ label: 'After' })
    await expect(shown.getByTestId('pce-proration-date-1-input')).toHaveCount(0)
    await expect(shown.getByTestId('pce-proration-date-0-input')).toHaveValue(typed('2030-01-01'))
    await page.getByTestId('pce-revert').click()
    await expect(shown.getByTestId('pce-proration-comparison')).toHaveValue('between')
  })

  test('the company merit budget is saved, shown again after a reload, and Undo puts the old one back', async ({
    page,
  }) => {
    await openConfig(page, app)
    const before = await activeCycle(page)
    const budget = page.getByTestId('pce-budget')
    const shownBefore = await budget.inputValue()
    expect(before.companyMeritBudget).not.toBe(123456789)

    await budget.fill('1234567.89')
    await budget.press('Tab')
    await save(page)
    expect((await activeCycle(page)).companyMeritBudget).toBe(123456789)
    await page.reload()
    await expect(budget).toHaveValue(/^1,?234,?567\.89$/)

    // Emptied: no company budget; Undo (this visit's step) puts the budget back, kept after a reload.
    await budget.fill('')
    await budget.press('Tab')
    await save(page)
    expect((await activeCycle(page)).companyMeritBudget).toBeNull()
    await page.getByTestId('pce-undo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Save' })).toBeVisible()
    await expect(budget).toHaveValue(/^1,?234,?567\.89$/)
    expect((await activeCycle(page)).companyMeritBudget).toBe(123456789)
    await page.reload()
    await expect(budget).toHaveValue(/^1,?234,?567\.89$/)
    expect(shownBefore).not.toBe(await budget.inputValue())
  })
})
