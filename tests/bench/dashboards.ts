import type { Browser, Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { DashboardSummary, TableRow } from '../../src-shared/contract'
import { startApp } from '../e2e/support/app'
import { tableQuery } from '../support/table-query'
import {
  createDemoWorkbookFile,
  ensureBuilt,
  invokeFromPage,
  launchChromium,
  median,
  msOf,
  ROOT,
  WAIT_MS,
} from './browser'
import { row } from './measure'

/**
 * Summary & Dashboard (/plannerdashboard) and Summary & Dashboard (HR) (/hrdashboard) in Chromium over
 * browser mode, with the demo workbook at 1,000 and 100,000 employees: the HR dashboard as the OWNER
 * (the company), the other as the MANAGER whose teams hold the most employees (the OWNER's role
 * does not reach it). Each figure is the median of 3 runs:
 * - first paint: the dashboard's address opened (a whole page load, with the app's initial data
 *   load running beside it) after an edit, so the main process computes the figures again, until
 *   every chart is drawn; the next run waits for that page's data load to end;
 * - update: one edit (rewards.update, as the table sends it) while the dashboard is open, and the
 *   window comes back into view, until every chart has drawn again with it;
 * - and, for the record, the same edit followed by the sidebar link from the Compensation Table,
 *   the dashboard opened again unchanged (figures cached), and dashboard.summary over HTTP.
 * Ends with the bundle the dashboards add (from out/renderer) and
 * `dashboards ratios: firstPaint=<x> update=<y>` (100k ÷ 1k, the larger of the two dashboards;
 * targets ≤ 2).
 */
const SIZES = [1_000, 100_000] as const
const RUNS = 3
const DASHBOARDS = [
  { path: '/plannerdashboard', link: 'Summary & Dashboard' },
  { path: '/hrdashboard', link: 'Summary & Dashboard (HR)' },
] as const
type DashboardPath = (typeof DASHBOARDS)[number]['path']

interface DashboardResult {
  /** Whose figures: the scope line under the title. */
  scope: string
  firstPaint: number[]
  /** Opened again with nothing changed: the figures come from the main process's cache. */
  reopen: number[]
  update: number[]
  /** Edit, then the sidebar link from the table: the dashboard mounted and drawn with the edit. */
  editThenOpen: number[]
  charts: number
}

interface SizeResult {
  employees: number
  createMs: number
  firstVisit: number
  dashboards: Map<DashboardPath, DashboardResult>
  summaryComputed: number[]
  summaryCached: number[]
  summaryKiB: number
  scatter: string
  /** Assets the page fetched on the first dashboard visit, and whether the table page fetched Plotly. */
  assets: string[]
  tableLoadsCharts: boolean
  /** The MANAGER who opens /plannerdashboard. */
  manager: string
}

export async function dashboardsBench(): Promise<void> {
  ensureBuilt()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-dashboards-bench-'))
  const browser = await launchChromium()
  const results: SizeResult[] = []
  try {
    for (const employees of SIZES) {
      try {
        results.push(await benchSize(browser, dir, employees))
      } catch (error) {
        row(`${employees} employees`, `FAILED: ${error instanceof Error ? error.message : String(error)}`)
        process.exitCode = 1
      }
    }
  } finally {
    await browser.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }

  for (const result of results) printResult(result)
  if (results[0]) printBundle(results[0])
  const small = results.find((r) => r.employees === SIZES[0])
  const large = results.find((r) => r.employees === SIZES[1])
  const ratioOf = (pick: (d: DashboardResult) => number[]) => {
    if (!small || !large) return 'n/a'
    const ratios = DASHBOARDS.map(({ path: p }) => {
      const a = small.dashboards.get(p)
      const b = large.dashboards.get(p)
      return a && b ? median(pick(b)) / median(pick(a)) : NaN
    })
    for (const [i, d] of DASHBOARDS.entries()) row(`  ${d.path} 100k ÷ 1k`, ratios[i].toFixed(2))
    return Math.max(...ratios).toFixed(2)
  }
  console.log('')
  console.log('first paint:')
  const firstPaint = ratioOf((d) => d.firstPaint)
  console.log('update:')
  const update = ratioOf((d) => d.update)
  console.log(`dashboards ratios: firstPaint=${firstPaint} update=${update}`)
}

async function benchSize(browser: Browser, dir: string, employees: number): Promise<SizeResult> {
  const workbook = path.join(dir, `demo-${employees}.paycycle`)
  const createMs = createDemoWorkbookFile(workbook, employees)
  const result: SizeResult = {
    employees,
    createMs,
    firstVisit: NaN,
    dashboards: new Map(),
    summaryComputed: [],
    summaryCached: [],
    summaryKiB: NaN,
    scatter: 'n/a',
    assets: [],
    tableLoadsCharts: false,
    manager: '',
  }
  // The HR dashboard as the OWNER first: that run also finds the MANAGER who opens the other one.
  for (const dashboard of [...DASHBOARDS].reverse()) {
    const as = dashboard.path === '/plannerdashboard' ? ['--as', result.manager] : []
    const app = await startApp(['--workbook', workbook, ...as], path.join(dir, `data-${employees}`))
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
    let stage = `${dashboard.path}: first visit`
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      // The token address sets the session cookie and lands on the table: the model is built then.
      const visitStarted = performance.now()
      await page.goto(app.url)
      await page.waitForSelector('body[data-app-state="loaded"]', { timeout: WAIT_MS })
      if (as.length === 0) {
        result.firstVisit = performance.now() - visitStarted
        result.tableLoadsCharts = (await assetsLoaded(page)).some((a) => a.startsWith('charts-'))
        result.manager = await largestManager(page)
      }

      const edits = await editableRows(page)
      const edit = async () => {
        const next = edits.shift()
        if (!next) throw new Error('no more employees without a planned increase to edit')
        await invokeFromPage(page, 'rewards.update', {
          updates: [{ employeeId: next.id, changes: { newSalary: Math.round(next.currentSalary * 1.05) } }],
        })
      }

      stage = `${dashboard.path} first paint`
      const firstPaint: number[] = []
      for (let run = 0; run < RUNS; run++) {
        await edit()
        const started = performance.now()
        await page.goto(`${app.origin}${dashboard.path}`, { waitUntil: 'commit' })
        await chartsDrawn(page)
        firstPaint.push(performance.now() - started)
        if (result.assets.length === 0) result.assets = await assetsLoaded(page)
        await dataLoaded(page)
      }
      const scope = (await page.getByTestId('dashboard-scope').textContent()) ?? ''
      stage = `${dashboard.path} opened again`
      const reopen: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now()
        await page.goto(`${app.origin}${dashboard.path}`, { waitUntil: 'commit' })
        await chartsDrawn(page)
        reopen.push(performance.now() - started)
        await dataLoaded(page)
      }
      const charts = await page.locator('[data-testid="dashboard"] .chart').count()

      stage = `${dashboard.path} update`
      const update: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const planned = (await summary(page)).increases.planned
        const draws = await drawCounts(page)
        const started = performance.now()
        await edit()
        // The window comes back into view (the user returns from the table in another window).
        await page.evaluate(() => window.dispatchEvent(new Event('focus')))
        await chartsRedrawn(page, draws, planned + 1)
        update.push(performance.now() - started)
      }

      stage = `${dashboard.path} edit, then the sidebar link`
      const editThenOpen: number[] = []
      for (let run = 0; run < RUNS; run++) {
        await sidebar(page, 'Compensation Table')
        await page.getByTestId('compensation-table').waitFor()
        const planned = (await summary(page)).increases.planned
        await edit()
        const started = performance.now()
        await sidebar(page, dashboard.link)
        await chartsDrawn(page, planned + 1)
        editThenOpen.push(performance.now() - started)
      }
      result.dashboards.set(dashboard.path, { scope, firstPaint, reopen, update, editThenOpen, charts })

      if (as.length > 0) continue
      // The main process's share: dashboard.summary over HTTP, computed after an edit and cached.
      stage = 'dashboard.summary over HTTP'
      let last: DashboardSummary | null = null
      for (let run = 0; run < RUNS; run++) {
        await edit()
        let started = performance.now()
        last = await summary(page)
        result.summaryComputed.push(performance.now() - started)
        started = performance.now()
        await summary(page)
        result.summaryCached.push(performance.now() - started)
        result.summaryKiB = JSON.stringify(last).length / 1024
      }
      if (last) {
        const scatter = page.getByTestId('dashboard-scatter')
        const svgPoints = await scatter.locator('.scatterlayer .point').count()
        const drawn =
          (await scatter.locator('canvas').count()) > 0
            ? 'WebGL'
            : `${svgPoints.toLocaleString('en-US')} in SVG`
        result.scatter = `${drawn} / ${last.scatter.shown.toLocaleString('en-US')} sent / ${last.scatter.total.toLocaleString('en-US')} planned`
      }
    } catch (error) {
      // What the page showed when it gave up, to see why.
      const shot = path.join(os.tmpdir(), `meritbook-dashboards-bench-${employees}.png`)
      await context
        .pages()[0]
        ?.screenshot({ path: shot })
        .catch(() => undefined)
      throw new Error(
        `${stage} (the page: ${shot}): ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      )
    } finally {
      await context.close()
      await app.stop()
    }
  }
  return result
}

/**
 * The MANAGER user whose teams hold the most employees (a top-level manager: the largest
 * Summary & Dashboard a manager sees), by `users.list` and the employees' reporting lines.
 */
async function largestManager(page: Page): Promise<string> {
  const users = await invokeFromPage(page, 'users.list', {})
  const employees = await invokeFromPage(page, 'employees.list', {})
  const reports = new Map<number, number[]>()
  for (const e of employees)
    if (e.managerId !== null) reports.set(e.managerId, [...(reports.get(e.managerId) ?? []), e.id])
  const below = (id: number): number => {
    let n = 0
    for (const stack = [...(reports.get(id) ?? [])]; stack.length > 0; n++) {
      const next = stack.pop() as number
      stack.push(...(reports.get(next) ?? []))
    }
    return n
  }
  const managers = users.filter((u) => u.role === 'MANAGER' && u.employeeId != null)
  if (managers.length === 0) throw new Error('the demo company has no MANAGER user')
  return managers
    .map((u) => ({ email: u.email, size: below(u.employeeId as number) }))
    .reduce((a, b) => (b.size > a.size ? b : a)).email
}

/**
 * The page's initial data load (every company list, 100 MiB at 100,000 employees) has ended: the
 * next figure is not slowed by the tail of the last page load.
 */
const dataLoaded = (page: Page) => page.waitForSelector('body[data-app-state="loaded"]', { timeout: WAIT_MS })

const summary = (page: Page) => invokeFromPage(page, 'dashboard.summary', { viewAsEmployeeId: null })

async function sidebar(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name, exact: true }).click()
}

/** Employees the user may plan who have no planned increase yet: each edit gives one of them 5 %. */
async function editableRows(page: Page): Promise<TableRow[]> {
  const { rows } = await invokeFromPage(page, 'table.query', tableQuery({ limit: 500 }))
  const fit = rows.filter((r) => r.editable && r.salaryIncrease === null && r.currentSalary > 0)
  if (fit.length < 4 * RUNS) throw new Error(`only ${fit.length} rows to edit`)
  return fit
}

/**
 * Every card loaded and every chart it holds drawn by Plotly (the charts' chunk loaded); with
 * `planned`, the narrative counts that many planned increases (the figures include the edit).
 */
async function chartsDrawn(page: Page, planned?: number): Promise<void> {
  await page.waitForFunction(
    (count) => {
      const dashboard = document.querySelector('[data-testid="dashboard"]')
      if (!dashboard || dashboard.querySelector('[data-testid^="dashboard-"][data-state="loading"]'))
        return false
      const slots = [...dashboard.querySelectorAll('.chart-slot')]
      if (slots.length === 0 || !slots.every((s) => s.querySelector('.chart[data-state="drawn"]')))
        return false
      if (count === null) return true
      const narrative = dashboard.querySelector('[data-testid="increase-narrative"]')?.textContent ?? ''
      return narrative.startsWith(`${count.toLocaleString('en-US')} employees have`)
    },
    planned ?? null,
    { polling: 'raf', timeout: WAIT_MS },
  )
}

const drawCounts = (page: Page) =>
  page.$$eval('[data-testid="dashboard"] .chart', (charts) =>
    charts.map((c) => Number((c as HTMLElement).dataset.draws)),
  )

/** Every chart drawn again since `before`, and the narrative counting `planned` increases. */
async function chartsRedrawn(page: Page, before: number[], planned: number): Promise<void> {
  await page.waitForFunction(
    ([was, count]) => {
      const charts = [...document.querySelectorAll<HTMLElement>('[data-testid="dashboard"] .chart')]
      const narrative = document.querySelector('[data-testid="increase-narrative"]')?.textContent ?? ''
      return (
        charts.length === was.length &&
        charts.every((c, i) => Number(c.dataset.draws) > was[i]) &&
        narrative.startsWith(`${count.toLocaleString('en-US')} employees have`)
      )
    },
    [before, planned] as const,
    { polling: 'raf', timeout: WAIT_MS },
  )
}

/** The renderer's scripts and styles the page fetched so far (file names under assets/). */
async function assetsLoaded(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  )
  return [...new Set(urls.filter((u) => u.includes('/assets/')).map((u) => u.slice(u.lastIndexOf('/') + 1)))]
}

function printResult(r: SizeResult): void {
  console.log('')
  console.log(`### ${r.employees.toLocaleString('en-US')} employees`)
  row('demo workbook created (CLI)', `${r.createMs.toFixed(0)} ms`)
  row('first visit (token → table loaded, model built)', `${r.firstVisit.toFixed(0)} ms`)
  for (const [p, d] of r.dashboards) {
    row(`${p} (${d.charts} charts)`, d.scope)
    row('  first paint (after an edit: computed)', msOf(d.firstPaint))
    row('  opened again, unchanged (cached)', msOf(d.reopen))
    row('  update (edit → every chart drawn again)', msOf(d.update))
    row('  edit, then the sidebar link from the table', msOf(d.editThenOpen))
  }
  row(
    'dashboard.summary over HTTP, after an edit',
    `${msOf(r.summaryComputed)}, ${r.summaryKiB.toFixed(0)} KiB`,
  )
  row('dashboard.summary over HTTP, unchanged', msOf(r.summaryCached))
  row('scatter points drawn / sent / planned', r.scatter)
}

/** The chunks the dashboards fetch beyond the app's entry, sized from out/renderer (raw and gzip). */
function printBundle(r: SizeResult): void {
  const dir = path.join(ROOT, 'out/renderer/assets')
  const html = fs.readFileSync(path.join(ROOT, 'out/renderer/index.html'), 'utf8')
  const entry = new Set([...html.matchAll(/assets\/([^"]+)"/g)].map((m) => m[1]))
  const size = (file: string) => {
    const bytes = fs.readFileSync(path.join(dir, file))
    return { raw: bytes.length / 1024, gzip: zlib.gzipSync(bytes).length / 1024 }
  }
  const fmt = (s: { raw: number; gzip: number }) => `${s.raw.toFixed(0)} KiB (gzip ${s.gzip.toFixed(0)} KiB)`
  const added = r.assets.filter((a) => !entry.has(a) && fs.existsSync(path.join(dir, a)))
  const plotly = added.filter((a) => a.startsWith('charts-'))
  const own = added.filter((a) => /^(DashboardView|HrDashboardPage|PlannerDashboardPage)-/.test(a))
  const total = (files: string[]) =>
    files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 })
  console.log('')
  console.log('### bundle the dashboards add (out/renderer)')
  row('Plotly chunk (charts, lazily loaded)', `${fmt(total(plotly))}: ${plotly.join(', ')}`)
  row('dashboard chunk', `${fmt(total(own))}: ${own.join(', ')}`)
  const shared = added.filter((a) => !plotly.includes(a) && !own.includes(a))
  row('shared chunks it also fetches', `${fmt(total(shared))}: ${shared.join(', ') || 'none'}`)
  row('the table page fetches Plotly', r.tableLoadsCharts ? 'YES' : 'no')
}
