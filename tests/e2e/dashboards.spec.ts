import { expect, test, type ConsoleMessage, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { formatMoney } from '../../src-shared/domain/money'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { gridCell } from './support/grid'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })

/** Calls the main process from the page, as the signed-in user (browser mode's HTTP bridge). */
async function api<C extends 'dashboard.summary' | 'table.query'>(
  page: Page,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/api/invoke/${name}`, { method: 'POST', body: JSON.stringify(body) })
      return (await response.json()) as Result<unknown>
    },
    [channel, input] as const,
  )
  if (!result.ok) throw new Error(result.error.message)
  return result.value as ChannelOutput<C>
}

const summaryOf = (page: Page) => api(page, 'dashboard.summary', { viewAsEmployeeId: null })

/** The Plotly traces drawn in a card: the graph div carries the data Plotly drew. */
function tracesIn(page: Page, card: string) {
  return page
    .getByTestId(card)
    .locator('.js-plotly-plot')
    .first()
    .evaluate((graph) =>
      (graph as HTMLElement & { data: { type: string; x?: unknown[]; y?: unknown[] }[] }).data.map((t) => ({
        type: t.type,
        x: Array.isArray(t.x) ? t.x.map(String) : [],
        points: Array.isArray(t.x) ? t.x.length : 0,
      })),
    )
}

/** The first drawn point of the (SVG) scatter, on screen: its data index and its centre. */
async function scatterPoint(page: Page): Promise<{ index: number; x: number; y: number }> {
  const point = page.getByTestId('dashboard-scatter').locator('.scatterlayer .point').first()
  await point.scrollIntoViewIfNeeded()
  const box = await point.boundingBox()
  if (!box) throw new Error('no point drawn')
  // Plotly binds each point's calcdata to its element: `i` is the index in the trace's arrays.
  const index = await point.evaluate((el) => (el as unknown as { __data__: { i: number } }).__data__.i)
  return { index, x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

const CARDS: [string, string[]][] = [
  ['dashboard-budget-used', ['indicator']],
  ['dashboard-distribution', ['bar']],
  ['dashboard-compa', ['box', 'box']],
  ['dashboard-scatter', ['scatter']],
  ['dashboard-pay-in-range', ['bar', 'bar']],
  ['dashboard-flow', ['sankey']],
]

async function openDashboard(page: Page, app: RunningApp, link: string) {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: link, exact: true }).click()
  await expect(page.getByTestId('dashboard')).toBeVisible()
  await expect(page.locator('.chart[data-state="drawn"]')).toHaveCount(CARDS.length)
}

test.describe('Summary & Dashboard (HR) as OWNER', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('draws every chart in Plotly from the main process figures, with no CSP error', async ({ page }) => {
    const problems: string[] = []
    const watch = (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(message.text())
    }
    page.on('console', watch)
    page.on('pageerror', (error) => problems.push(error.message))
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const summary = await summaryOf(page)
    await expect(page.getByTestId('dashboard-scope')).toHaveText('Lakeshore Analytics Inc. · 500 employees')

    for (const [card, types] of CARDS) {
      const traces = await tracesIn(page, card)
      expect(
        traces.map((t) => t.type),
        card,
      ).toEqual(types)
    }
    // The boxes: one per gender group and side (before, after), drawn as Plotly box traces in the DOM.
    const compa = await tracesIn(page, 'dashboard-compa')
    expect(compa[0].x).toEqual(summary.compa.gender.filter((g) => g.before).map((g) => g.name))
    await expect(page.getByTestId('dashboard-compa').locator('.trace.boxes')).toHaveCount(2)
    const scatter = await tracesIn(page, 'dashboard-scatter')
    expect(scatter[0].points).toBe(summary.scatter.total)
    await expect(page.getByTestId('dashboard-flow').locator('.sankey .sankey-node')).toHaveCount(
      summary.budgetFlow.nodes.length,
    )
    // The written narrative, and the figures as a table for screen readers.
    await expect(page.getByTestId('increase-narrative')).toContainText(summary.increases.narrative[0])
    await page.getByTestId('compa-figures').locator('summary').click()
    await expect(page.getByTestId('compa-figures').locator('tbody tr')).toHaveCount(
      summary.compa.gender.length * 2,
    )
    await expect(page.getByTestId('top-over').locator('li')).toHaveCount(summary.topOverUnder.over.length)
    await expect(page.getByTestId('increase-row')).toHaveCount(10)
    expect(problems.filter((p) => /Content Security Policy|EvalError/.test(p))).toEqual([])
  })

  test('a hover label names the employee; the PNG download; grouping and currency follow the pickers', async ({
    page,
  }) => {
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const summary = await summaryOf(page)

    const point = await scatterPoint(page)
    await page.mouse.move(point.x, point.y)
    await expect(page.getByTestId('dashboard-scatter').locator('.hoverlayer .hovertext')).toContainText(
      summary.scatter.names[point.index],
    )

    const compa = page.getByTestId('dashboard-compa')
    await compa.locator('.js-plotly-plot').hover()
    const download = page.waitForEvent('download')
    await compa.locator('.modebar-btn[data-title="Download plot as a PNG"]').click()
    expect((await download).suggestedFilename()).toBe('compa-ratio-box-plots.png')

    await page.getByTestId('compa-grouping').selectOption('race')
    await expect
      .poll(async () => (await tracesIn(page, 'dashboard-compa'))[0].x)
      .toEqual(summary.compa.race.filter((g) => g.before).map((g) => g.name))

    const eur = formatMoney(
      convertCents(summary.budgetUsed.used, 'USD', 'EUR', demo.payCycle.currencyConversions),
      'EUR',
    )
    await page.getByTestId('currency-picker').selectOption('EUR')
    await expect(page.getByTestId('budget-used-text')).toContainText(`${eur} used of`)
    await page.getByTestId('currency-picker').selectOption('USD')
    await expect(page.getByTestId('budget-used-text')).toContainText(
      `${formatMoney(summary.budgetUsed.used, 'USD')} used of`,
    )
  })

  test('each chart draws once and is not drawn again until its figures change', async ({ page }) => {
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const draws = () =>
      page.$$eval('[data-testid="dashboard"] .chart', (charts) =>
        charts.map((c) => [
          c.closest('.dashboard-card')?.getAttribute('data-testid'),
          Number(c.getAttribute('data-draws')),
        ]),
      )
    // A chart as wide as its card is fitted to it once after its first draw (react-plotly's resize
    // handler: a relayout, counted too); the gauge and the flow have fixed sizes.
    const fixed = new Set(['dashboard-budget-used', 'dashboard-flow'])
    const expected = (compa: number) =>
      CARDS.map(([card]) => [card, card === 'dashboard-compa' ? compa : fixed.has(card) ? 1 : 2])
    // A chart drawn again on every render (a new config object each time) counts on without end,
    // and never shows these figures after a few renders of the page.
    await expect.poll(draws).toEqual(expected(2))
    await page.getByTestId('compa-grouping').selectOption('race')
    await expect.poll(draws).toEqual(expected(3))
    await page.getByTestId('compa-grouping').selectOption('gender')
    await expect.poll(draws).toEqual(expected(4))
  })

  test('the pay-equity view shows the main process’s figures; the budget flow opens on its labels', async ({
    page,
  }) => {
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const summary = await summaryOf(page)
    const rows = page.getByTestId('equity-row')
    await expect(rows).toHaveCount(summary.equity.gender.rows.length)
    for (const [i, row] of summary.equity.gender.rows.entries()) {
      await expect(rows.nth(i)).toContainText(row.name)
      if (row.note) await expect(rows.nth(i)).toContainText('Too few to show (fewer than 5)')
      else await expect(rows.nth(i)).toContainText((row.medianBefore as number).toFixed(3))
    }
    await page.getByTestId('equity-by').selectOption('race')
    await expect(rows).toHaveCount(summary.equity.race.rows.length)

    // The company's label sits at the middle of its node, as tall as the chart: the view opens there.
    const viewport = page.getByTestId('budget-flow-viewport')
    await viewport.scrollIntoViewIfNeeded()
    const box = await viewport.boundingBox()
    const label = await page
      .getByTestId('dashboard-flow')
      .locator('.node-label', { hasText: 'Lakeshore Analytics Inc.' })
      .boundingBox()
    expect(box && label).toBeTruthy()
    if (box && label) {
      expect(label.y).toBeGreaterThanOrEqual(box.y)
      expect(label.y + label.height).toBeLessThanOrEqual(box.y + box.height)
    }
  })

  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    test(`at ${width} × ${height} no axis labels overlap and nothing spills out of its card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height })
      await openDashboard(page, app, 'Summary & Dashboard (HR)')
      const problems = await page.evaluate(() => {
        const found: string[] = []
        const overlap = (a: DOMRect, b: DOMRect) =>
          a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1
        for (const chart of document.querySelectorAll('.js-plotly-plot')) {
          const card = chart.closest('[data-testid^="dashboard-"]')?.getAttribute('data-testid')
          for (const axis of ['.xtick', '.ytick']) {
            const ticks = [...chart.querySelectorAll(`${axis} text`)].map((t) => t.getBoundingClientRect())
            for (let i = 1; i < ticks.length; i++)
              if (overlap(ticks[i - 1], ticks[i]))
                found.push(`${card}: ${axis} labels ${i - 1} and ${i} overlap`)
          }
        }
        for (const card of document.querySelectorAll<HTMLElement>('.dashboard-card')) {
          const edge = card.getBoundingClientRect()
          for (const el of card.querySelectorAll<HTMLElement>('*')) {
            const r = el.getBoundingClientRect()
            if (r.width === 0 || (r.right <= edge.right + 1 && r.left >= edge.left - 1)) continue
            // Inside a scrolling box (the flow's viewport, a wide table) is not spilling.
            let parent = el.parentElement
            while (parent && parent !== card && getComputedStyle(parent).overflowX === 'visible')
              parent = parent.parentElement
            if (parent === card) found.push(`${card.dataset.testid}: ${el.tagName} spills out`)
          }
          for (const scroller of card.querySelectorAll<HTMLElement>('.dashboard-table__scroll'))
            if (scroller.scrollWidth > scroller.clientWidth + 1)
              found.push(`${card.dataset.testid}: its table needs a horizontal scroll`)
        }
        return [...new Set(found)]
      })
      expect(problems).toEqual([])
    })
  }

  test('a click on a scatter point opens that employee in the table', async ({ page }) => {
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const summary = await summaryOf(page)
    const point = await scatterPoint(page)
    await page.mouse.click(point.x, point.y)
    await expect(page).toHaveURL(`${app.origin}/employeetable`)
    await expect(page.getByTestId('table-search')).toHaveValue(
      summary.scatter.companyEmployeeIds[point.index],
    )
    await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
    await expect(gridCell(page, summary.scatter.ids[point.index], 'employeeName')).toContainText(
      summary.scatter.names[point.index],
    )
  })

  test('an edit in the table shows in the charts', async ({ page }) => {
    await openDashboard(page, app, 'Summary & Dashboard (HR)')
    const before = await summaryOf(page)
    const rows = (
      await api(page, 'table.query', {
        offset: 0,
        limit: 500,
        sort: null,
        filters: {},
        search: '',
        viewAsEmployeeId: null,
      })
    ).rows
    const row = rows.find(
      (r: TableRow) => r.salaryIncrease === null && r.editable && r.compaRatio !== null && r.salaried,
    ) as TableRow

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Compensation Table' })
      .click()
    await page.getByTestId('table-search').fill(row.employeeId)
    await expect(page.getByTestId('pagination')).toContainText('1–1 of 1')
    const cell = gridCell(page, row.id, 'newSalary')
    await expect(cell).toBeVisible()
    await cell.click()
    await page.keyboard.press('Enter')
    const input = page.getByTestId('cell-editor').locator('input')
    await expect(input).toBeFocused()
    await input.fill(String(Math.round((row.currentSalary * 1.05) / 100)))
    await input.press('Enter')
    await expect(page.getByTestId('cell-editor')).toHaveCount(0)
    await expect
      .poll(async () => (await summaryOf(page)).increases.planned)
      .toBe(before.increases.planned + 1)

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Summary & Dashboard (HR)' })
      .click()
    await expect(page.locator('.chart[data-state="drawn"]')).toHaveCount(CARDS.length)
    await expect(page.getByTestId('increase-narrative')).toContainText(
      `${before.increases.planned + 1} employees have a planned salary increase`,
    )
    await expect
      .poll(async () => (await tracesIn(page, 'dashboard-scatter'))[0].points)
      .toBe(before.scatter.total + 1)
  })
})

