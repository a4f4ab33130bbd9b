import { expect, test, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { formatMoney } from '../../src-shared/domain/money'
import { jobProfileLabel } from '../../src-shared/domain/job-profiles'
import { DEFAULT_TABLE_COLUMNS } from '../../src-shared/domain/table-columns'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { newSalaryForPercent } from '../../src-renderer/features/compensation-table/cell-edit'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell, gridRow } from './support/grid'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const ALL: ChannelInput<'table.query'> = {
  offset: 0,
  limit: 500,
  sort: null,
  filters: {},
  search: '',
  viewAsEmployeeId: null,
}

/** Calls the main process from the page, as the signed-in user (browser mode's HTTP bridge). */
async function api<C extends 'table.query' | 'rewards.update'>(
  page: Page,
  channel: C,
  input: ChannelInput<C>,
): Promise<Result<ChannelOutput<C>>> {
  return page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/api/invoke/${name}`, { method: 'POST', body: JSON.stringify(body) })
      return (await response.json()) as Result<ChannelOutput<C>>
    },
    [channel, input] as const,
  )
}

async function rowsOf(page: Page, query: Partial<ChannelInput<'table.query'>> = {}): Promise<TableRow[]> {
  const result = await api(page, 'table.query', { ...ALL, ...query })
  if (!result.ok) throw new Error(result.error.message)
  return result.value.rows
}

const grid = compensationTable
const cell = (page: Page, id: number, column: string) => gridCell(grid(page), id, column)
const usd = (cents: number) => formatMoney(cents, 'USD')

async function open(page: Page, app: RunningApp, path?: string) {
  await page.goto(app.url)
  if (path) await page.goto(`${app.origin}${path}`)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toBeVisible()
}

/** Shows one employee: searches by name until the table has that row only. */
async function showOnly(page: Page, row: TableRow) {
  await page.getByTestId('table-search').fill(row.employeeName)
  await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
  await expect(cell(page, row.id, 'employeeName')).toContainText(row.employeeName)
}

/** Opens the cell's editor with Enter, types, and commits with Enter. */
async function typeInto(page: Page, id: number, column: string, text: string) {
  await cell(page, id, column).click()
  await page.keyboard.press('Enter')
  const input = page.getByTestId('cell-editor').locator('input')
  await expect(input).toBeFocused()
  await input.fill(text)
  await input.press('Enter')
  await expect(page.getByTestId('cell-editor')).toHaveCount(0)
}

async function uniqueRow(page: Page, pick: (row: TableRow) => boolean): Promise<TableRow> {
  const rows = await rowsOf(page)
  const names = new Map<string, number>()
  for (const row of rows) names.set(row.employeeName, (names.get(row.employeeName) ?? 0) + 1)
  const row = rows.find((r) => pick(r) && names.get(r.employeeName) === 1)
  if (!row) throw new Error('no demo row fits')
  return row
}

const plannable = (r: TableRow) =>
  r.editable && r.salaried && r.currency === 'USD' && r.severity === 'none' && r.payRange !== null

test.describe('the Compensation Table as the demo owner', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('edits a new salary by percent and by dollars; the violations follow; undo and redo', async ({
    page,
  }) => {
    await open(page, app)
    const row = await uniqueRow(
      page,
      (r) => plannable(r) && (r.positionInRange ?? 1) > 0.2 && (r.positionInRange ?? 1) < 0.6,
    )
    await showOnly(page, row)
    const badge = page.getByTestId('violation-badge')
    await expect(badge).toHaveAttribute('data-severity', 'none')

    // By percent (Salary Increase): four decimals, green when positive.
    const byPercent = usd(newSalaryForPercent(row, 5))
    await typeInto(page, row.id, 'salaryIncrease', '5')
    await expect(cell(page, row.id, 'newSalary')).toHaveText(byPercent)
    await expect(cell(page, row.id, 'salaryIncrease')).toHaveText('5.0000%')
    await expect(cell(page, row.id, 'salaryIncrease').locator('.percent--positive')).toBeVisible()

    // By dollars, below the current salary: 'Pay increase is negative.'
    const lower = row.currentSalary - 100_000
    await typeInto(page, row.id, 'newSalary', String(lower / 100))
    await expect(cell(page, row.id, 'newSalary')).toHaveText(usd(lower))
    await expect(cell(page, row.id, 'salaryIncrease').locator('.percent--negative')).toBeVisible()
    await expect(badge).toHaveAttribute('data-severity', 'error')
    await expect(badge).toContainText('1 error')

    await cell(page, row.id, 'employeeName').hover()
    const tooltip = page.getByTestId('row-violation-tooltip')
    await expect(tooltip).toContainText('Pay increase is negative.')
    await expect(tooltip.locator('[data-severity="error"]')).toHaveCount(1)

    await page.getByTestId('view-all').click()
    const panel = page.getByTestId('violation-panel')
    await expect(panel).toBeVisible()
    await panel.locator('[data-rule="negativePayChange"] button[aria-expanded]').click()
    const listed = panel.locator(`[data-testid="violation-row"][data-employee-id="${row.id}"]`)
    await expect(listed).toContainText('Pay increase is negative.')
    // Spec: the side panel is half the screen width.
    const width = await panel.evaluate((el) => el.getBoundingClientRect().width / window.innerWidth)
    expect(width).toBeCloseTo(0.5, 2)
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toHaveCount(0)

    // Ctrl+Z puts the percent edit's value back; Ctrl+Shift+Z does the dollar edit again.
    await page.keyboard.press('Control+z')
    await expect(cell(page, row.id, 'newSalary')).toHaveText(byPercent)
    await expect(badge).toHaveAttribute('data-severity', 'none')
    await page.keyboard.press('Control+Shift+z')
    await expect(cell(page, row.id, 'newSalary')).toHaveText(usd(lower))
    await page.keyboard.press('Control+z')
    await page.keyboard.press('Control+z')
    await expect(cell(page, row.id, 'newSalary')).toHaveText(row.newSalary === null ? '' : usd(row.newSalary))

    // The row's history drawer lists every change: two edits, undo, redo and two undos.
    await gridRow(grid(page), row.id).getByTestId('row-history').click()
    const history = page.getByTestId('history-panel')
    await expect(history.getByTestId('history-entry').filter({ hasText: '· table' })).toHaveCount(6)
  })

  test('a refused edit shows the main process message and keeps the old value', async ({ page }) => {
    await open(page, app)
    const row = await uniqueRow(page, plannable)
    await showOnly(page, row)
    const before = await cell(page, row.id, 'lumpSum').innerText()
    // 500 billion is past what rewards.update accepts (1e13 cents).
    await typeInto(page, row.id, 'lumpSum', '500000000000')
    await expect(page.locator('[data-testid="toast"][data-kind="error"]')).toContainText('lumpSum')
    await expect(cell(page, row.id, 'lumpSum')).toHaveText(before)
  })

  test('filters by a number range, then sorts ascending, descending and back to unsorted', async ({
    page,
  }) => {
    await open(page, app)
    await page.getByTestId('table-filter-button').click()
    await page.getByTestId('filter-column').selectOption('currentSalary')
    await page.getByTestId('filter-op').selectOption('between')
    await page.getByTestId('filter-value').fill('100k')
    await page.getByTestId('filter-value-to').fill('150,000')
    await page.getByTestId('filter-apply').click()
    await expect(page.getByTestId('filter-chip-currentSalary')).toHaveText(
      /Current Salary between \$100,000\.00 and \$150,000\.00/,
    )
    const filters = {
      currentSalary: { type: 'number', op: 'between', value: 100_000, valueTo: 150_000 },
    } as const
    const expected = await rowsOf(page, { filters })
    expect(expected.length).toBeGreaterThan(25)
    await expect(page.getByTestId('pagination')).toContainText(`1–25 of ${expected.length}`)

    const salaries = async () => {
      const texts = await grid(page).locator('.ag-row .ag-cell[col-id="currentSalary"]').allInnerTexts()
      return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')))
    }
    for (const salary of await salaries()) {
      expect(salary).toBeGreaterThanOrEqual(100_000)
      expect(salary).toBeLessThanOrEqual(150_000)
    }

    const header = grid(page).locator('.ag-header-cell[col-id="currentSalary"]')
    const firstSalary = grid(page).locator('.ag-row[row-index="0"] .ag-cell[col-id="currentSalary"]')
    // Money sorts in the pay cycle's default currency (USD), as it shows here.
    const rates = demo.payCycle.currencyConversions
    const sorted = expected
      .map((r) => convertCents(r.currentSalary, r.currency, 'USD', rates))
      .sort((x, y) => x - y)
    await header.getByText('Current Salary', { exact: true }).click()
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    await expect(firstSalary).toHaveText(usd(sorted[0]))
    const ascending = await salaries()
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y))

    await header.getByText('Current Salary', { exact: true }).click()
    await expect(header).toHaveAttribute('aria-sort', 'descending')
    await expect(firstSalary).toHaveText(usd(sorted[sorted.length - 1]))

    await header.getByText('Current Salary', { exact: true }).click()
    await expect(header).toHaveAttribute('aria-sort', 'none')
    await expect(firstSalary).toHaveText(
      usd(convertCents(expected[0].currentSalary, expected[0].currency, 'USD', rates)),
    )

    await page.getByTestId('filter-chip-currentSalary').getByRole('button').click()
    await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
  })

  test('shows money in the preferred currency', async ({ page }) => {
    await open(page, app)
    const ceo = demo.employees[0]
    const rates = demo.payCycle.currencyConversions
    await expect(cell(page, ceo.id, 'currentSalary')).toHaveText(usd(ceo.currentSalary))
    await page.getByTestId('currency-picker').selectOption('EUR')
    await expect(cell(page, ceo.id, 'currentSalary')).toHaveText(
      formatMoney(convertCents(ceo.currentSalary, 'USD', 'EUR', rates), 'EUR'),
    )
    await page.reload()
    await expect(page.getByTestId('currency-picker')).toHaveValue('EUR')
    // The user-settings popover has the same picker: back to USD from there.
    await page.getByTestId('user-settings-button').click()
    await expect(page.getByTestId('preferred-currency')).toContainText('EUR')
    await page.getByTestId('preferred-currency-select').selectOption('USD')
    await expect(page.getByTestId('preferred-currency')).toContainText('USD')
    await expect(page.getByTestId('currency-picker')).toHaveValue('USD')
    await expect(cell(page, ceo.id, 'currentSalary')).toHaveText(usd(ceo.currentSalary))
  })

  test('views the table as a manager, then as self', async ({ page }) => {
    await open(page, app)
    const user = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)
    const manager = demo.employees.find((e) => e.id === user?.employeeId)
    if (!manager) throw new Error('the demo has no MANAGER employee')
    const expected = managedTeamMembers(manager.id)
    await page.getByTestId('view-as').click()
    await page.getByTestId('view-as-search').fill(manager.name)
    await page.locator(`[data-testid="view-as-option"][data-employee-id="${manager.id}"]`).click()
    await expect(page.getByTestId('viewing-as')).toHaveText(`Viewing as ${manager.name}`)
    // Spec (sidebar): 'Viewing as' followed by the employee's name, on every page.
    await expect(page.getByTestId('sidebar-viewing-as')).toHaveText(`Viewing as ${manager.name}`)
    await page.getByTestId('nav-import').click()
    await expect(page.getByTestId('sidebar-viewing-as')).toHaveText(`Viewing as ${manager.name}`)
    await page.getByTestId('nav-employeetable').click()
    await expect(page.getByTestId('compensation-table-count')).toHaveText(`${expected.size} employees`)
    const shown = await grid(page)
      .locator('.ag-row[row-id]')
      .evaluateAll((rows) => [...new Set(rows.map((r) => Number(r.getAttribute('row-id'))))])
    for (const id of shown) expect(expected.has(id)).toBe(true)
    await page.getByTestId('view-as-self').click()
    await expect(page.getByTestId('viewing-as')).toHaveCount(0)
    await expect(page.getByTestId('sidebar-viewing-as')).toHaveCount(0)
    await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
  })

  test('a locked row says why, pay range hints show, the search box has a delayed tooltip', async ({
    page,
  }) => {
    await open(page, app)
    const row = await uniqueRow(page, (r) => !r.editable && r.lockedReason !== null)
    await showOnly(page, row)
    await cell(page, row.id, 'newSalary').hover()
    await expect(page.getByTestId('locked-tooltip')).toContainText('Employee not eligible for an increase.')
    await cell(page, row.id, 'newSalary').dblclick()
    await expect(page.getByTestId('cell-editor')).toHaveCount(0)

    // Pay range hints show in the new salary's tooltip.
    const hinted = await uniqueRow(page, (r) => r.editable && r.payRangeHints.length > 0)
    await showOnly(page, hinted)
    await cell(page, hinted.id, 'newSalary').hover()
    await expect(page.getByTestId('pay-range-hints')).toContainText(hinted.payRangeHints[0].label)
    expect(['Required to reach min', 'Left to reach max']).toContain(hinted.payRangeHints[0].label)

    await page.getByTestId('table-search').hover()
    await expect(page.getByTestId('table-search-tooltip')).toHaveText('Search by employee name')
  })
})

/** Employees in the teams the employee manages and every team below them. */
function managedTeamMembers(employeeId: number): Set<number> {
  // Both documents: "An owner viewing as an employee sees only the members of that employee's managed teams."
  const teams = new Set(demo.teams.filter((t) => t.managerId === employeeId).map((t) => t.id))
  return new Set(demo.employees.filter((e) => e.teamId !== null && teams.has(e.teamId)).map((e) => e.id))
}

test.describe('Edit Columns', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('reorders by drag and drop and by keyboard, hides a column, and keeps it after a reload', async ({
    page,
  }) => {
    await open(page, app)
    const toggle = page.getByTestId('edit-columns-toggle')
    await expect(toggle).toHaveText('Edit Columns')
    await toggle.click()
    await expect(toggle).toHaveText('Finish Editing')
    const list = page.getByTestId('column-list')
    await expect(list).toBeVisible()

    await page.getByTestId('column-item-jobTitle').dragTo(page.getByTestId('column-item-manager'))
    await page.getByTestId('column-item-planner').focus()
    await page.keyboard.press('Alt+ArrowDown')
    await page.getByTestId('column-item-comments').getByRole('checkbox').uncheck()
    const order = ['employeeName', 'jobTitle', 'manager', 'performanceRating', 'planner', 'currentSalary']
    const listed = await list.locator('li').evaluateAll((items) => items.map((i) => i.dataset.testid))
    expect(listed.slice(0, order.length)).toEqual(order.map((id) => `column-item-${id}`))

    await toggle.click()
    await expect(toggle).toHaveText('Edit Columns')
    await expect(list).toHaveCount(0)
    const headers = () =>
      grid(page)
        .locator('.ag-header-row-column .ag-header-cell[col-id]')
        .evaluateAll((cells) =>
          cells
            .map((c) => [Number(c.getAttribute('aria-colindex')), c.getAttribute('col-id') ?? ''] as const)
            .sort((x, y) => x[0] - y[0])
            .map(([, id]) => id)
            .filter((id) => id !== 'actions' && !id.startsWith('ag-Grid')),
        )
    await expect
      .poll(headers)
      .toEqual([...order, ...DEFAULT_TABLE_COLUMNS.filter((id) => !order.includes(id) && id !== 'comments')])
    const saved = await headers()
    await page.reload()
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await expect.poll(headers).toEqual(saved)
  })
})

test.describe('Promotion / new job profile', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('picks a new job profile from the keyboard, clears it, cancels, and undoes', async ({ page }) => {
    await open(page, app)
    const row = await uniqueRow(page, (r) => plannable(r) && r.newJobProfileId === null)
    const employee = demo.employees.find((e) => e.id === row.id)
    const target = demo.jobProfiles.find(
      (p) => p.id !== employee?.jobProfileId && p.payRangeId !== null && p.jobCode.endsWith('-US'),
    )
    if (!target) throw new Error('the demo has no other US job profile')

    // The column is not among the defaults: show it with Edit Columns.
    await page.getByTestId('edit-columns-toggle').click()
    await page.getByTestId('column-item-newJobProfile').getByRole('checkbox').check()
    await page.getByTestId('edit-columns-toggle').click()
    await showOnly(page, row)
    const jobCell = cell(page, row.id, 'newJobProfile')
    await expect(jobCell).toHaveText('')

    // Enter opens the picker; typing searches; the first match is highlighted; Enter saves it.
    await jobCell.click()
    await page.keyboard.press('Enter')
    const search = page.getByRole('combobox', { name: `New job profile for ${row.employeeName}` })
    await expect(search).toBeFocused()
    await search.pressSequentially(target.jobCode)
    const options = page.getByTestId('job-profile-option')
    await expect(options.first()).toHaveAttribute('data-job-profile-id', String(target.id))
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('job-profile-picker')).toHaveCount(0)
    await expect(jobCell).toHaveText(jobProfileLabel(target))
    const saved = (await rowsOf(page, { search: row.employeeName })).find((r) => r.id === row.id)
    expect(saved?.newJobProfileId).toBe(target.id)
    expect(saved?.newJobProfile).toBe(jobProfileLabel(target))

    // Escape leaves it as it is.
    await jobCell.click()
    await page.keyboard.press('Enter')
    await search.pressSequentially('zzz')
    await expect(page.getByText('No job profile matches.')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('job-profile-picker')).toHaveCount(0)
    await expect(jobCell).toHaveText(jobProfileLabel(target))

    // 'No new job profile' heads the list: Page Up reaches it, Enter clears the choice.
    await jobCell.click()
    await page.keyboard.press('Enter')
    await expect(options.filter({ hasText: jobProfileLabel(target) })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const count = await options.count()
    for (let i = 0; i < Math.ceil(count / 8); i++) await page.keyboard.press('PageUp')
    await expect(options.first()).toHaveText('No new job profile')
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(jobCell).toHaveText('')

    // Undo puts the profile back; the main process holds it.
    await page.keyboard.press('Control+z')
    await expect(jobCell).toHaveText(jobProfileLabel(target))
    const undone = (await rowsOf(page, { search: row.employeeName })).find((r) => r.id === row.id)
    expect(undone?.newJobProfileId).toBe(target.id)
  })
})

test.describe('roles and the main process', () => {
  test('a MANAGER sees only their teams and may not plan for anyone else', async ({ page }) => {
    const app = await startApp(['--demo', '--as', demo.sampleUsers.MANAGER])
    try {
      const user = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)
      // Spec §2: only owners, admins, super users and planners land on /employeetable.
      await open(page, app, '/employeetable')
      const rows = await rowsOf(page)
      expect(rows.length).toBeLessThan(500)
      await expect(page.getByTestId('compensation-table-count')).toHaveText(`${rows.length} employees`)
      await expect(page.getByTestId('view-as')).toHaveCount(0)
      const outsider = demo.employees.find(
        (e) => !rows.some((r) => r.id === e.id) && e.id !== user?.employeeId,
      )
      const result = await api(page, 'rewards.update', {
        updates: [{ employeeId: outsider?.id ?? 1, changes: { lumpSum: 100_00 } }],
      })
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('FORBIDDEN')
    } finally {
      await app.stop()
    }
  })

  for (const role of ['COMM_MANAGER', 'EMPLOYEE'] as const) {
    test(`the main process refuses rewards.update from a ${role}`, async ({ page }) => {
      const app = await startApp(['--demo', '--as', demo.sampleUsers[role]])
      try {
        await page.goto(app.url)
        await expect(page.locator('body')).not.toHaveAttribute('data-app-state', 'loading')
        const result = await api(page, 'rewards.update', {
          updates: [{ employeeId: 2, changes: { lumpSum: 100_00 } }],
        })
        expect(result).toEqual({
          ok: false,
          error: { code: 'FORBIDDEN', message: `Your role (${role}) may not use rewards.update.` },
        })
      } finally {
        await app.stop()
      }
    })
  }
})
