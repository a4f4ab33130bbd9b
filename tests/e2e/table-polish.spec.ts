import fs from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { formatMoney } from '../../src-shared/domain/money'
import { TABLE_COLUMNS } from '../../src-shared/domain/table-columns'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell } from './support/grid'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const rates = demo.payCycle.currencyConversions

async function tableRows(page: Page, query: Partial<ChannelInput<'table.query'>> = {}): Promise<TableRow[]> {
  const input: ChannelInput<'table.query'> = {
    offset: 0,
    limit: 500,
    sort: null,
    filters: {},
    search: '',
    viewAsEmployeeId: null,
    ...query,
  }
  const result = await page.evaluate(async (body) => {
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    return (await response.json()) as Result<ChannelOutput<'table.query'>>
  }, input)
  if (!result.ok) throw new Error(result.error.message)
  return result.value.rows
}

const grid = compensationTable
const cell = (page: Page, id: number, column: string) => gridCell(grid(page), id, column)

async function open(page: Page, app: RunningApp, size = { width: 1440, height: 900 }) {
  await page.setViewportSize(size)
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toBeVisible()
}

async function box(locator: Locator) {
  // The grid draws its rows when their page arrives: wait for the element before measuring it.
  await expect(locator).toBeVisible()
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** A CSV line's fields (quotes doubled inside quoted fields). */
function csvFields(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"'
      i++
    } else if (ch === '"') {
      quoted = !quoted
    } else if (ch === ',' && !quoted) {
      fields.push(field)
      field = ''
    } else {
      field += ch
    }
  }
  fields.push(field)
  return fields
}

