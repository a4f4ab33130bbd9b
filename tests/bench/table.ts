import type { Browser, CDPSession, Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChannelInput, ChannelOutput, TableRow } from '../../src-shared/contract'
import { formatMoney } from '../../src-shared/domain/money'
import { startApp } from '../e2e/support/app'
import { tableQuery as wholeView } from '../support/table-query'
import {
  createDemoWorkbookFile,
  ensureBuilt,
  invokeFromPage,
  launchChromium,
  median,
  msOf,
  WAIT_MS,
} from './browser'
import { row } from './measure'

/**
 * The Compensation Table target (issue): with 100,000 employees, first rows on screen, an edit's
 * full effect (row values, its violations, the view's budget notices), sorting, filtering and search
 * must not grow with company size in any way a user notices. Browser mode in Chromium, with the
 * demo workbook at 1,000 and 100,000 employees; each figure is the median of 3 runs, timed from
 * the action (navigation, Enter, header click, filter Apply, search input) until the page shows
 * its effect.
 * Ends with `table ratios: firstRows=<x> edit=<y> viewAll=<z>` (100k ÷ 1k; targets: first rows ≤ 2,
 * edit ≤ 1.5, 'View All' open ≤ 2).
 */
const SIZES = [1_000, 100_000] as const
const RUNS = 3

const GRID = '[data-testid="compensation-table"]'
const NAME_CELL = `${GRID} .ag-row[row-id] .ag-cell[col-id="employeeName"]`

/** In-page marks (ms since navigation start), written by the init script. */
interface Marks {
  loaded?: number
  firstRow?: number
  /** Durations of the page's long tasks (over 50 ms) from navigation until the app is loaded. */
  longTasks?: number[]
}
type BenchWindow = Window & { __tableBench?: Marks }

interface SizeResult {
  employees: number
  createMs: number
  /** Cold: from the first address (cookie, redirect) to the first rows, right after the app opened the workbook. */
  firstVisit: number
  firstRows: number[]
  /** Navigation start → body[data-app-state=loaded], in-page. */
  loaded: number[]
  /** Navigation start → first row, in-page. */
  firstRowInPage: number[]
  /** The page's longest task until the initial data load ended: how long an edit could wait. */
  longestTask: number[]
  /** The initial data load's requests of the last navigation: channel, ms, KiB. */
  initialLoad: { channel: string; start: number; end: number; kib: number }[]
  tableQuery: number[]
  edit: number[]
  sort: number[]
  filter: number[]
  search: number[]
  /** 'View All' click → its groups drawn, and Close → the panel gone. */
  viewAll: number[]
  viewAllClose: number[]
  heapMiB: number
  heapAfterGcMiB: number
}

export async function tableBench(): Promise<void> {
  ensureBuilt()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-table-bench-'))
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
  const small = results.find((r) => r.employees === SIZES[0])
  const large = results.find((r) => r.employees === SIZES[1])
  const ratio = (pick: (r: SizeResult) => number[]) =>
    small && large ? (median(pick(large)) / median(pick(small))).toFixed(2) : 'n/a'
  console.log('')
  console.log(
    `table ratios: firstRows=${ratio((r) => r.firstRows)} edit=${ratio((r) => r.edit)} viewAll=${ratio((r) => r.viewAll)}`,
  )
  // The cold first visit (nothing cached: the app just opened the workbook and builds its model).
  console.log(`table cold ratio: firstRowsCold=${ratio((r) => [r.firstVisit])}`)
}

