import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { PayCycleDto, Result, TableRow } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { gridCell } from './support/grid'
import { startApp, type RunningApp } from './support/app'

const CLOSED = 'The pay cycle is closed; choices are locked.'

/** A port nobody listens on: the rates service is offline for this run. */
async function deadPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function api<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/api/invoke/${name}`, { method: 'POST', body: JSON.stringify(body) })
      return (await response.json()) as Result<unknown>
    },
    [channel, input] as const,
  )
  if (!result.ok) throw new Error(result.error.message)
  return result.value as T
}

const cycles = (page: Page) => api<PayCycleDto[]>(page, 'payCycles.list', {})

async function openConfig(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByTestId('nav-paycycleplan').click()
  await page.getByTestId('plan-tab-config').click()
  await expect(page).toHaveURL(/tab=config/)
  await expect(page.getByTestId('pay-cycle-editor')).toBeVisible()
}

test.describe.serial('the pay cycle editor as the demo owner', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    process.env.MERITBOOK_RATES_URL = `http://127.0.0.1:${await deadPort()}`
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test("the slider snaps to 50 % from 46 to 54; 'This field is required.' after blur; Save; Undo", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openConfig(page, app)
    const [cycle] = await cycles(page)
    const slider = page.getByTestId('pce-minPerformanceMaxPIR')
    const percent = page.getByTestId('pce-minPerformanceMaxPIR-percent')
    for (const [typed, shown, value] of [
      ['60', '60', '0.6'],
      ['47', '50', '0.5'],
      ['54', '50', '0.5'],
      ['46', '50', '0.5'],
      ['44', '45', '0.45'],
    ]) {
      await percent.fill(typed)
      await percent.press('Tab')
      await expect(percent).toHaveValue(shown)
      await expect(slider).toHaveValue(value)
    }
    // The slider itself moves in steps of 0.05 (5 %).
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveValue('0.5')
    await expect(percent).toHaveValue('50')

    const name = page.getByTestId('pce-name')
    await name.fill('')
    await expect(page.getByText('This field is required.')).toHaveCount(0)
    await name.press('Tab')
    const nameField = page.locator('.pce-field').filter({ has: name })
    await expect(nameField.getByRole('alert')).toHaveText('This field is required.')
    await page.getByTestId('pce-save').click()
    await expect(page.getByTestId('pce-error')).toHaveText('Fix the fields marked in red first.')
    await name.fill('FY2026 Merit Cycle (edited)')
    await expect(nameField.getByRole('alert')).toHaveCount(0)

    // The effective date cannot be before today; the saved one (already past) may stay.
    const date = page.getByTestId('pce-effective-input')
    await date.fill('1/1/2020')
    await date.press('Tab')
    await expect(page.getByTestId('pce-effective-error')).toHaveText(
      'The effective date cannot be before today.',
    )
    const [y, m, d] = (cycle.effectiveDate ?? '').split('-').map(Number)
    await date.fill(`${m}/${d}/${y}`)
    await date.press('Tab')
    await expect(page.getByTestId('pce-effective-error')).toHaveCount(0)

    await page.getByTestId('pce-save').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully saved FY2026 Merit Cycle (edited)' }),
    ).toBeVisible()
    await expect(page.getByTestId('pce-dirty')).toHaveText('Saved')
    const [saved] = await cycles(page)
    expect(saved.name).toBe('FY2026 Merit Cycle (edited)')
    expect(saved.settings.minPerformanceMaxPIR).toBe(0.5)
    await page.screenshot({ path: test.info().outputPath('saved.png') })

    await page.getByTestId('pce-undo').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Undone: Save FY2026 Merit Cycle (edited)' }),
    ).toBeVisible()
    await expect(page.getByTestId('pce-name')).toHaveValue(cycle.name)
    expect((await cycles(page))[0].name).toBe(cycle.name)
    await page.getByTestId('pce-redo').click()
    await expect(page.getByTestId('pce-name')).toHaveValue('FY2026 Merit Cycle (edited)')
  })

  test('Reload live rates while offline says so and keeps the rates', async ({ page }) => {
    await openConfig(page, app)
    const eur = page.getByTestId('pce-rate-EUR')
    const before = await eur.inputValue()
    await page.getByTestId('pce-reload-rates').click()
    await expect(page.getByTestId('pce-rates-offline')).toContainText('Live rates are offline')
    await expect(eur).toHaveValue(before)
    await expect(page.getByTestId('pce-rates-as-of')).toContainText('Rates entered by hand.')
  })

  test('a new configuration is saved active; Save And Activate makes the other active again', async ({
    page,
  }) => {
    await openConfig(page, app)
    await page.getByTestId('pay-cycle-new').click()
    await expect(page.getByTestId('pay-cycle-editor')).toHaveAttribute('data-mode', 'create')
    await expect(page.getByTestId('pce-name')).toHaveValue('Default Configuration')
    await page.getByTestId('pce-name').fill('FY2027 Merit Cycle')
    await page.getByTestId('pce-create').click()
    await expect(page.getByTestId('dialog')).toContainText('A new configuration is always saved active')
    await page.getByTestId('dialog-confirm').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully saved FY2027 Merit Cycle' }),
    ).toBeVisible()
    const items = page.getByTestId('pay-cycle-item')
    await expect(items).toHaveCount(2)
    await expect(items.nth(0)).toHaveAttribute('data-status', 'closed')
    await expect(items.nth(1)).toHaveAttribute('data-status', 'active')
    await expect(page.getByTestId('pce-save-activate')).toHaveCount(0)

    await items.nth(0).click()
    await expect(page.getByTestId('pce-close-cycle')).toHaveCount(0)
    await page.getByTestId('pce-save-activate').click()
    await page.getByTestId('dialog-confirm').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully saved FY2026 Merit Cycle (edited)' }),
    ).toBeVisible()
    await expect(items.nth(0)).toHaveAttribute('data-status', 'active')
    await expect(items.nth(1)).toHaveAttribute('data-status', 'closed')
    await expect(page.getByTestId('pce-save-activate')).toHaveCount(0)
  })

  test('closing the cycle locks the Compensation Table with its reason; Undo reopens it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openConfig(page, app)
    await page.getByTestId('pce-close-cycle').click()
    await expect(page.getByTestId('dialog')).toContainText('Closing locks every planner choice')
    await page.getByTestId('close-pay-cycle-confirm').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully closed pay cycle.' }),
    ).toBeVisible()
    await expect(page.getByTestId('pce-status')).toContainText('Closed: every planner choice is locked.')

    await page.getByTestId('nav-employeetable').click()
    await expect(page.getByTestId('pagination')).toBeVisible()
    await expect(page.getByTestId('cycle-closed')).toHaveText(CLOSED)
    const { rows } = await api<{ rows: TableRow[] }>(page, 'table.query', {
      offset: 0,
      limit: 500,
      sort: null,
      filters: {},
      search: '',
      viewAsEmployeeId: null,
    })
    expect(rows.every((r) => !r.editable)).toBe(true)
    const row = rows.find((r) => r.lockedReason === CLOSED)
    if (!row) throw new Error('no row is locked by the closed cycle')
    await page.getByTestId('table-search').fill(row.employeeName)
    const cell = gridCell(page, row.id, 'newSalary').first()
    await cell.hover()
    await expect(page.getByTestId('locked-tooltip')).toContainText(CLOSED)
    await cell.dblclick()
    await expect(page.getByTestId('cell-editor')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('locked-table.png') })

    await page.getByTestId('nav-paycycleplan').click()
    await page.getByTestId('plan-tab-config').click()
    await page.getByTestId('pce-undo').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Close Pay Cycle' })).toBeVisible()
    await expect(page.getByTestId('pce-status')).toContainText('Active')
  })
})