test('Summary & Dashboard as a MANAGER: their teams only, beside their manager budget view', async ({
  page,
}) => {
  const app = await startApp(['--demo', '--as', demo.sampleUsers.MANAGER])
  try {
    const user = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)
    const teams = new Set(
      demo.teams
        .filter((t) => t.managerId === user?.employeeId || t.plannerId === user?.employeeId)
        .map((t) => t.id),
    )
    for (let grew = true; grew;) {
      grew = false
      for (const team of demo.teams) {
        if (team.parentTeamId !== null && teams.has(team.parentTeamId) && !teams.has(team.id)) {
          teams.add(team.id)
          grew = true
        }
      }
    }
    const mine = demo.employees.filter((e) => e.teamId !== null && teams.has(e.teamId))
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(500)

    await openDashboard(page, app, 'Summary & Dashboard')
    await expect(page.getByTestId('manager-budget')).toBeVisible()
    await expect(page.getByTestId('dashboard-scope')).toContainText(`· ${mine.length} employees`)
    const summary = await summaryOf(page)
    const ids = new Set(mine.map((e) => e.id))
    expect(summary.scope.kind).toBe('teams')
    expect(summary.scatter.ids.every((id: number) => ids.has(id))).toBe(true)
    const compa = await tracesIn(page, 'dashboard-compa')
    expect(compa.map((t) => t.type)).toEqual(['box', 'box'])
    await expect(page.getByTestId('dashboard-flow').locator('.sankey-node').first()).toContainText(
      'Your teams',
    )

    // The HR dashboard is for the admin roles.
    await page.goto(`${app.origin}/hrdashboard`)
    await expect(page).toHaveURL(`${app.origin}/`)
    await expect(page.getByText('Your role cannot open Summary & Dashboard (HR).')).toBeVisible()
  } finally {
    await app.stop()
  }
})

test('a card says when its figures fail, and Retry asks again', async ({ page }) => {
  const app = await startApp(['--demo'])
  try {
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    let fail = true
    await page.route('**/api/invoke/dashboard.summary', async (route) => {
      if (!fail) return route.continue()
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          ok: false,
          error: { code: 'INTERNAL', message: 'The workbook could not be read.' },
        }),
      })
    })
    await page.goto(`${app.origin}/hrdashboard`)
    const card = page.getByTestId('dashboard-compa')
    await expect(card.getByRole('alert')).toContainText('The workbook could not be read.')
    fail = false
    await card.getByRole('button', { name: 'Retry' }).click()
    await expect(card.locator('.chart[data-state="drawn"]')).toBeVisible()
  } finally {
    await app.stop()
  }
})