async function benchSize(browser: Browser, dir: string, employees: number): Promise<SizeResult> {
  const workbook = path.join(dir, `demo-${employees}.paycycle`)
  const createMs = createDemoWorkbookFile(workbook, employees)

  const app = await startApp(['--workbook', workbook], path.join(dir, `data-${employees}`))
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
  try {
    await context.addInitScript({ content: markScript })
    const page = await context.newPage()
    page.setDefaultTimeout(WAIT_MS)
    // The token address sets the session cookie and redirects to the owner's landing page, the
    // table: the first visit after the workbook opened, when the table's model may still be built.
    const visitStarted = performance.now()
    await page.goto(app.url, { waitUntil: 'commit' })
    await page.waitForFunction(firstRowShown, NAME_CELL, { polling: 'raf', timeout: WAIT_MS })
    const firstVisit = performance.now() - visitStarted
    await page.waitForSelector('body[data-app-state="loaded"]', { timeout: WAIT_MS })

    const firstRows: number[] = []
    const loaded: number[] = []
    const firstRowInPage: number[] = []
    const longestTask: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      await page.goto(`${app.origin}/employeetable`, { waitUntil: 'commit' })
      await page.waitForFunction(firstRowShown, NAME_CELL, { polling: 'raf', timeout: WAIT_MS })
      firstRows.push(performance.now() - started)
      // The initial data load may end after the first rows; its mark and requests are read after it.
      await page.waitForSelector('body[data-app-state="loaded"]', { timeout: WAIT_MS })
      const marks = await page.evaluate(() => (window as BenchWindow).__tableBench ?? {})
      loaded.push(marks.loaded ?? NaN)
      firstRowInPage.push(marks.firstRow ?? NaN)
      longestTask.push(Math.max(0, ...(marks.longTasks ?? [])))
    }
    const initialLoad = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e): e is PerformanceResourceTiming => e.name.includes('/api/invoke/'))
        .map((e) => ({
          channel: e.name.slice(e.name.indexOf('/api/invoke/') + '/api/invoke/'.length),
          start: e.startTime,
          end: e.responseEnd,
          kib: e.encodedBodySize / 1024,
        })),
    )
    await page.waitForSelector('[data-testid="pagination"]')

    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')

    const tableQuery = await timeTableQuery(page)
    const edit = await timeEdits(page)
    const search = await timeSearches(page)
    const sort = await timeSorts(page)
    const filter = await timeFilters(page)
    const { open: viewAll, close: viewAllClose } = await timeViewAll(page)

    const heapMiB = (await jsHeapUsed(cdp)) / 1024 / 1024
    await cdp.send('HeapProfiler.collectGarbage')
    const heapAfterGcMiB = (await jsHeapUsed(cdp)) / 1024 / 1024
    return {
      employees,
      createMs,
      firstVisit,
      firstRows,
      loaded,
      firstRowInPage,
      longestTask,
      initialLoad,
      tableQuery,
      edit,
      sort,
      filter,
      search,
      viewAll,
      viewAllClose,
      heapMiB,
      heapAfterGcMiB,
    }
  } finally {
    await context.close()
    await app.stop()
  }
}

/**
 * Runs in the page before its scripts: notes when the app is loaded and when the first row shows.
 * A string, not a function: tsx's transform would add helpers the page does not have.
 */
const markScript = `(() => {
  const marks = { longTasks: [] }
  window.__tableBench = marks
  new PerformanceObserver((list) => {
    if (marks.loaded !== undefined) return
    for (const entry of list.getEntries()) marks.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  const check = () => {
    if (marks.loaded === undefined && document.body && document.body.dataset.appState === 'loaded')
      marks.loaded = performance.now()
    if (marks.firstRow === undefined) {
      const cell = document.querySelector(${JSON.stringify(NAME_CELL)})
      if (cell instanceof HTMLElement && cell.innerText.trim() !== '' && cell.offsetParent !== null)
        marks.firstRow = performance.now()
    }
    if (marks.loaded !== undefined && marks.firstRow !== undefined) observer.disconnect()
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
})()`

function firstRowShown(selector: string): boolean {
  const cell = document.querySelector(selector)
  return cell instanceof HTMLElement && cell.innerText.trim() !== '' && cell.offsetParent !== null
}

/** Calls the main process from the page, as the signed-in user (browser mode's HTTP bridge). */
async function tableQuery(
  page: Page,
  query: Partial<ChannelInput<'table.query'>>,
): Promise<ChannelOutput<'table.query'>> {
  return invokeFromPage(page, 'table.query', wholeView({ limit: 25, ...query }))
}

/** The first page's table.query over HTTP, as the grid asks for it (main process + transfer). */
async function timeTableQuery(page: Page): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    await tableQuery(page, {})
    times.push(performance.now() - started)
  }
  return times
}

const cellSelector = (id: number, column: string) =>
  `${GRID} .ag-row[row-id="${id}"] .ag-cell[col-id="${column}"]`

/**
 * New Salary below the current salary on a row of the first page ('Pay increase is negative.'),
 * timed from the committing Enter until the cell shows the value and the badge's count has changed.
 */
