import { expect, test, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { expectToastShown, recordToasts } from './support/toasts'

const demo = generateDemoCompany({ employees: 500, seed: 1 })

async function openUsers(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Users', exact: true })
    .click()
  await expect(page.getByTestId('users-table')).toBeVisible()
}

async function search(page: Page, text: string) {
  await page.getByTestId('users-search').fill(text)
  await expect(page.getByTestId('users-row').first()).toContainText(text, { ignoreCase: true })
}

test.describe('Users as the OWNER', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('adds a user, invites them, changes a role, and undoes each', async ({ page }) => {
    await openUsers(page, app)
    await expect(page.getByTestId('invitation-notice')).toContainText(
      'sending them by e-mail arrives with the company server',
    )
    await expect(page.getByTestId('pagination')).toContainText(`1–25 of`)

    // AddUser (spec §5): both fields required.
    await page.getByTestId('users-add').click()
    await page.getByTestId('add-user-submit').click()
    await expect(page.getByText('Email is required.')).toBeVisible()
    await expect(page.getByText('Role is required.')).toBeVisible()
    const roles = await page.getByTestId('add-user-role').locator('option').allTextContents()
    expect(roles).toEqual(['Choose a role', 'Owner', 'Admin'])
    await page.getByTestId('add-user-email').fill('new.analyst@example.test')
    await page.getByTestId('add-user-role').selectOption('ADMIN')
    await page.getByTestId('add-user-submit').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Created User new.analyst@example.test for new.analyst' }),
    ).toBeVisible()

    await search(page, 'new.analyst@example.test')
    const row = page.getByTestId('users-row').first()
    await row.getByRole('button', { name: 'Send Invite' }).click()
    await expect(
      page.getByTestId('toast').filter({
        hasText: 'This workbook cannot send mail: copy the invitation for new.analyst@example.test below',
      }),
    ).toBeVisible()
    await expect(page.getByTestId('invitation-text')).toHaveValue(/To: new\.analyst@example\.test/)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(row.getByRole('button', { name: 'Resend Invite' })).toBeVisible()

    // Change a role.
    const planner = demo.sampleUsers.PLANNER
    await search(page, planner)
    const plannerRow = page.getByTestId('users-row').first()
    await expect(plannerRow.getByTestId('users-role')).toHaveValue('PLANNER')
    await plannerRow.getByTestId('users-role').selectOption('ADMIN')
    await expect(page.getByTestId('toast').filter({ hasText: `is now Admin` })).toBeVisible()
    await expect(plannerRow.getByTestId('users-role')).toHaveValue('ADMIN')

    // Undo the role change (Ctrl+Z), then the new user (the Undo button).
    await page.locator('body').click()
    await page.keyboard.press('Control+z')
    await expect(plannerRow.getByTestId('users-role')).toHaveValue('PLANNER')
    await page.getByTestId('users-undo').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Undone: create new.analyst@example.test' }),
    ).toBeVisible()
    await page.getByTestId('users-search').fill('new.analyst')
    await expect(page.getByTestId('users-empty')).toBeVisible()
    // Redo brings the user back.
    await page.getByTestId('users-redo').click()
    await expect(page.getByTestId('users-row')).toHaveCount(1)
  })

  test("one's own role cannot be changed, and deleting asks first", async ({ page }) => {
    await openUsers(page, app)
    await search(page, demo.sampleUsers.OWNER)
    const own = page.getByTestId('users-row').first()
    await expect(own.getByTestId('users-role')).toHaveCount(0)
    await expect(own.getByTestId('users-role-text')).toHaveAttribute(
      'title',
      'Users cannot change their own role.',
    )

    await search(page, demo.sampleUsers.COMM_MANAGER)
    const comms = page.getByTestId('users-row').first()
    await comms.getByTestId('users-delete').click()
    await page.getByTestId('dialog-cancel').click()
    await expect(comms.getByTestId('users-role')).toHaveValue('COMM_MANAGER')
    await comms.getByTestId('users-delete').click()
    await page.getByTestId('dialog-confirm').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Deleted user ' })).toBeVisible()
    await expect(comms).toHaveAttribute('data-rank', '-1')
    await page.getByTestId('users-undo').click()
    await expect(comms.getByTestId('users-role')).toHaveValue('COMM_MANAGER')
  })
})