test("a workbook without a configuration shows 'No pay cycle configuration is set up.' and can set one up", async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-cycle-'))
  const file = path.join(dir, 'empty.paycycle')
  const created = spawnSync(process.execPath, ['out/main/cli.js', 'new', file, '--company', 'Acme'])
  expect(created.status).toBe(0)
  const db = new Database(file)
  db.prepare('DELETE FROM pay_cycle').run()
  db.close()
  const app = await startApp(['--workbook', file], dir)
  try {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.goto(`${app.origin}/paycycleplan?tab=config`)
    await expect(page.getByTestId('pay-cycle-empty')).toContainText('No pay cycle configuration is set up.')
    await expect(page.getByTestId('pay-cycle-error')).toHaveCount(0)
    await page.getByRole('button', { name: 'Set up a pay cycle' }).click()
    await page.getByTestId('pce-create').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully saved Default Configuration' }),
    ).toBeVisible()
    await expect(page.getByTestId('pay-cycle-item')).toHaveAttribute('data-status', 'active')
  } finally {
    await app.stop()
  }
})

test('an imported company paid in several currencies: the editor names those without a rate until each has one', async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-rates-'))
  const file = path.join(dir, 'acme.paycycle')
  const csv = path.join(dir, 'employees.csv')
  const run = (...args: string[]) =>
    expect(spawnSync(process.execPath, ['out/main/cli.js', ...args]).status).toBe(0)
  run('demo-csv', csv, '--employees', '80')
  run('new', file, '--company', 'Acme')
  run('import', file, csv)
  const app = await startApp(['--workbook', file], dir)
  try {
    await openConfig(page, app)
    const notice = page.getByTestId('pce-missing-rates')
    await expect(notice).toContainText('has no rate per 1 USD here, so it counts as 0 in budgets')
    const codes =
      /^Pay in (.+) has no rate/.exec((await notice.textContent()) ?? '')?.[1].split(/, | and /) ?? []
    expect(codes).toContain('DOP')
    await page.screenshot({ path: test.info().outputPath('missing-rates.png') })
    for (const [i, code] of codes.entries()) {
      await page.getByTestId('pce-add-currency').selectOption(code)
      await page.getByTestId('pce-add-currency-submit').click()
      await page.getByTestId(`pce-rate-${code}`).fill('1.5')
      if (i < codes.length - 1) await expect(notice).not.toContainText(code)
    }
    await expect(notice).toHaveCount(0)
    await page.getByTestId('pce-save').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Successfully saved Default Configuration' }),
    ).toBeVisible()
    await page.reload()
    await expect(page.getByTestId('pay-cycle-editor')).toBeVisible()
    await expect(page.getByTestId('pce-rate-DOP')).toHaveValue('1.5')
    await expect(notice).toHaveCount(0)
  } finally {
    await app.stop()
  }
})