test.describe('the Compensation Table, looked at closely', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('JPY, a currency without minor units, shows whole yen on screen and in the export', async ({
    page,
  }) => {
    await open(page, app)
    const firstPage = await tableRows(page, { limit: 25 })
    const yen = (row: TableRow) => convertCents(row.currentSalary, row.currency, 'JPY', rates)
    // A row whose salary is not a whole number of yen, so rounding shows.
    const row = firstPage.find((r) => yen(r) % 100 !== 0)
    if (!row) throw new Error('no demo row with a fraction of a yen')
    await page.getByTestId('currency-picker').selectOption('JPY')
    const shown = cell(page, row.id, 'currentSalary')
    await expect(shown).toHaveText(formatMoney(yen(row), 'JPY'))
    await expect(shown).toHaveText(/^¥[\d,]+$/)
    const money = await grid(page)
      .locator('.ag-cell[col-id="currentSalary"], .ag-cell[col-id="newSalary"]')
      .allTextContents()
    expect(money.filter((text) => text.includes('.'))).toEqual([])

    const download = page.waitForEvent('download')
    await page.getByTestId('table-export').click()
    const lines = fs
      .readFileSync(await (await download).path(), 'utf8')
      .trim()
      .split(/\r?\n/)
    const header = csvFields(lines[0])
    const label = TABLE_COLUMNS.find((c) => c.id === 'currentSalary')?.label ?? ''
    const salary = header.findIndex((h) => h.startsWith(label))
    const name = header.indexOf(TABLE_COLUMNS.find((c) => c.id === 'employeeName')?.label ?? '')
    const exported = lines.map(csvFields).find((fields) => fields[name] === row.employeeName)
    expect(exported?.[salary]).toBe(String(Math.round(yen(row) / 100)))
    await page.getByTestId('currency-picker').selectOption('USD')
  })

  test('long headers wrap instead of being cut', async ({ page }) => {
    await open(page, app)
    const header = grid(page).locator('.ag-header-cell[col-id="performanceRating"]')
    await expect(header).toContainText('Performance Rating')
    const cut = await grid(page)
      .locator('.ag-header-cell:not(.header--unlabelled) .ag-header-cell-text')
      .evaluateAll((texts) =>
        texts.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent),
      )
    expect(cut).toEqual([])
  })

  test('the selection and history columns have accessible names', async ({ page }) => {
    await open(page, app)
    await expect(page.getByRole('columnheader', { name: 'Select rows' })).toHaveCount(1)
    await expect(page.getByRole('columnheader', { name: 'Reward history' })).toHaveCount(1)
  })

  test("the 'Data loaded successfully!' toast does not cover the toolbar, at 1024 × 700 and 1440 × 900", async ({
    page,
  }) => {
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await open(page, app, size)
      const toast = page.getByTestId('toast').filter({ hasText: 'Data loaded successfully!' })
      await expect(toast).toBeVisible()
      // A second toast stacks beside the first: neither may reach the toolbar.
      await page.getByTestId('table-export').click()
      await expect(page.getByTestId('toast').filter({ hasText: 'Exported 500 employees.' })).toBeVisible()
      const toolbar = await box(page.getByRole('toolbar', { name: 'Table' }))
      const badge = await box(page.getByTestId('violation-badge'))
      // Toasts expire on their own: measure every one shown in a single snapshot, not one by one.
      const shown = await page.getByTestId('toast').evaluateAll((toasts) =>
        toasts.map((toast) => {
          const { x, y, width, height } = toast.getBoundingClientRect()
          return { x, y, width, height }
        }),
      )
      expect(shown.length).toBeGreaterThan(0)
      for (const rect of shown) {
        expect(overlap(rect, toolbar)).toBe(false)
        expect(overlap(rect, badge)).toBe(false)
      }
    }
  })

  test('the search tooltip does not cover the violations badge', async ({ page }) => {
    await open(page, app)
    await page.getByTestId('table-search').hover()
    const tooltip = page.getByTestId('table-search-tooltip')
    await expect(tooltip).toHaveText('Search by employee name')
    expect(overlap(await box(tooltip), await box(page.getByTestId('violation-badge')))).toBe(false)
  })

  test('at 1024 × 700 the toolbar wraps without pushing the grid below the fold; at 1440 × 900 it is one line', async ({
    page,
  }) => {
    await open(page, app, { width: 1024, height: 700 })
    const toolbar = page.getByRole('toolbar', { name: 'Table' })
    // Lines of items: tops more than 20 px apart start a new line.
    const tops = (
      await toolbar
        .locator(':scope > *')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top))
    ).sort((a, b) => a - b)
    expect(tops.filter((top, i) => i > 0 && top - tops[i - 1] > 20).length + 1).toBeLessThanOrEqual(2)
    for (let i = 0; i < 5; i++) {
      const row = await box(grid(page).locator(`.ag-row[row-index="${i}"]`).first())
      expect(row.y + row.height).toBeLessThanOrEqual(700)
    }
    const pager = await box(page.getByTestId('pagination'))
    expect(pager.y + pager.height).toBeLessThanOrEqual(700)

    await open(page, app, { width: 1440, height: 900 })
    const wide = await toolbar
      .locator(':scope > *')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top))
    expect(Math.max(...wide) - Math.min(...wide)).toBeLessThan(20)
  })

  test("View as lists employees other than oneself who have users, 5 per page, and shows only the members of that employee's managed teams", async ({
    page,
  }) => {
    await open(page, app)
    const owner = demo.users.find((u) => u.email === demo.ownerEmail)
    const withUsers = new Set(demo.users.flatMap((u) => (u.employeeId === null ? [] : [u.employeeId])))
    withUsers.delete(owner?.employeeId ?? -1)
    await page.getByTestId('view-as').click()
    const options = page.getByTestId('view-as-option')
    await expect(options).toHaveCount(5)
    const pages = Math.ceil(withUsers.size / 5)
    await expect(page.getByTestId('view-as-page')).toHaveText(`Page 1 of ${pages}`)
    const seen = new Set<number>()
    for (let p = 1; p <= pages; p++) {
      for (const id of await options.evaluateAll((els) =>
        els.map((e) => Number(e.getAttribute('data-employee-id'))),
      ))
        seen.add(id)
      if (p < pages) {
        await page.getByTestId('view-as-next').click()
        await expect(page.getByTestId('view-as-page')).toHaveText(`Page ${p + 1} of ${pages}`)
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...withUsers].sort((a, b) => a - b))
    const self = demo.employees.find((e) => e.id === owner?.employeeId)
    await page.getByTestId('view-as-search').fill(self?.name ?? '')
    await expect(options.filter({ has: page.locator(`[data-employee-id="${self?.id}"]`) })).toHaveCount(0)

    // A manager of a team with teams below it: only the members of the teams they manage.
    const managerTeam = demo.teams.find(
      (t) =>
        t.managerId !== null &&
        withUsers.has(t.managerId) &&
        demo.teams.some((below) => below.parentTeamId === t.id),
    )
    const manager = demo.employees.find((e) => e.id === managerTeam?.managerId)
    if (!manager) throw new Error('the demo has no manager of a team with teams below')
    const managed = new Set(demo.teams.filter((t) => t.managerId === manager.id).map((t) => t.id))
    const members = demo.employees.filter((e) => e.teamId !== null && managed.has(e.teamId))
    await page.getByTestId('view-as-search').fill(manager.name)
    await page.locator(`[data-testid="view-as-option"][data-employee-id="${manager.id}"]`).click()
    await expect(page.getByTestId('viewing-as')).toHaveText(`Viewing as ${manager.name}`)
    await expect(page.getByTestId('compensation-table-count')).toHaveText(`${members.length} employees`)
    const shown = await tableRows(page, { viewAsEmployeeId: manager.id })
    expect(shown.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      members.map((e) => e.id).sort((a, b) => a - b),
    )
    await page.getByTestId('view-as-self').click()
  })
})

test('a PLANNER may view as someone, and sees only rows within their own teams', async ({ page }) => {
  const app = await startApp(['--demo', '--as', demo.sampleUsers.PLANNER])
  try {
    await open(page, app)
    const own = new Set((await tableRows(page)).map((r) => r.id))
    await page.getByTestId('view-as').click()
    const options = page.getByTestId('view-as-option')
    await expect(options.first()).toBeVisible()
    expect(await options.count()).toBeLessThanOrEqual(5)
    const ids = await options.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-employee-id'))))
    for (const id of ids) expect(own.has(id)).toBe(true)
    const first = ids[0]
    await options.first().click()
    await expect(page.getByTestId('viewing-as')).toBeVisible()
    for (const row of await tableRows(page, { viewAsEmployeeId: first })) expect(own.has(row.id)).toBe(true)
    // Someone outside the planner's teams shows nobody, never their rows.
    const outsider = demo.teams.find((t) => t.managerId !== null && !own.has(t.managerId))?.managerId
    expect(outsider).toBeDefined()
    for (const row of await tableRows(page, { viewAsEmployeeId: outsider ?? 1 }))
      expect(own.has(row.id)).toBe(true)
  } finally {
    await app.stop()
  }
})
