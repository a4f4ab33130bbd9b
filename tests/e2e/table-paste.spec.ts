import { expect, test, type Page } from '@playwright/test'
import type { ChannelInput, ChannelOutput, Result, TableRow } from '../../src-shared/contract'
import { formatMoney } from '../../src-shared/domain/money'
import { startApp, type RunningApp } from './support/app'
import { compensationTable, gridCell, gridRow } from './support/grid'

// Copy and paste on the Compensation Table (issue 10), over the demo company (500 employees, seed 1).

const ALL: ChannelInput<'table.query'> = {
  offset: 0,
  limit: 500,
  sort: null,
  filters: {},
  search: '',
  viewAsEmployeeId: null,
}

async function api<C extends 'table.query' | 'rewards.update' | 'jobProfiles.list' | 'userSettings.update'>(
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

async function rowsOf(page: Page): Promise<TableRow[]> {
  const result = await api(page, 'table.query', ALL)
  if (!result.ok) throw new Error(result.error.message)
  return result.value.rows
}

/** The employees' rows as main has them now (one call; the search narrows it to them). */
async function rowsById(page: Page, ids: number[]): Promise<TableRow[]> {
  const rows = new Map((await rowsOf(page)).map((r) => [r.id, r]))
  return ids.map((id) => {
    const row = rows.get(id)
    if (!row) throw new Error(`no row ${id}`)
    return row
  })
}

const rowById = async (page: Page, id: number) => (await rowsById(page, [id]))[0]

const grid = compensationTable
const cell = (page: Page, id: number, column: string) => gridCell(grid(page), id, column)
const usd = (cents: number) => formatMoney(cents, 'USD')
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text })

async function open(page: Page, app: RunningApp) {
  await page.goto(app.url)
  await page.goto(`${app.origin}/employeetable`)
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
  await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
}

/** Scrolls the grid until the row is drawn (AG Grid draws only the rows in view). */
async function reveal(page: Page, id: number) {
  const row = gridRow(grid(page), id)
  await grid(page).locator('.ag-row .ag-cell[col-id="lumpSum"]').first().hover()
  for (let step = 0; step < 20 && (await row.count()) === 0; step += 1) await page.mouse.wheel(0, 150)
}

