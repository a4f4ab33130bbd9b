/**
 * Regenerates every picture of the user guide (docs/guide/images/) from browser mode on the demo company.
 * Builds nothing: run `npm run build` first. Usage: `npm run docs:screenshots`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, expect, type Locator, type Page } from '@playwright/test'
import type { TableRow } from '../src-shared/contract'
import { IMPORT_COLUMNS } from '../src-shared/domain/import-format'
import { generateDemoCompany } from '../src-main/workbook/demo'
import { startApp, type RunningApp } from '../tests/e2e/support/app'
import { compensationTable, gridCell } from '../tests/e2e/support/grid'

const ROOT = path.resolve(__dirname, '..')
const IMAGES = path.join(ROOT, 'docs/guide/images')
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const manager = demo.sampleUsers.MANAGER
const VIEWPORT = { width: 1280, height: 800 }
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Waits until no loading skeleton nor busy region is left on the page. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-skeleton')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
}

async function shoot(page: Page, name: string, crop?: Locator): Promise<void> {
  await settled(page)
  const file = path.join(IMAGES, `${name}.png`)
  // Passing notices ("Data loaded successfully!") would cover what the page explains.
  const style = '[data-testid="toast"] { display: none !important; }'
  if (crop) await crop.screenshot({ path: file, style })
  else await page.screenshot({ path: file, style })
  console.log(`wrote docs/guide/images/${name}.png`)
}

/** Opens a page of the demo workbook by its address and waits for its main content. */
async function visit(page: Page, app: RunningApp, address: string, main: Locator): Promise<void> {
  await page.goto(`${app.origin}${address}`)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded', { timeout: 30_000 })
  await expect(main).toBeVisible({ timeout: 30_000 })
}

/** A small CSV with two mistakes (a date and a currency), for the review picture. */
function importFile(): string {
  const header = IMPORT_COLUMNS.map((c) => c.header).join(',')
  const lines = [header]
  for (let n = 1; n <= 6; n++) {
    const row: Partial<Record<string, string>> = {
      employeeId: `NEW-${n}`,
      employeeName: `New Hire ${n}`,
      currentBasePay: String(80_000 + n * 1000),
      payCurrency: n === 4 ? 'USX' : 'USD',
      salaried: 'true',
      hireDate: n === 2 ? '2021-13-45' : '2021-03-15',
      jobCode: 'ENG',
      payRangeName: 'ENG-2',
      minPay: '90000',
      midPay: '110000',
      maxPay: '130000',
    }
    lines.push(IMPORT_COLUMNS.map((c) => row[c.field] ?? '').join(','))
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-docs-')), 'new-hires.csv')
  fs.writeFileSync(file, lines.join('\r\n') + '\r\n')
  return file
}

/** The first row of the table's first page that the signed-in user may edit and has no lump sum yet. */
async function editableRowId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const body = { offset: 0, limit: 25, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
    const response = await fetch('/api/invoke/table.query', { method: 'POST', body: JSON.stringify(body) })
    const { rows } = ((await response.json()) as { value: { rows: TableRow[] } }).value
    const row = rows.find((r) => r.editable && r.lumpSum === null)
    if (!row) throw new Error('no editable row without a lump sum on the first page')
    return row.id
  })
}

async function welcomePictures(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'welcome', { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Open the demo company' })).toBeVisible()
  await expect(page.getByText('Loading recent files…')).toHaveCount(0, { timeout: 30_000 })
  await shoot(page, 'welcome')
  await shoot(page, 'server-panel', page.getByTestId('server-panel'))
  await page.getByRole('button', { name: 'New workbook' }).click()
  await expect(page.getByTestId('new-workbook-form')).toBeVisible()
  await page.getByLabel('File name').fill('acme')
  await page.getByLabel('Company name').fill('Acme Corp')
  await page.getByLabel('Your name').fill('Ada Owner')
  await page.getByLabel('Your email').fill('ada@acme.test')
  await shoot(page, 'new-workbook')
}

async function demoPictures(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded', { timeout: 30_000 })

  await visit(page, app, '/employeetable', page.getByTestId('pagination'))
  await expect(page.locator('.ag-row').first()).toBeVisible()
  await shoot(page, 'compensation-table')
  // A typed word in an amount cell: the table says why in place.
  const cell = gridCell(compensationTable(page), await editableRowId(page), 'lumpSum')
  await cell.click()
  await page.keyboard.type('abc')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('cell-refusal')).toBeVisible()
  await shoot(page, 'table-refusal')
  await page.keyboard.press('Escape')

  await visit(page, app, '/import', page.getByTestId('import-page'))
  await shoot(page, 'manage-data')
  await page.getByTestId('import-file-input').setInputFiles(importFile())
  await expect(page.getByTestId('import-summary')).toContainText('6 rows', { timeout: 30_000 })
  await shoot(page, 'import-review')
  await page.getByTestId('import-discard').click()

  await visit(
    page,
    app,
    '/paycycleplan?tab=config',
    page.getByRole('tab', { name: 'Pay Cycle Configuration' }),
  )
  await shoot(page, 'pay-cycle-configuration')

  await visit(page, app, '/paycycleplan?tab=budgets', page.getByRole('tab', { name: 'Budgets' }))
  await shoot(page, 'budgets')

  await visit(page, app, '/paycycleplan?tab=matrix', page.getByTestId('matrix-heat-map'))
  await shoot(page, 'matrix')

  await visit(page, app, '/paycycleplan?tab=orgchart', page.getByTestId('org-chart'))
  await shoot(page, 'org-chart')

  await visit(page, app, '/plannerstatus', page.getByTestId('status-card').first())
  await shoot(page, 'planner-status')

  await visit(page, app, '/hrdashboard', page.getByRole('heading', { level: 1 }))
  await shoot(page, 'hr-dashboard')

  await visit(page, app, '/reward-statement/compstatements', page.getByTestId('statements-page'))
  await shoot(page, 'reward-statements')

  await visit(page, app, '/users', page.getByTestId('users-table'))
  await shoot(page, 'users')
}

/** As a manager who plans their team: their dashboard and the Submit dialog. */
async function plannerPictures(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url)
  await visit(page, app, '/plannerdashboard', page.getByTestId('planner-dashboard'))
  await shoot(page, 'planner-dashboard')
  await visit(page, app, '/employeetable', page.getByTestId('pagination'))
  await page.getByTestId('submit-plan').click()
  await expect(page.getByTestId('dialog')).toContainText('Once submitted, your choices get locked')
  await shoot(page, 'submit-dialog', page.getByTestId('dialog'))
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'out/main/browser.js'))) {
    console.error('out/ is missing: run npm run build first')
    process.exit(1)
  }
  fs.mkdirSync(IMAGES, { recursive: true })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS })
  try {
    for (const [args, take] of [
      [[], welcomePictures],
      [['--demo'], demoPictures],
      [['--demo', '--as', manager], plannerPictures],
    ] as const) {
      const app = await startApp([...args])
      const page = await browser.newPage({ viewport: VIEWPORT })
      try {
        await take(page, app)
      } finally {
        await page.close()
        await app.stop()
      }
    }
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