async function timeEdits(page: Page): Promise<number[]> {
  const { rows } = await tableQuery(page, {})
  const fits = (r: TableRow) =>
    r.editable && r.salaried && r.currency === 'USD' && r.severity === 'none' && r.currentSalary > 2_000_00
  const picked = rows.filter(fits).slice(0, RUNS)
  if (picked.length === 0) throw new Error('no editable USD row without violations on the first page')
  const times: number[] = []
  for (const target of picked) {
    const lower = target.currentSalary - 1_000_00
    const expected = formatMoney(lower, 'USD')
    const before = await page.getAttribute('[data-testid="violation-badge"]', 'data-count')
    await page.click(cellSelector(target.id, 'newSalary'))
    await page.keyboard.press('Enter')
    const input = page.getByTestId('cell-editor').locator('input')
    await input.waitFor({ state: 'visible' })
    await input.fill(String(lower / 100))
    const started = performance.now()
    await input.press('Enter')
    await page.waitForFunction(
      ([selector, text, count]) => {
        const cell = document.querySelector(selector)
        const badge = document.querySelector('[data-testid="violation-badge"]')
        return (
          cell instanceof HTMLElement &&
          cell.innerText.trim() === text &&
          badge !== null &&
          badge.getAttribute('data-count') !== count
        )
      },
      [cellSelector(target.id, 'newSalary'), expected, before] as const,
      { polling: 'raf', timeout: WAIT_MS },
    )
    times.push(performance.now() - started)
    await page.getByTestId('cell-editor').waitFor({ state: 'detached' })
  }
  return times
}

const SUMMARY = '[data-testid="pagination"] .pagination__summary'

const paginationText = (page: Page) => page.locator(SUMMARY).innerText()

/**
 * Waits until the pagination's summary no longer reads `was` and the first row shows an employee
 * name holding `name` (any case): a search or filter has taken effect on screen.
 */
const summaryChanged = (page: Page, was: string, name = '') =>
  page.waitForFunction(
    ([selector, nameCell, before, text]) => {
      const summary = document.querySelector(selector)
      const first = document.querySelector(nameCell)
      return (
        summary instanceof HTMLElement &&
        summary.innerText !== before &&
        first instanceof HTMLElement &&
        first.innerText.trim() !== '' &&
        first.innerText.toLowerCase().includes(text.toLowerCase())
      )
    },
    [SUMMARY, `${GRID} .ag-row[row-index="0"][row-id] .ag-cell[col-id="employeeName"]`, was, name] as const,
    { polling: 'raf', timeout: WAIT_MS },
  )

/** Waits until the pagination's summary reads `text` again (the full view is back). */
const summaryBackTo = (page: Page, text: string) =>
  page.waitForFunction(
    ([selector, was]) => document.querySelector<HTMLElement>(selector)?.innerText === was,
    [SUMMARY, text] as const,
    { timeout: WAIT_MS },
  )

/**
 * A surname fragment into the search box (one input event; the box waits 250 ms before it asks,
 * which both sizes include), timed until the pagination's summary changes and the first row has a
 * name; then the search is cleared and the full view awaited.
 */
/** 'View All': click → the panel's groups drawn; Close → the panel gone. */
async function timeViewAll(page: Page): Promise<{ open: number[]; close: number[] }> {
  const open: number[] = []
  const close: number[] = []
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now()
    await page.getByTestId('view-all').click()
    await page.getByTestId('violation-group').first().waitFor()
    open.push(performance.now() - started)
    started = performance.now()
    await page.getByTestId('violation-panel').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('violation-panel').waitFor({ state: 'detached' })
    close.push(performance.now() - started)
  }
  return { open, close }
}

async function timeSearches(page: Page): Promise<number[]> {
  const { rows } = await tableQuery(page, { offset: 100, limit: 50 })
  const fragments = [...new Set(rows.map((r) => r.employeeName.split(' ').at(-1) ?? ''))]
    .filter((f) => f.length >= 3)
    .slice(0, RUNS)
  const search = page.getByTestId('table-search')
  const times: number[] = []
  for (const fragment of fragments) {
    const before = await paginationText(page)
    const started = performance.now()
    await search.fill(fragment)
    await summaryChanged(page, before, fragment)
    times.push(performance.now() - started)
    await search.fill('')
    await summaryBackTo(page, before)
  }
  return times
}

