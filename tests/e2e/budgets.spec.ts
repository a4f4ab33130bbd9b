import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const ceo = demo.employees[0]
const ceoTeam = demo.teams.find((t) => t.managerId === ceo.id && t.parentTeamId === null)!
const divisions = demo.teams
  .filter((t) => t.parentTeamId === ceoTeam.id)
  .sort((a, b) => a.name.localeCompare(b.name))

const tile = (page: Page, teamId: number) =>
  page.locator(`[data-testid="budget-tile"][data-team-id="${teamId}"]`)
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })

async function openPlanPayCycle(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Plan Pay Cycle' }).click()
  await expect(page.getByTestId('budget-distribution')).toBeVisible()
}

test.describe('budget distribution view (HyperBalance)', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test('drills down into a team and back up to the Company View', async ({ page }) => {
    await openPlanPayCycle(page, app)
    await expect(page.getByRole('heading', { name: 'Company View' })).toBeVisible()
    await expect(tile(page, ceoTeam.id)).toContainText(ceo.name)
    await tile(page, ceoTeam.id).getByRole('button', { name: ceoTeam.name }).click()
    await expect(page.getByRole('heading', { name: ceoTeam.name, level: 2 }).first()).toBeVisible()
    await expect(page.getByTestId('budget-tile')).toHaveCount(divisions.length + 1)
    const division = divisions[0]
    await tile(page, division.id).getByRole('button', { name: division.name }).click()
    await page.getByRole('button', { name: `Back to ${ceoTeam.name}` }).click()
    await expect(tile(page, division.id)).toBeVisible()
    await page.getByRole('button', { name: 'Back to Company View' }).click()
    await expect(page.getByRole('heading', { name: 'Company View' })).toBeVisible()
  })

  test("edits a team budget: the spec's toast, a message in place for text that is not an amount, the tile's checks, undo", async ({
    page,
  }) => {
    await openPlanPayCycle(page, app)
    await tile(page, ceoTeam.id).getByRole('button', { name: ceoTeam.name }).click()
    const division = divisions[0]
    const input = page.getByLabel(`Budget for ${division.name}`, { exact: true })

    await input.fill('12abc')
    await input.press('Enter')
    // Issue 39: never 'NaN'; the one money parser's message in place.
    await expect(page.getByTestId(`budget-${division.id}-problem`)).toHaveText(
      '"12abc" is not an amount. Type digits, such as 1,500, $2,000, 2.5k or 1.5m.',
    )
    await expect(input).toHaveAttribute('aria-invalid', 'true')

    // Above the parent's budget: an error on both tiles.
    const parentInput = page.getByLabel(`Budget for ${ceoTeam.name}`, { exact: true })
    await parentInput.fill('1,000')
    await parentInput.press('Enter')
    await expect(toast(page, `Saved Budget for ${ceoTeam.name}`)).toBeVisible()
    await input.fill('5000')
    await input.press('Enter')
    await expect(toast(page, `Saved Budget for ${division.name}`)).toBeVisible()
    await expect(tile(page, division.id)).toHaveAttribute('data-status', 'error')
    await expect(tile(page, division.id)).toContainText(
      `${division.name}'s budget exceeds ${ceoTeam.name}'s budget`,
    )
    await tile(page, division.id).getByTestId('budget-status').hover()
    await expect(page.getByTestId('budget-status-tooltip')).toContainText(
      'Fix before HyperBalance Calculation',
    )

    // Undo takes the budgets back one save at a time; the error goes once the parent has none again.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await expect(page.getByTestId(`budget-${division.id}-text`)).toHaveText(
      `$${(division.budget! / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    )
    await expect(toast(page, `Undone: budget for ${division.name}`)).toBeVisible()
    await page.getByTestId('budget-undo').click()
    await expect(page.getByTestId('root-budget-text')).toHaveText('No budget')
    await expect(tile(page, division.id)).not.toHaveAttribute('data-status', 'error')
    await page.getByTestId('budget-redo').click()
    await page.getByTestId('budget-redo').click()
    await expect(page.getByTestId(`budget-${division.id}-text`)).toHaveText('$5,000.00')
    await expect(tile(page, division.id)).toHaveAttribute('data-status', 'error')
  })

  test('edits the company merit budget, and empty clears a team budget', async ({ page }) => {
    await openPlanPayCycle(page, app)
    const company = page.getByLabel('Budget for Company', { exact: true })
    await company.fill('2,000,000')
    await company.press('Tab')
    await expect(toast(page, 'Saved Budget for Company')).toBeVisible()
    await expect(page.getByTestId('company-budget-text')).toHaveText('$2,000,000.00')

    await tile(page, ceoTeam.id).getByRole('button', { name: ceoTeam.name }).click()
    const division = divisions[1]
    const input = page.getByLabel(`Budget for ${division.name}`, { exact: true })
    await input.fill('')
    await input.press('Enter')
    await expect(toast(page, `Saved Budget for ${division.name}`)).toBeVisible()
    await expect(page.getByTestId(`budget-${division.id}-text`)).toHaveText('No budget')
    await page.reload()
    await expect(page.getByLabel('Budget for Company', { exact: true })).toHaveValue('2,000,000.00')
  })
})

test('a MANAGER sees the manager budget view of their own teams', async ({ page }) => {
  const app = await startApp(['--demo', '--as', demo.sampleUsers.MANAGER])
  try {
    const user = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)!
    const own = demo.teams.filter((t) => t.managerId === user.employeeId)
    await page.goto(app.url)
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Summary & Dashboard' })
      .click()
    const view = page.getByTestId('manager-budget')
    await expect(view).toBeVisible()
    await expect(
      view.getByRole('heading', { name: own.length === 1 ? own[0].name : 'Your teams' }),
    ).toBeVisible()
    for (const label of ['Given Budget', 'Surplus', 'Budget Used'])
      await expect(view.getByText(label).first()).toBeVisible()
    const others = demo.teams.filter((t) => !own.some((o) => o.id === t.id) && t.parentTeamId === null)
    for (const team of others) await expect(view.getByText(team.name)).toHaveCount(0)
  } finally {
    await app.stop()
  }
})

test("a team of 2 or fewer members: the budget input is disabled, with the spec's tooltip", async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-budgets-'))
  const file = path.join(dir, 'small-team.paycycle')
  const created = spawnSync(process.execPath, [
    'out/main/cli.js',
    'new',
    file,
    '--demo',
    '100',
    '--seed',
    '1',
  ])
  expect(created.status).toBe(0)
  const db = new Database(file)
  const root = db.prepare('SELECT id FROM team WHERE parent_team_id IS NULL').get() as { id: number }
  const { lastInsertRowid } = db
    .prepare("INSERT INTO team (name, parent_team_id) VALUES ('Two Person Team', ?)")
    .run(root.id)
  db.prepare(
    'UPDATE employee SET team_id = ? WHERE id IN (SELECT id FROM employee ORDER BY id DESC LIMIT 2)',
  ).run(lastInsertRowid)
  db.close()
  const app = await startApp(['--workbook', file], dir)
  try {
    await openPlanPayCycle(page, app)
    await tile(page, root.id).getByRole('button').first().click()
    const input = page.getByLabel('Budget for Two Person Team', { exact: true })
    await expect(input).toBeDisabled()
    await page.getByTestId(`budget-${lastInsertRowid}`).hover()
    await expect(page.getByTestId(`budget-${lastInsertRowid}-disabled`)).toHaveText(
      'Input is disabled because the team has 2 or fewer members.',
    )
  } finally {
    await app.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
