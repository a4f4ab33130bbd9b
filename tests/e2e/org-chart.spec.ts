import { expect, test, type Page } from '@playwright/test'
import type { TablePage } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const top = demo.teams.find((t) => t.parentTeamId === null)!
const division = demo.teams
  .filter((t) => t.parentTeamId === top.id)
  .sort((a, b) => a.name.localeCompare(b.name))[0]
const managers = new Set(demo.teams.map((t) => t.managerId))
/** A team below the division whose members include people who manage nobody. */
const team = demo.teams.find(
  (t) =>
    t.parentTeamId === division.id && demo.employees.some((e) => e.teamId === t.id && !managers.has(e.id)),
)!
const member = demo.employees
  .filter((e) => e.teamId === team.id && !managers.has(e.id))
  .sort((a, b) => a.name.localeCompare(b.name))[0]
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const card = (page: Page, id: number) => page.locator(`[data-testid="org-card"][data-employee-id="${id}"]`)

async function openTeam(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.goto(`${app.origin}/paycycleplan?tab=orgchart`)
  for (const step of [top, division, team])
    await page.getByRole('button', { name: step.name, exact: true }).click()
  await expect(page.getByTestId('org-chart')).toContainText(`› ${team.name}`)
}

test.describe('org chart', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test('drags an employee to the company root, then undoes it', async ({ page }) => {
    await openTeam(page, app)
    await expect(card(page, member.id)).toBeVisible()
    await card(page, member.id).dragTo(page.getByTestId('org-company'))
    await expect(toast(page, `Moved ${member.name} to the company`)).toBeVisible()
    await expect(card(page, member.id)).toHaveCount(0)
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await expect(toast(page, `Undone: Moved ${member.name} to the company`)).toBeVisible()
    await expect(card(page, member.id)).toBeVisible()
  })

  test('moves an employee into another team from the keyboard (Move…)', async ({ page }) => {
    await openTeam(page, app)
    const other = demo.teams.find((t) => t.parentTeamId === division.id && t.id !== team.id)!
    await card(page, member.id).getByTestId('org-move').click()
    await page.getByTestId('move-find').fill(other.name)
    await page
      .locator('.move-list__item')
      .filter({ hasText: other.name })
      .first()
      .getByTestId('move-into')
      .click()
    await expect(toast(page, `Moved ${member.name} to ${other.name}`)).toBeVisible()
    await expect(card(page, member.id)).toHaveCount(0)
    await page.getByTestId('org-undo').click()
    await expect(card(page, member.id)).toBeVisible()
  })
})

test('a team left without a manager: Planner Status says No planner, offers no Force Submit, and its rows wait for the manager above', async ({
  page,
}) => {
  const app = await startApp(['--demo'])
  try {
    await openTeam(page, app)
    const managerCard = page.getByTestId('org-manager-slot').getByTestId('org-card')
    await expect(managerCard).toHaveAttribute('data-employee-id', String(team.managerId))
    // Spec §4: a manager's card dropped back on the team it manages just removes it from that team.
    await managerCard.dragTo(page.getByTestId('org-manager-slot'), { targetPosition: { x: 8, y: 8 } })
    await expect(toast(page, `${team.name} has no manager now`)).toBeVisible()
    await expect(page.getByTestId('org-manager-slot')).toContainText('Drop a manager here')

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Planner Status' })
      .click()
    await page.getByRole('button', { name: division.name, exact: true }).first().click()
    const status = page.locator(`[data-testid="status-card"][data-team-id="${team.id}"]`).first()
    await expect(status.getByTestId('status-no-planner')).toHaveText('No planner')
    await expect(status).toHaveAttribute('data-submitted', 'false')
    await expect(status.getByTestId('force-submit')).toHaveCount(0)
    await expect(status.getByTestId('edit-submission')).toHaveCount(0)
    await page.screenshot({ path: 'test-results/orphan-team-status.png' })

    // The team's own members now wait for the division's manager, the nearest planner above.
    const divisionManager = demo.employees.find((e) => e.id === division.managerId)!
    const rows = await page.evaluate(async (name) => {
      const body = { offset: 0, limit: 25, sort: null, filters: {}, search: name, viewAsEmployeeId: null }
      const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
      return ((await response.json()) as { value: TablePage }).value.rows
    }, member.name)
    const row = rows.find((r) => r.id === member.id)!
    expect(row.violations.map((v) => v.message)).toContain(
      `Waiting for a submission from ${divisionManager.name}`,
    )
  } finally {
    await app.stop()
  }
})