/** Header clicks (Employee Name ascending, descending; Current Salary ascending), until row 1 changes. */
async function timeSorts(page: Page): Promise<number[]> {
  const firstRowId = `${GRID} .ag-row[row-index="0"][row-id]`
  const steps = [
    { column: 'employeeName', label: 'Employee Name' },
    { column: 'employeeName', label: 'Employee Name' },
    { column: 'currentSalary', label: 'Current Salary' },
  ]
  const times: number[] = []
  for (const step of steps) {
    await page.waitForSelector(firstRowId)
    const before = await page.getAttribute(firstRowId, 'row-id')
    const header = page.locator(`${GRID} .ag-header-cell[col-id="${step.column}"]`)
    const label = header.getByText(step.label, { exact: true })
    await label.waitFor()
    const started = performance.now()
    await label.click()
    await page.waitForFunction(
      ([selector, was]) => {
        const first = document.querySelector(selector)
        const name = first?.querySelector('.ag-cell[col-id="employeeName"]')
        return (
          first !== null &&
          first.getAttribute('row-id') !== was &&
          name instanceof HTMLElement &&
          name.innerText.trim() !== ''
        )
      },
      [firstRowId, before] as const,
      { polling: 'raf', timeout: WAIT_MS },
    )
    times.push(performance.now() - started)
  }
  return times
}

/**
 * Current Salary number filters chosen in the Filter popover (greater than, less than, between),
 * timed from the Apply click until the pagination's summary changes and row 1 has a name; then the
 * filter's chip is removed and the full view awaited.
 */
async function timeFilters(page: Page): Promise<number[]> {
  const filters = [
    { op: 'greaterThan', value: '150k', valueTo: null },
    { op: 'lessThan', value: '60,000', valueTo: null },
    { op: 'between', value: '80k', valueTo: '120k' },
  ] as const
  const times: number[] = []
  for (const filter of filters.slice(0, RUNS)) {
    const before = await paginationText(page)
    await page.getByTestId('table-filter-button').click()
    await page.getByTestId('filter-column').selectOption('currentSalary')
    await page.getByTestId('filter-op').selectOption(filter.op)
    await page.getByTestId('filter-value').fill(filter.value)
    if (filter.valueTo !== null) await page.getByTestId('filter-value-to').fill(filter.valueTo)
    const apply = page.getByTestId('filter-apply')
    await apply.waitFor()
    const started = performance.now()
    await apply.click()
    await summaryChanged(page, before)
    times.push(performance.now() - started)
    await page.getByTestId('filter-chip-currentSalary').getByRole('button').click()
    await summaryBackTo(page, before)
  }
  return times
}

interface PerformanceMetrics {
  metrics: { name: string; value: number }[]
}

async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as PerformanceMetrics
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN
}

function printResult(r: SizeResult): void {
  const ms = msOf
  console.log('')
  console.log(`### ${r.employees.toLocaleString('en-US')} employees`)
  row('demo workbook created (CLI)', `${r.createMs.toFixed(0)} ms`)
  row('first rows, cold (fresh app, browser and model)', `${r.firstVisit.toFixed(0)} ms`)
  row('first rows, warm (goto /employeetable again)', ms(r.firstRows))
  row('  in page: navigation → app-state loaded', ms(r.loaded))
  row('  in page: navigation → first row', ms(r.firstRowInPage))
  row('  longest page task until loaded (an edit waits)', ms(r.longestTask))
  const data = r.initialLoad.filter((l) => l.channel !== 'table.query' && l.channel !== 'app.info')
  const biggest = [...data].sort((a, b) => b.kib - a.kib).slice(0, 3)
  const fmt = (l: SizeResult['initialLoad'][number]) =>
    `${l.channel} ${l.start.toFixed(0)}→${l.end.toFixed(0)} ms, ${l.kib.toFixed(0)} KiB`
  row(
    `  initial data load (${data.length} requests, last run)`,
    data.length === 0 ? 'n/a' : `ends ${Math.max(...data.map((l) => l.end)).toFixed(0)} ms after navigation`,
  )
  for (const l of biggest) row('    largest', fmt(l))
  // What the table itself waits for: its context (settings, pay cycle) and its first page.
  for (const l of r.initialLoad.filter((e) => ['userSettings.get', 'payCycles.list'].includes(e.channel)))
    row('    table context', fmt(l))
  const grid = r.initialLoad.find((l) => l.channel === 'table.query')
  if (grid) row("  grid's first table.query", fmt(grid))
  row('table.query, first page (HTTP)', ms(r.tableQuery))
  row('edit → full effect (value + badge)', ms(r.edit))
  row('sort (header click → first row)', ms(r.sort))
  row('filter (Apply → rows)', ms(r.filter))
  row('search (input → rows, incl. 250 ms wait)', ms(r.search))
  row("'View All' open (click → groups drawn)", ms(r.viewAll))
  row("'View All' close (Close → panel gone)", ms(r.viewAllClose))
  row('renderer JS heap (end / after GC)', `${r.heapMiB.toFixed(1)} MiB / ${r.heapAfterGcMiB.toFixed(1)} MiB`)
}
