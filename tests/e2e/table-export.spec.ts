import { expect, test, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import { parsePastedNumber, pastedUnits } from '../../src-shared/domain/pasted-values'
import { startApp, type RunningApp } from './support/app'

// Export equals screen (issue 10): the downloaded CSV holds what the first page's cells show, in the
// shown currency, as numbers where the cells show numbers.

const grid = (page: Page) => page.getByTestId('compensation-table')

/** The cells of a row as shown: each column's text; Employee Name without its severity icon. */
async function shownRow(page: Page, index: number): Promise<Record<string, string>> {
  const row = grid(page).locator(`.ag-row[row-index="${index}"]`)
  await grid(page).locator('.ag-row .ag-cell[col-id="lumpSum"]').first().hover()
  for (let step = 0; step < 30 && (await row.count()) === 0; step += 1) await page.mouse.wheel(0, 120)
  return row.locator('.ag-cell[col-id]').evaluateAll((cells) =>
    Object.fromEntries(
      cells.map((cell) => {
        const name = cell.querySelector('.name-cell__text')
        return [cell.getAttribute('col-id') ?? '', ((name ?? cell) as HTMLElement).innerText.trim()]
      }),
    ),
  )
}

/** A shown number ('€1,234.50', '€45.00/hr', '4.0000%', '45%', '—') as the CSV writes it. */
function asNumber(text: string): { value: string; currency: string | null; hourly: boolean } {
  const parsed = parsePastedNumber(text)
  if (parsed === 'empty') return { value: '', currency: null, hourly: false }
  if (parsed === null) throw new Error(`not a number: ${text}`)
  const units = pastedUnits(parsed, 4)
  return { value: String((units ?? Number.NaN) / 10_000), currency: parsed.currency, hourly: parsed.hourly }
}

const HEADER = [
  'Employee Name',
  'Manager',
  'Planner',
  'Job Title',
  'Performance Rating',
  'Performance Rating (number)',
  'Current Salary (EUR)',
  'Pay Basis',
  'Current Pay in Range (%)',
  'Dollar Increase (EUR)',
  'Salary Increase (%)',
  'New Salary (EUR)',
  'New Fit in Range (%)',
  'Lump Sum (EUR)',
  'Bonus (EUR)',
  'Bonus (%)',
  'Comments',
]

test.describe('Export CSV', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('the CSV holds what the first page shows, in the shown currency, numbers as numbers', async ({
    page,
  }) => {
    test.slow() // reads 25 rows of cells one by one
    await page.goto(app.url)
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.getByTestId('pagination')).toContainText('1–25 of 500')
    await page.getByTestId('currency-picker').selectOption('EUR')
    await expect(grid(page).locator('.ag-row[row-index="0"] .ag-cell[col-id="currentSalary"]')).toContainText(
      '€',
    )
    await page.screenshot({ path: 'test-results/export-eur.png' })

    const download = page.waitForEvent('download')
    await page.getByTestId('table-export').click()
    const file = await download
    expect(file.suggestedFilename()).toBe('compensation-table.csv')
    const text = fs.readFileSync(await file.path(), 'utf8')
    // Issue 39: a UTF-8 BOM, so that Excel on Windows reads the accents.
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const [header, ...lines] = parse(text.slice(1)) as string[][]
    expect(header).toEqual(HEADER)
    expect(lines).toHaveLength(500)
    const at = (line: string[], name: string) => line[HEADER.indexOf(name)]

    let planned = 0
    for (let index = 0; index < 25; index += 1) {
      const shown = await shownRow(page, index)
      const line = lines[index]
      for (const column of ['employeeName', 'manager', 'planner', 'jobTitle', 'comments'] as const) {
        const name = {
          employeeName: 'Employee Name',
          manager: 'Manager',
          planner: 'Planner',
          jobTitle: 'Job Title',
          comments: 'Comments',
        }[column]
        expect(at(line, name), `${name} of row ${index + 1}`).toBe(shown[column])
      }
      expect(at(line, 'Performance Rating')).toBe(shown.performanceRating)
      expect(at(line, 'Performance Rating (number)')).toMatch(/^(\d+(\.\d+)?)?$/)

      const salary = asNumber(shown.currentSalary)
      expect(salary.currency).toBe('EUR')
      expect(at(line, 'Current Salary (EUR)')).toBe(salary.value)
      expect(at(line, 'Pay Basis')).toBe(salary.hourly ? 'Hourly' : 'Salaried')
      const moneyColumns = [
        ['dollarIncrease', 'Dollar Increase (EUR)'],
        ['newSalary', 'New Salary (EUR)'],
        ['lumpSum', 'Lump Sum (EUR)'],
      ] as const
      for (const [column, name] of moneyColumns) {
        const value = asNumber(shown[column])
        expect(at(line, name), `${name} of row ${index + 1}`).toBe(value.value)
        if (value.value !== '') expect(value.currency).toBe('EUR')
      }
      if (shown.newSalary !== '') planned += 1
      for (const [column, name] of [
        ['currentPayInRange', 'Current Pay in Range (%)'],
        ['salaryIncrease', 'Salary Increase (%)'],
        ['newFitInRange', 'New Fit in Range (%)'],
      ] as const) {
        expect(at(line, name), `${name} of row ${index + 1}`).toBe(asNumber(shown[column]).value)
      }

      // Bonus as shown: '€500.00 · 5.0000%', one of them, '—' for an input left empty.
      const parts = shown.bonus === '' ? [] : shown.bonus.split(' · ').map(asNumber)
      const dollar = parts.find((p) => p.currency !== null)?.value ?? ''
      const percent = parts.find((p) => p.currency === null && p.value !== '')?.value ?? ''
      expect([at(line, 'Bonus (EUR)'), at(line, 'Bonus (%)')], `Bonus of row ${index + 1}`).toEqual([
        dollar,
        percent,
      ])
    }
    // The first page holds planned rows, so the comparison covers amounts, not only empty cells.
    expect(planned).toBeGreaterThan(0)
  })
})