test.describe('the pay cycle editor as an ADMIN', () => {
  const demo = generateDemoCompany({ employees: 500, seed: 1 })
  const admin = demo.sampleUsers.ADMIN
  const waitingRows = async (page: Page) => {
    const { rows } = await api<{ rows: TableRow[] }>(page, 'table.query', {
      offset: 0,
      limit: 500,
      sort: null,
      filters: {},
      search: '',
      viewAsEmployeeId: null,
    })
    return rows.filter((r) => r.violations.some((v) => v.message.startsWith('Waiting for a submission from')))
      .length
  }
  // Issue 39: rows waiting for a sub-planner have a badge of their own beside the pay problems' badge.
  const badge = async (page: Page) => {
    await page.getByTestId('nav-employeetable').click()
    await expect(page.getByTestId('pagination')).toBeVisible()
    return page.getByTestId('waiting-badge')
  }

  test('a violation severity saved re-evaluates the Compensation Table at once, and Undo puts it back', async ({
    page,
  }) => {
    const app = await startApp(['--demo', '--as', admin])
    try {
      await openConfig(page, app)
      const before = (await (await badge(page)).textContent()) ?? ''
      const waitingBefore = await waitingRows(page)
      expect(waitingBefore).toBeGreaterThan(0)
      await page.getByTestId('nav-paycycleplan').click()
      await page.getByTestId('plan-tab-config').click()
      await page.getByTestId('pce-violation-subPlannerNotSubmitted-unset').check()
      await page.getByTestId('pce-save').click()
      await expect(page.getByTestId('toast').filter({ hasText: /^✓?Successfully saved / })).toBeVisible()
      await expect(await badge(page)).toHaveCount(0)
      expect(await waitingRows(page)).toBe(0)

      await page.getByTestId('nav-paycycleplan').click()
      await page.getByTestId('plan-tab-config').click()
      await page.getByTestId('pce-undo').click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Undone: Save' })).toBeVisible()
      await expect(page.getByTestId('pce-violation-subPlannerNotSubmitted-warning')).toBeChecked()
      await expect(await badge(page)).toHaveText(before)
      expect(await waitingRows(page)).toBe(waitingBefore)
    } finally {
      await app.stop()
    }
  })

  test("a save or a close the main process fails says 'Error saving configuration. Please try again.' or 'Error Closing Pay Cycle'", async ({
    page,
  }) => {
    const app = await startApp(['--demo', '--as', admin])
    try {
      await openConfig(page, app)
      const failed = { ok: false, error: { code: 'INTERNAL', message: 'The disk is full.' } }
      await page.route('**/api/invoke/payCycles.save', (route) => route.fulfill({ json: failed }))
      await page.route('**/api/invoke/payCycles.close', (route) => route.fulfill({ json: failed }))
      await page.getByTestId('pce-name').fill('FY2026 (renamed)')
      await page.getByTestId('pce-save').click()
      await expect(
        page.getByTestId('toast').filter({ hasText: 'Error saving configuration. Please try again.' }),
      ).toBeVisible()
      await expect(page.getByTestId('pce-dirty')).not.toHaveText('Saved')
      await page.getByTestId('pce-revert').click()
      await page.getByTestId('pce-close-cycle').click()
      await page.getByTestId('close-pay-cycle-confirm').click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Error Closing Pay Cycle' })).toBeVisible()
      await expect(page.getByTestId('dialog')).toContainText('The disk is full.')
      await page.getByTestId('dialog').getByRole('button', { name: 'Cancel' }).click()
      await expect(page.getByTestId('pce-status')).toContainText('Active')
    } finally {
      await app.stop()
    }
  })
})
