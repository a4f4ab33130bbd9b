import type { TableRow } from '../../src-shared/contract'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { roundTo } from '../../src-shared/domain/money'
import { violationsText } from '../../src-shared/domain/shown-values'
import { csvRecords as parse } from '../support/csv'
import { demoBackend } from '../support/demo-backend'
import { tableRows } from '../support/table-query'

/**
 * table.exportCsv at its edges (mutation testing, issue 20): the Violations column and its messages,
 * the other money columns and where 'Pay Basis' goes, Yes/No, empty cells, and 'Amounts In' only
 * with money columns.
 */
const { dispatcher } = demoBackend('export-edges', 60)
const query = { sort: null, filters: {}, search: '', viewAsEmployeeId: null }
const rows = () => tableRows(dispatcher)

async function exportCsv(columns: string[], currency = 'USD', search = '') {
  const result = await dispatcher.dispatch('table.exportCsv', {
    query: { ...query, search },
    columns,
    currency,
  })
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

let all: TableRow[]
let planned: TableRow
let same: TableRow
let promoted: TableRow

beforeAll(async () => {
  const editable = (await rows()).filter(
    (r) => r.editable && r.currency === 'USD' && r.newSalary === null && r.lumpSum === null && !r.promotion,
  )
  ;[planned, same, promoted] = editable
  expect(promoted).toBeDefined()
  const saved = await dispatcher.dispatch('rewards.update', {
    updates: [
      // Far below the current pay: a negative increase, and below the range's minimum.
      { employeeId: planned.id, changes: { newSalary: 1_00, lumpSum: 2_500_50 } },
      { employeeId: same.id, changes: { newSalary: same.currentSalary } },
      { employeeId: promoted.id, changes: { promotion: true } },
    ],
  })
  expect(saved.ok).toBe(true)
  all = await rows()
})

const rowOf = (lines: string[][], r: TableRow) => lines.find((l) => l[0] === r.employeeId) as string[]

describe('table.exportCsv at its edges', () => {
  it('writes the Violations column as the table shows it, and every message beside it', async () => {
    const { csv, rows: count } = await exportCsv(['employeeId', 'violations'])
    expect(csv.endsWith('\r\n')).toBe(true)
    const [header, ...lines] = parse(csv)
    expect(header).toEqual(['Employee Id', 'Violations', 'Violation Messages'])
    expect(count).toBe(all.length)
    expect(lines).toHaveLength(all.length)
    for (const r of all) {
      expect(rowOf(lines, r)).toEqual([
        r.employeeId,
        violationsText(r.severity, r.violations.length),
        r.violations.map((v) => v.message).join('; '),
      ])
    }
    const mine = rowOf(
      lines,
      all.find((r) => r.id === planned.id)!,
    )
    expect(mine[1]).toMatch(/^Error \(\d+\)$/)
    expect(mine[2].split('; ')).toContain('Pay increase is negative.')
    expect(lines.some((l) => l[1] === '' && l[2] === '')).toBe(true)
  })

  it("puts 'Pay Basis' once, after the first salary column; empty money and percents stay empty", async () => {
    const { csv } = await exportCsv(['employeeId', 'newSalary', 'lumpSum', 'currentSalary', 'salaryIncrease'])
    const [header, ...lines] = parse(csv)
    expect(header).toEqual([
      'Employee Id',
      'New Salary (USD)',
      'Pay Basis',
      'Lump Sum (USD)',
      'Current Salary (USD)',
      'Salary Increase (%)',
    ])
    expect(rowOf(lines, planned)).toEqual([
      planned.employeeId,
      '1',
      planned.salaried ? 'Salaried' : 'Hourly',
      '2500.5',
      String(planned.currentSalary / 100),
      expect.stringMatching(/^-\d+(\.\d{1,4})?$/),
    ])
    const untouched = all.find((r) => r.newSalary === null && r.lumpSum === null) as TableRow
    expect(rowOf(lines, untouched).slice(1, 4)).toEqual(['', untouched.salaried ? 'Salaried' : 'Hourly', ''])
    expect(rowOf(lines, untouched)[5]).toBe('')
    // A new salary equal to the current one is an increase of 0, written as 0.
    expect(rowOf(lines, same)[5]).toBe('0')
    const { csv: current } = await exportCsv(['currentSalary', 'employeeId'])
    expect(parse(current)[0]).toEqual(['Current Salary (USD)', 'Pay Basis', 'Employee Id'])
    const { csv: none } = await exportCsv(['employeeId', 'lumpSum'])
    expect(parse(none)[0]).toEqual(['Employee Id', 'Lump Sum (USD)'])
  })

  it('writes Yes and No for promotion, and empty cells for empty text', async () => {
    const { csv } = await exportCsv(['employeeId', 'promotion', 'manager', 'comments', 'hireDate'])
    const lines = parse(csv).slice(1)
    expect(rowOf(lines, promoted)[1]).toBe('Yes')
    expect(rowOf(lines, same)[1]).toBe('No')
    const top = all.find((r) => r.manager === null) as TableRow
    expect(top).toBeDefined()
    expect(rowOf(lines, top)[2]).toBe('')
    expect(rowOf(lines, same)[3]).toBe('')
    expect(rowOf(lines, same)[4]).toBe(same.hireDate ?? '')
  })

  it("adds 'Amounts In' only when a money column is exported and a row cannot be converted", async () => {
    const cycles = await dispatcher.dispatch('payCycles.list', {})
    const rates = cycles.ok ? cycles.value.find((c) => c.active)?.currencyConversions : undefined
    // The demo has rates only for the currencies its employees are paid in.
    const missing = CURRENCY_CODES.find((code) => rates && !(code in rates)) as string
    expect(missing).toBeDefined()
    const { csv } = await exportCsv(['employeeId', 'currency'], missing)
    expect(parse(csv)[0]).toEqual(['Employee Id', 'Currency'])
    const { csv: money } = await exportCsv(['employeeId', 'lumpSum'], missing)
    expect(parse(money)[0]).toEqual(['Employee Id', `Lump Sum (${missing})`, 'Amounts In'])
    expect(rowOf(parse(money).slice(1), planned)).toEqual([planned.employeeId, '2500.5', 'USD'])
  })

  it('writes Recommended Increase as the percent the table shows, and the position in range as a percent', async () => {
    const { csv } = await exportCsv(['employeeId', 'recommendedIncrease', 'positionInRange'])
    const [header, ...lines] = parse(csv)
    expect(header).toEqual(['Employee Id', 'Recommended Increase (%)', 'Position in Range (%)'])
    const recommended = all.filter((r) => r.recommendedIncrease !== null)
    expect(recommended.length).toBeGreaterThan(0)
    expect(recommended.length).toBeLessThan(all.length)
    for (const r of all) {
      expect(rowOf(lines, r)[1]).toBe(
        r.recommendedIncrease === null ? '' : String(roundTo(r.recommendedIncrease, 4)),
      )
      expect(rowOf(lines, r)[2]).toBe(
        r.positionInRange === null ? '' : String(roundTo(r.positionInRange * 100)),
      )
    }
  })

  it('writes a new fit in range just below the range as 0 %, not as an empty cell', async () => {
    // A new salary one cent below the range's minimum: a position a hair below 0, shown as 0.
    const row = all.find(
      (r) =>
        r.editable &&
        r.salaried &&
        r.currency === 'USD' &&
        r.newSalary === null &&
        r.newJobProfileId === null &&
        r.payRange !== null &&
        r.payRange.max - r.payRange.min > 10_000_00,
    )!
    const newSalary = row.payRange!.min - 1
    const saved = await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: row.id, changes: { newSalary } }],
    })
    const position = saved.ok ? saved.value[0].newPositionInRange : null
    expect(position).toBeLessThan(0)
    const { csv } = await exportCsv(['employeeId', 'newFitInRange'], 'USD', row.employeeId)
    expect(parse(csv)[1]).toEqual([row.employeeId, '0'])
  })

  it('names every unknown column', async () => {
    const result = await dispatcher.dispatch('table.exportCsv', {
      query,
      columns: ['salary', 'employeeId', 'pay'],
      currency: 'USD',
    })
    expect(result).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Unknown column: salary, pay.' },
    })
  })
})
