import { expect, test, type Page } from '@playwright/test'
import type { TablePage } from '../../src-shared/contract'
import { UNSTORABLE_TEXT } from '../../src-shared/domain/free-text'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { gridCell } from './support/grid'
import { startApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const manager = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)!
const managerTeam = demo.teams.find((t) => t.managerId === manager.employeeId)!
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const SUBMITTED_LOCK = 'Your plan is submitted; choices are locked.'

/** Counts the company's lists (employees.list, rewards.list) the page downloads from now on. */
function countCompanyLists(page: Page): { count: number } {
  const seen = { count: 0 }
  page.on('request', (request) => {
    if (/\/api\/invoke\/(employees|rewards)\.list$/.test(new URL(request.url()).pathname)) seen.count += 1
  })
  return seen
}

async function tableRows(page: Page): Promise<TablePage['rows']> {
  return page.evaluate(async () => {
    const body = { offset: 0, limit: 25, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return ((await response.json()) as { value: TablePage }).value.rows
  })
}

test('a manager submits their plan from the Compensation Table: comments required, then the rows lock', async ({
  page,
}) => {
  const app = await startApp(['--demo', '--as', manager.email])
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    const lists = countCompanyLists(page)
    await page.goto(app.url)
    // A MANAGER is not sent to the table after login (spec §2): open it.
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    // The initial data load downloads the lists once; a submission downloads them no more.
    expect(lists.count).toBeGreaterThan(0)
    const loaded = lists.count
    const editable = (await tableRows(page)).find((r) => r.editable)
    if (!editable) throw new Error('no editable row before submitting')
    const cell = gridCell(page, editable.id, 'newSalary').first()
    await expect(cell).toBeVisible()
    await page.getByTestId('submit-plan').click()
    const dialog = page.getByTestId('dialog')
    await expect(dialog).toContainText('Once submitted, your choices get locked')
    await dialog.getByTestId('submit-plan-comments').focus()
    await page.keyboard.press('Tab')
    await expect(dialog.getByText('This field is required.')).toBeVisible()
    // Issue 37: a NUL or a lone surrogate is refused as it is typed, the field named in place.
    const comments = dialog.getByTestId('submit-plan-comments')
    const refused = async () => {
      await expect(dialog.getByTestId('submit-plan-comments-error')).toHaveText(
        `Comments: ${UNSTORABLE_TEXT}`,
      )
      await expect(dialog.getByTestId('submit-plan-confirm')).toBeDisabled()
    }
    await comments.fill('Calibrated\u0000')
    await refused()
    await comments.fill('Calibrated')
    await expect(dialog.getByTestId('submit-plan-comments-error')).toHaveCount(0)
    // A lone surrogate cannot cross Playwright's wire (it becomes U+FFFD): made in the page, as a paste would.
    await comments.evaluate((element) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
      setValue?.call(element, `Calibrated ${String.fromCharCode(0xd800)}`)
      element.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await refused()
    await dialog.getByTestId('submit-plan-comments').fill('Calibrated with my leads')
    await expect(dialog.getByTestId('submit-plan-comments-error')).toHaveCount(0)
    await dialog.getByTestId('submit-plan-confirm').click()
    await expect(toast(page, 'Successfully submitted')).toBeVisible()
    await expect(page.getByTestId('plan-submitted')).toHaveText('Submitted')
    // The rows shown were asked again: the one that was editable is locked, with the reason.
    await cell.hover()
    // The row drawn again under the pointer may open a second tooltip while the first one fades.
    await expect(page.getByTestId('locked-tooltip').last()).toContainText(SUBMITTED_LOCK)
    expect(lists.count).toBe(loaded)
    const rows = await tableRows(page)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.editable).toBe(false)
      // An ineligible employee's row keeps its eligibility reason; every other row gives the lock's.
      if (!row.lockedReason?.startsWith('Employee not eligible'))
        expect(row.lockedReason).toBe('Your plan is submitted; choices are locked.')
    }
    expect(
      rows.filter((r) => r.lockedReason === 'Your plan is submitted; choices are locked.').length,
    ).toBeGreaterThan(0)
  } finally {
    await app.stop()
  }
})

test('an admin forces a submission (HR) on Planner Status, then sends it back for changes', async ({
  page,
}) => {
  const app = await startApp(['--demo'])
  try {
    const lists = countCompanyLists(page)
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    expect(lists.count).toBeGreaterThan(0)
    const loaded = lists.count
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Planner Status' })
      .click()
    const card = page.locator(`[data-testid="status-card"][data-team-id="${managerTeam.id}"]`)
    await expect(card).toHaveAttribute('data-submitted', 'false')
    await card.getByTestId('force-submit').click()
    const dialog = page.getByTestId('dialog')
    await expect(dialog).toContainText(`Force Submit for ${manager.name}`)
    await dialog.getByTestId('submit-plan-comments').fill('HR closes the division')
    await expect(dialog.getByTestId('submit-plan-confirm')).toBeDisabled()
    await dialog.getByTestId('submit-plan-word').fill('HR')
    await dialog.getByTestId('submit-plan-confirm').click()
    await expect(toast(page, 'Successfully submitted')).toBeVisible()
    await expect(card).toHaveAttribute('data-submitted', 'true')
    await expect(card.getByTestId('status-submitted')).toContainText('Submitted (HR)')

    await card.getByTestId('edit-submission').click()
    await expect(page.getByTestId('submission-comments')).toHaveValue('HR closes the division')
    await page.getByTestId('send-back').click()
    await expect(toast(page, `Sent back to ${manager.name} for changes`)).toBeVisible()
    await expect(card).toHaveAttribute('data-submitted', 'false')
    // Neither the forced submission nor the send-back downloaded the company's lists again.
    expect(lists.count).toBe(loaded)
  } finally {
    await app.stop()
  }
})

test('Planner Status finds a team by name and drills into it', async ({ page }) => {
  const app = await startApp(['--demo'])
  try {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Planner Status' })
      .click()
    const deep = demo.teams.find((t) => t.parentTeamId === managerTeam.id)!
    await page.getByTestId('status-find').fill(deep.name.slice(0, 8))
    await page.getByRole('option').filter({ hasText: deep.name }).first().getByRole('button').click()
    await expect(page.locator(`[data-testid="status-card"][data-team-id="${deep.id}"]`).first()).toBeVisible()
    await expect(page.getByRole('button', { name: `Back to ${managerTeam.name}` })).toBeVisible()
  } finally {
    await app.stop()
  }
})

test("Planner Status shows its cards without waiting for the company's lists (the initial data load)", async ({
  page,
}) => {
  const app = await startApp(['--demo'])
  try {
    // Hold the employees list, the largest of the initial load, until the cards are on screen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/invoke/employees.list', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(app.url)
    await page.goto(`${app.origin}/plannerstatus`)
    await expect(page.locator(`[data-testid="status-card"][data-team-id="${managerTeam.id}"]`)).toBeVisible()
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loading')
    release()
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  } finally {
    await app.stop()
  }
})