/** Puts text on the clipboard and presses Ctrl+V on a cell. */
async function pasteOn(page: Page, id: number, column: string, text: string) {
  await reveal(page, id)
  await cell(page, id, column).click()
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('Control+v')
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

/** No plan, no bonus, no comment: a row a paste can fill and the test can read back. */
const blank = (r: TableRow) =>
  r.editable &&
  r.currency === 'USD' &&
  r.salaried &&
  r.newSalary === null &&
  r.lumpSum === null &&
  r.newDollarBonus === null &&
  r.newPercentBonus === null &&
  r.bonusInputs.showPercent &&
  r.comments === null

test.describe('copy and paste on the Compensation Table', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
  })

  test('a block of three columns pastes across the page boundary, and one Ctrl+Z takes it all back', async ({
    page,
  }) => {
    await open(page, app)
    const rows = await rowsOf(page)
    // Four rows that start on one page and end on the next.
    const start = rows.findIndex((_, i) => i % 25 >= 22 && rows.slice(i, i + 4).every(blank))
    expect(start).toBeGreaterThanOrEqual(0)
    const firstPage = Math.floor(start / 25) + 1
    const block = rows.slice(start, start + 4)
    const onFirst = block.filter((_, i) => start + i < firstPage * 25)
    const onNext = block.filter((_, i) => start + i >= firstPage * 25)
    expect(onNext.length).toBeGreaterThan(0)
    for (let page_ = 1; page_ < firstPage; page_ += 1)
      await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page.getByTestId('pagination')).toContainText(
      `${(firstPage - 1) * 25 + 1}–${firstPage * 25} of 500`,
    )

    // Lump Sum, Bonus, Comments as a spreadsheet copies them (Excel's accounting padding included).
    const text = block
      .map((_, i) => [` $${i + 1},000.00 `, `${i + 1}.5%`, `Pasted ${i + 1}`].join('\t'))
      .join('\r\n')
    await pasteOn(page, block[0].id, 'lumpSum', `${text}\r\n`)
    await expect(toast(page, 'Paste of 3 columns × 4 rows: 4 rows updated.')).toBeVisible()

    const pasted = await rowsById(
      page,
      block.map((r) => r.id),
    )
    for (const [i, saved] of pasted.entries()) {
      expect(saved.lumpSum).toBe((i + 1) * 1000_00)
      expect(saved.comments).toBe(`Pasted ${i + 1}`)
      expect(saved.newPercentBonus).toBe(i + 1.5)
    }
    for (const row of onFirst) {
      await expect(cell(page, row.id, 'lumpSum')).toHaveText(usd((block.indexOf(row) + 1) * 1000_00))
    }
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page.getByTestId('pagination')).toContainText(
      `${firstPage * 25 + 1}–${firstPage * 25 + 25} of 500`,
    )
    for (const row of onNext) {
      const i = block.indexOf(row)
      await expect(cell(page, row.id, 'lumpSum')).toHaveText(usd((i + 1) * 1000_00))
      await expect(cell(page, row.id, 'comments')).toHaveText(`Pasted ${i + 1}`)
    }

    // One undo step for the whole block, on both pages.
    await page.keyboard.press('Control+z')
    await expect(toast(page, 'Undone: Paste of 3 columns × 4 rows')).toBeVisible()
    for (const row of onNext) await expect(cell(page, row.id, 'lumpSum')).toHaveText('')
    for (const saved of await rowsById(
      page,
      block.map((r) => r.id),
    )) {
      expect([saved.lumpSum, saved.comments, saved.newDollarBonus, saved.newPercentBonus]).toEqual([
        null,
        null,
        null,
        null,
      ])
    }
    await page.getByRole('button', { name: 'Previous page' }).click()
    await reveal(page, onFirst[onFirst.length - 1].id)
    for (const row of onFirst) await expect(cell(page, row.id, 'lumpSum')).toHaveText('')
  })

  test('what the table copies pastes back: a cell, and whole rows edited as in a spreadsheet', async ({
    page,
  }) => {
    test.slow() // one long flow: a cell, a percent, then rows twice
    await open(page, app)
    const rows = (await rowsOf(page)).slice(0, 25)
    const at = rows.findIndex((r, i) => i < 24 && blank(r) && blank(rows[i + 1]))
    expect(at).toBeGreaterThanOrEqual(0)
    const [a, b] = [rows[at], rows[at + 1]]
    // A has a plan with cents and a negative-looking neighbour: 4% more, a lump sum and a comment.
    const planned = await api(page, 'rewards.update', {
      updates: [
        {
          employeeId: a.id,
          changes: {
            newSalary: Math.round(a.currentSalary * 1.04) + 37,
            lumpSum: 1_200_00,
            comments: 'Strong year',
          },
        },
      ],
    })
    expect(planned.ok).toBe(true)
    await open(page, app)
    const aPlanned = await rowById(page, a.id)

    // One cell: A's New Salary as shown, pasted into B's.
    await cell(page, a.id, 'newSalary').click()
    await page.keyboard.press('Control+c')
    const copied = await clipboard(page)
    expect(copied).toBe(usd(aPlanned.newSalary ?? 0))
    await cell(page, b.id, 'newSalary').click()
    await page.keyboard.press('Control+v')
    await expect(cell(page, b.id, 'newSalary')).toHaveText(copied)
    expect((await rowById(page, b.id)).newSalary).toBe(aPlanned.newSalary)
    // A's Salary Increase ("4.0000%"-style) pastes into B's Salary Increase.
    await cell(page, a.id, 'salaryIncrease').click()
    await page.keyboard.press('Control+c')
    const percent = await clipboard(page)
    expect(percent).toMatch(/^\d+\.\d{4}%$/)
    await cell(page, b.id, 'salaryIncrease').click()
    await page.keyboard.press('Control+v')
    await expect(cell(page, b.id, 'salaryIncrease')).toHaveText(percent)
    const bPlanned = await rowById(page, b.id)

    // Whole rows: tick A and B, copy, paste back unchanged (nothing to do), then as edited in Excel.
    for (const row of [a, b]) {
      await gridRow(grid(page), row.id).locator('.ag-selection-checkbox input').first().check()
    }
    await cell(page, a.id, 'employeeName').click()
    await page.keyboard.press('Control+c')
    const lines = (await clipboard(page)).split('\n').map((line) => line.split('\t'))
    expect(lines).toHaveLength(2)
    expect(lines[0][0]).toBe(a.employeeName)
    expect(lines[0]).toContain(usd(1_200_00))
    expect(lines[0]).toContain('Strong year')

    await pasteOn(page, a.id, 'employeeName', lines.map((l) => l.join('\t')).join('\r\n'))
    await expect(toast(page, 'Nothing to paste: the values are already there.')).toBeVisible()

    const lumpSum = lines[0].indexOf(usd(1_200_00))
    const comments = lines[0].indexOf('Strong year')
    lines[0][lumpSum] = ' $2,500.00 '
    lines[1][comments] = 'Edited in Excel'
    await pasteOn(page, a.id, 'employeeName', `${lines.map((l) => l.join('\t')).join('\r\n')}\r\n`)
    await expect(toast(page, 'rows updated.')).toBeVisible()
    await expect(cell(page, a.id, 'lumpSum')).toHaveText(usd(2_500_00))
    await expect(cell(page, b.id, 'comments')).toHaveText('Edited in Excel')
    const [aAfter, bAfter] = await rowsById(page, [a.id, b.id])
    expect(aAfter.newSalary).toBe(aPlanned.newSalary)
    expect(aAfter.comments).toBe('Strong year')
    expect(bAfter.newSalary).toBe(bPlanned.newSalary)
  })

  test('a paste lists each refused cell with its employee, header and reason, and pastes the rest', async ({
    page,
  }) => {
    await open(page, app)
    const rows = (await rowsOf(page)).slice(0, 25)
    // An editable row followed by a locked one.
    const at = rows.findIndex((r, i) => i < 24 && blank(r) && !rows[i + 1].editable)
    expect(at).toBeGreaterThanOrEqual(0)
    const [ok, locked] = [rows[at], rows[at + 1]]
    expect(locked.lockedReason).not.toBeNull()

    // Lump Sum, Bonus, Comments: a bad amount, a negative one in parentheses, and a locked row.
    await pasteOn(page, ok.id, 'lumpSum', 'abc\t(5.0000%)\tFine\r\n$500\t\tNot allowed\r\n')
    const refusal = page.getByTestId('paste-refusal')
    await expect(refusal).toContainText(
      '4 cells cannot take their pasted values and kept their values; the other cells were pasted (1 row updated, one undo step).',
    )
    await expect(refusal.getByTestId('paste-problem')).toHaveText([
      `Row 1 · ${ok.employeeName} (${ok.employeeId}) · Lump Sum: 'abc' is not a number.`,
      `Row 1 · ${ok.employeeName} (${ok.employeeId}) · Bonus: '(5.0000%)' is negative; a bonus cannot be negative.`,
      `Row 2 · ${locked.employeeName} (${locked.employeeId}) · Lump Sum: ${locked.lockedReason}`,
      `Row 2 · ${locked.employeeName} (${locked.employeeId}) · Comments: ${locked.lockedReason}`,
    ])
    await expect(page.getByTestId('dialog')).toHaveCSS('opacity', '1')
    await page.screenshot({ path: 'test-results/paste-refusal.png' })
    await page.getByTestId('paste-refusal-close').click()
    await expect(refusal).toHaveCount(0)

    // The good cell went in (the refused ones kept their values), and one undo takes it back.
    const after = await rowById(page, ok.id)
    expect([after.lumpSum, after.comments, after.newDollarBonus]).toEqual([null, 'Fine', null])
    await expect(cell(page, ok.id, 'comments')).toHaveText('Fine')
    await page.keyboard.press('Control+z')
    await expect(cell(page, ok.id, 'comments')).toHaveText('')
    expect((await rowById(page, ok.id)).comments).toBeNull()
  })

  test('new job profiles paste by job code or by name as shown, and a wrong one is refused by name', async ({
    page,
  }) => {
    await open(page, app)
    const profiles = await api(page, 'jobProfiles.list', {})
    if (!profiles.ok) throw new Error(profiles.error.message)
    const [first, second] = profiles.value.filter((p) => p.jobProfile !== null)
    const shown = await api(page, 'userSettings.update', {
      compensationTableConfig: ['employeeName', 'newJobProfile', 'lumpSum'],
    })
    expect(shown.ok).toBe(true)
    await open(page, app)
    const rows = (await rowsOf(page)).slice(0, 25)
    const at = rows.findIndex(
      (r, i) => i < 23 && [0, 1, 2].every((k) => blank(rows[i + k]) && !rows[i + k].newJobProfileId),
    )
    expect(at).toBeGreaterThanOrEqual(0)
    const [a, b, c] = rows.slice(at, at + 3)
    const label = (p: typeof first) => `${p.jobProfile} (${p.jobCode})`

    // A job code, a name as the table shows it in other case, and an empty cell.
    await pasteOn(
      page,
      a.id,
      'newJobProfile',
      `${first.jobCode}
${label(second).toUpperCase()}

`,
    )
    await expect(toast(page, 'Paste into New Job Profile (3 rows): 2 rows updated.')).toBeVisible()
    await expect(cell(page, a.id, 'newJobProfile')).toHaveText(label(first))
    await expect(cell(page, b.id, 'newJobProfile')).toHaveText(label(second))
    expect((await rowsById(page, [a.id, b.id, c.id])).map((r) => r.newJobProfileId)).toEqual([
      first.id,
      second.id,
      null,
    ])

    await pasteOn(page, c.id, 'newJobProfile', 'Chief Astronaut')
    await expect(page.getByTestId('paste-problem')).toHaveText([
      `Row 1 · ${c.employeeName} (${c.employeeId}) · New Job Profile: 'Chief Astronaut' is not a job profile of the company; paste its job code or its name as shown.`,
    ])
    await page.getByTestId('paste-refusal-close').click()

    await page.keyboard.press('Control+z')
    await expect(cell(page, a.id, 'newJobProfile')).toHaveText('')
    await expect(cell(page, b.id, 'newJobProfile')).toHaveText('')
    await api(page, 'userSettings.update', { compensationTableConfig: null })
  })
})