test.describe('Users as an ADMIN', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo', '--as', demo.sampleUsers.ADMIN])
  })
  test.afterAll(() => app.stop())

  test('grants only the roles below admin, creates a user for an employee and invites them', async ({
    page,
  }) => {
    await openUsers(page, app)
    await recordToasts(page)
    await search(page, demo.sampleUsers.OWNER)
    await expect(page.getByTestId('users-row').first().getByTestId('users-role')).toHaveCount(0)

    await page.getByTestId('users-search').fill('')
    await page.getByTestId('users-filter').selectOption('noUser')
    const withEmail = page.locator('[data-testid="users-row"][data-rank="-1"]').first()
    const name = (await withEmail.locator('.users__name').textContent()) ?? ''
    await page.getByTestId('users-search').fill(name)
    const row = page.locator('[data-testid="users-row"][data-rank="-1"]').first()
    await expect(row.getByTestId('users-create')).toHaveCount(0)
    const offered = await row.getByTestId('users-new-role').locator('option').allTextContents()
    expect(offered).not.toContain('Admin')
    expect(offered).not.toContain('Owner')

    // The email input: a severity icon on a bad address; a saved change is undoable.
    const email = row.getByTestId('users-email')
    const original = await email.inputValue()
    await email.fill('not-an-email')
    await expect(row.getByRole('img', { name: 'error: Invalid email format' })).toBeVisible()
    await email.fill(demo.sampleUsers.OWNER)
    await email.press('Enter')
    await expectToastShown(page, `Saved Email of ${name}`)
    // That email belongs to a user already: Create User fails, recorded on the row (spec §8).
    await row.getByTestId('users-new-role').selectOption('EMPLOYEE')
    await row.getByTestId('users-create').click()
    const failure = `Error creating ${demo.sampleUsers.OWNER}: A user with the email ${demo.sampleUsers.OWNER} already exists.`
    await expectToastShown(page, failure)
    await expect(row.getByTestId('users-row-error')).toHaveText(failure)
    await page.getByTestId('users-undo').click()
    await expect(email).toHaveValue(original)

    await row.getByTestId('users-new-role').selectOption('EMPLOYEE')
    await row.getByTestId('users-create').click()
    await expectToastShown(page, `for ${name}`)
    await page.getByTestId('users-filter').selectOption('users')
    const created = page.getByTestId('users-row').filter({ hasText: name }).first()
    await created.getByRole('button', { name: 'Send Invite' }).click()
    await expect(page.getByTestId('invitation-text')).toHaveValue(/as Employee\./)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(created.getByRole('button', { name: 'Resend Invite' })).toBeVisible()

    // Change the role, and undo it.
    await created.getByTestId('users-role').selectOption('MANAGER')
    await expectToastShown(page, 'is now Manager')
    await page.getByTestId('users-undo').click()
    await expect(created.getByTestId('users-role')).toHaveValue('EMPLOYEE')
  })
})

test("an imported company gets its planners: 'Create users for all managers' previews, creates, and undoes", async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-managers-'))
  const file = path.join(dir, 'acme.paycycle')
  const csv = path.join(dir, 'employees.csv')
  const run = (...args: string[]) =>
    expect(spawnSync(process.execPath, ['out/main/cli.js', ...args]).status).toBe(0)
  run('demo-csv', csv, '--employees', '60')
  // One manager without an email: the preview says so and leaves them out.
  const lines = fs.readFileSync(csv, 'utf8').trimEnd().split('\n')
  const rows = lines.slice(1).map((line) => line.split(','))
  const managerIds = new Set(rows.map((r) => r[4]).filter(Boolean))
  const managers = rows.filter((r) => managerIds.has(r[0]))
  const noEmail = managers[managers.length - 1]
  noEmail[3] = ''
  fs.writeFileSync(csv, [lines[0], ...rows.map((r) => r.join(','))].join('\n') + '\n')
  run('new', file, '--company', 'Acme')
  run('import', file, csv)
  const app = await startApp(['--workbook', file], dir)
  try {
    await openUsers(page, app)
    await page.getByTestId('users-managers').click()
    const preview = page.getByTestId('managers-preview')
    await expect(preview).toContainText(`${managers.length - 1} managers will get a PLANNER user.`)
    await expect(preview).toContainText('1 have no email: add one on their row first.')
    await page.getByTestId('managers-create').click()
    await expect(
      page
        .getByTestId('toast')
        .filter({ hasText: `Created ${managers.length - 1} PLANNER users for managers` }),
    ).toBeVisible()
    const manager = managers[0]
    await search(page, manager[1])
    const row = page.getByTestId('users-row').filter({ hasText: manager[0] })
    await expect(row.getByTestId('users-role')).toHaveValue('PLANNER')
    await expect(row.getByTestId('users-send-invite')).toHaveText('Send Invite')
    await search(page, noEmail[1])
    await expect(page.getByTestId('users-row').filter({ hasText: noEmail[0] })).toContainText('No user')

    await page.getByTestId('users-undo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone:' })).toBeVisible()
    await search(page, manager[1])
    await expect(row.getByTestId('users-role')).toHaveCount(0)
    await expect(row.getByTestId('users-new-role')).toBeVisible()
  } finally {
    await app.stop()
  }
})
