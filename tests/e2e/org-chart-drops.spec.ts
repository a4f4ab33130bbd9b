import { expect, test, type Page } from '@playwright/test'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const managers = new Set(demo.teams.map((t) => t.managerId))
const nameOf = (id: number | null) => demo.employees.find((e) => e.id === id)!.name
const pathTo = (teamId: number) => {
  const path = []
  for (
    let t = demo.teams.find((x) => x.id === teamId);
    t;
    t = demo.teams.find((x) => x.id === t!.parentTeamId)
  )
    path.unshift(t)
  return path
}
/** A team with sub-teams and a member who manages nobody: the member is dragged onto a sub-team's card. */
const parent = demo.teams.find(
  (t) =>
    demo.teams.some((s) => s.parentTeamId === t.id && s.managerId != null) &&
    demo.employees.some((e) => e.teamId === t.id && !managers.has(e.id)),
)!
const member = demo.employees
  .filter((e) => e.teamId === parent.id && !managers.has(e.id))
  .sort((a, b) => a.name.localeCompare(b.name))[0]
const target = demo.teams
  .filter((t) => t.parentTeamId === parent.id && t.managerId != null)
  .sort((a, b) => a.name.localeCompare(b.name))[0]

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })
const card = (page: Page, id: number) =>
  page.getByTestId('org-members').locator(`[data-testid="org-card"][data-employee-id="${id}"]`)
const teamCard = (page: Page, id: number) =>
  page.getByTestId('org-team').filter({ has: page.locator(`[data-team-id="${id}"]`) })

async function openTeam(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.goto(`${app.origin}/paycycleplan?tab=orgchart`)
  for (const step of pathTo(parent.id))
    await page.getByRole('button', { name: step.name, exact: true }).click()
  await expect(page.getByTestId('org-chart')).toContainText(`› ${parent.name}`)
}

test.describe('org chart drops and managers (issue 36)', () => {
  let app: RunningApp
  test.beforeEach(async () => {
    app = await startApp(['--demo'])
  })
  test.afterEach(() => app.stop())

  test("a drop on a team card's manager box moves the person into the team; the manager stays; undo survives a tab change", async ({
    page,
  }) => {
    await openTeam(page, app)
    const box = teamCard(page, target.id).getByTestId('org-team-manager')
    await expect(box.getByTestId('org-card')).toHaveAttribute('data-employee-id', String(target.managerId))
    // The big box in the middle of the card, where the manager's card sits.
    await card(page, member.id).dragTo(box, { targetPosition: { x: 8, y: 8 } })
    await expect(toast(page, `Moved ${member.name} to ${target.name}`)).toBeVisible()
    await expect(card(page, member.id)).toHaveCount(0)
    await expect(box.getByTestId('org-card')).toHaveAttribute('data-employee-id', String(target.managerId))
    await expect(teamCard(page, target.id)).toContainText(target.name)

    // Leave the tab and come back: the change is still undoable.
    await page.getByTestId('plan-tab-budgets').click()
    await page.getByTestId('plan-tab-orgchart').click()
    await expect(page.getByTestId('org-undo')).toBeEnabled()
    await expect(page.getByTestId('org-undo')).toHaveAttribute(
      'title',
      `Moved ${member.name} to ${target.name}`,
    )
    await page.getByTestId('org-undo').click()
    await expect(toast(page, `Undone: Moved ${member.name} to ${target.name}`)).toBeVisible()
    for (const step of pathTo(parent.id))
      await page.getByRole('button', { name: step.name, exact: true }).click()
    await expect(card(page, member.id)).toBeVisible()
  })

  test('Make manager asks first, naming the team, its old and new manager and its new name', async ({
    page,
  }) => {
    await openTeam(page, app)
    await card(page, member.id).getByTestId('org-move').click()
    await page.getByTestId('move-find').fill(target.name)
    const row = page.locator('.move-list__item').filter({ hasText: target.name }).first()
    await row.getByTestId('move-manager').click()
    const old = nameOf(target.managerId)
    await expect(page.getByTestId('dialog')).toContainText(
      `Make ${member.name} the manager of ${target.name}, replacing ${old}? The team will be renamed ${member.name}'s Team.`,
    )
    await page.getByTestId('dialog-cancel').click()
    await expect(card(page, member.id)).toBeVisible()
    await expect(teamCard(page, target.id)).toContainText(target.name)

    await card(page, member.id).getByTestId('org-move').click()
    await page.getByTestId('move-find').fill(target.name)
    await page
      .locator('.move-list__item')
      .filter({ hasText: target.name })
      .first()
      .getByTestId('move-manager')
      .click()
    await page.getByTestId('dialog-confirm').click()
    await expect(toast(page, `${member.name} now manages ${member.name}'s Team`)).toBeVisible()
    await expect(
      teamCard(page, target.id).getByTestId('org-team-manager').getByTestId('org-card'),
    ).toHaveAttribute('data-employee-id', String(member.id))
  })
})
