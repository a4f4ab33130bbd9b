import type { TableRow } from '../../src-shared/contract'
import { PER_HOUR_COLUMNS } from '../../src-shared/domain/table-columns'
import {
  displayCurrencyOf,
  formatDisplayMoney,
} from '../../src-renderer/features/compensation-table/display-money'
import { csvRecords as parse } from '../support/csv'
import { demoBackend } from '../support/demo-backend'
import { activePayCycle, tableRows } from '../support/table-query'

/** Issue 36: every money column of an hourly row is per hour, so current + increase = new. */
const { dispatcher } = demoBackend('hourly-units', 300)
const query = { sort: null, filters: {}, search: '', viewAsEmployeeId: null }

let hourly: TableRow[]

beforeAll(async () => {
  const rows = await tableRows(dispatcher)
  hourly = rows.filter((r) => !r.salaried && r.editable && r.currency === 'USD').slice(0, 3)
  expect(hourly).toHaveLength(3)
  // A raise of 54 cents an hour, of 2.5%, and a cut of 1 dollar an hour.
  const news = [
    hourly[0].currentSalary + 54,
    Math.round(hourly[1].currentSalary * 1.025),
    hourly[2].currentSalary - 100,
  ]
  const result = await dispatcher.dispatch('rewards.update', {
    updates: hourly.map((r, i) => ({ employeeId: r.id, changes: { newSalary: news[i] } })),
  })
  expect(result.ok).toBe(true)
  const after = await tableRows(dispatcher)
  hourly = hourly.map((r) => after.find((a) => a.id === r.id) as TableRow)
})

describe('hourly rows on the Compensation Table', () => {
  it('gives Dollar Increase per hour: current + increase = new on every hourly row', () => {
    expect(hourly[0].dollarIncrease).toBe(54)
    for (const row of hourly) expect(row.currentSalary + (row.dollarIncrease as number)).toBe(row.newSalary)
  })

  it('shows Current, Dollar Increase and New Salary of an hourly row all with /hr', async () => {
    const display = displayCurrencyOf(null, await activePayCycle(dispatcher))
    const row = hourly[0]
    const shown = (id: 'currentSalary' | 'dollarIncrease' | 'newSalary') =>
      formatDisplayMoney(row[id], row, display, PER_HOUR_COLUMNS.has(id))
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}/hr`
    expect(shown('currentSalary')).toBe(dollars(row.currentSalary))
    expect(shown('dollarIncrease')).toBe('$0.54/hr')
    expect(shown('newSalary')).toBe(dollars(row.currentSalary + 54))
  })
})

describe('hourly rows in the CSV export', () => {
  it('writes current + increase = new on every hourly row, with Pay Basis naming the unit', async () => {
    const result = await dispatcher.dispatch('table.exportCsv', {
      query,
      columns: ['employeeId', 'dollarIncrease', 'currentSalary', 'newSalary'],
      currency: 'USD',
    })
    const [header, ...lines] = parse(result.ok ? result.value.csv : '')
    expect(header).toEqual([
      'Employee Id',
      'Dollar Increase (USD)',
      'Pay Basis',
      'Current Salary (USD)',
      'New Salary (USD)',
    ])
    const cents = (cell: string) => Math.round(Number(cell) * 100)
    const planned = lines.filter((l) => l[2] === 'Hourly' && l[1] !== '')
    expect(planned.map((l) => l[0])).toEqual(expect.arrayContaining(hourly.map((r) => r.employeeId)))
    for (const l of planned) expect(cents(l[3]) + cents(l[1])).toBe(cents(l[4]))
    const first = planned.find((l) => l[0] === hourly[0].employeeId) as string[]
    expect(first[1]).toBe('0.54')
  })
})
