import type { PayCycleDto, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { roundTo } from '../../src-shared/domain/money'
import { csvRecords as parse } from '../support/csv'
import { demoBackend } from '../support/demo-backend'
import { activePayCycle, tableRows } from '../support/table-query'

const { dispatcher } = demoBackend('export', 300)
const query = { sort: null, filters: {}, search: '', viewAsEmployeeId: null }

let all: TableRow[]
let cycle: PayCycleDto

beforeAll(async () => {
  all = await tableRows(dispatcher)
  cycle = await activePayCycle(dispatcher)
})

describe('table.exportCsv', () => {
  it('writes every matched row in order, money in the shown currency as plain numbers with the unit in the header', async () => {
    const eligible = all.find((r) => r.editable && r.currency === 'USD') as TableRow
    await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: eligible.id, changes: { newSalary: eligible.currentSalary - 1234_56 } }],
    })
    const result = await dispatcher.dispatch('table.exportCsv', {
      query: { ...query, sort: { column: 'employeeName', direction: 'asc' } },
      columns: ['employeeName', 'currentSalary', 'dollarIncrease', 'salaryIncrease', 'promotion', 'currency'],
      currency: 'EUR',
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.rows).toBe(300)
    const [header, ...lines] = parse(result.value.csv)
    expect(header).toEqual([
      'Employee Name',
      'Current Salary (EUR)',
      'Pay Basis',
      'Dollar Increase (EUR)',
      'Salary Increase (%)',
      'Promotion',
      'Currency',
    ])
    expect(lines).toHaveLength(300)
    const line = lines.find((l) => l[0] === eligible.employeeName) as string[]
    const eur = (cents: number) => convertCents(cents, 'USD', 'EUR', cycle.currencyConversions) / 100
    expect(Number(line[1])).toBe(eur(eligible.currentSalary))
    expect(line[2]).toBe(eligible.salaried ? 'Salaried' : 'Hourly')
    expect(line[3]).toBe(String(eur(-1234_56)))
    expect(line[3]).toMatch(/^-\d+(\.\d{1,2})?$/)
    // Salary Increase as the percent shown, to four decimals.
    expect(line[4]).toBe(String(roundTo((-1234_56 / eligible.currentSalary) * 100, 4)))
    expect(line[5]).toMatch(/^(Yes|No)$/)
    for (const l of lines) expect(l[1]).toMatch(/^\d+(\.\d{1,2})?$/)
    for (const l of lines) expect(['Salaried', 'Hourly']).toContain(l[2])
  })

  it('writes Performance Rating as its label with the number beside it, Bonus as its inputs, positions as percents', async () => {
    const [a, b] = all.filter((r) => r.editable && r.currency === 'USD' && r.performanceRating !== null)
    await dispatcher.dispatch('rewards.update', {
      updates: [
        { employeeId: a.id, changes: { newDollarBonus: 1_250_50, newPercentBonus: 2.125 } },
        { employeeId: b.id, changes: { newDollarBonus: null, newPercentBonus: null } },
      ],
    })
    const result = await dispatcher.dispatch('table.exportCsv', {
      query,
      columns: [
        'employeeId',
        'performanceRating',
        'bonus',
        'currentPayInRange',
        'newFitInRange',
        'compaRatio',
      ],
      currency: 'USD',
    })
    const [header, ...lines] = parse(result.ok ? result.value.csv : '')
    expect(header).toEqual([
      'Employee Id',
      'Performance Rating',
      'Performance Rating (number)',
      'Bonus (USD)',
      'Bonus (%)',
      'Current Pay in Range (%)',
      'New Fit in Range (%)',
      'Compa Ratio',
    ])
    const rowOf = (r: TableRow) => lines.find((l) => l[0] === r.employeeId) as string[]
    const after = await dispatcher.dispatch('table.query', { ...query, offset: 0, limit: 500 })
    const shown = (after.ok ? after.value.rows : []).find((r) => r.id === a.id) as TableRow
    expect(rowOf(a).slice(1, 5)).toEqual([
      shown.performanceRatingLabel,
      String(shown.performanceRating),
      '1250.5',
      '2.125',
    ])
    // An empty bonus is empty, not 0.
    expect(rowOf(b).slice(3, 5)).toEqual(['', ''])
    expect(rowOf(a)[5]).toBe(String(Math.round((shown.positionInRange ?? 0) * 100)))
    for (const l of lines) {
      expect(l[5]).toMatch(/^(-?\d+)?$/)
      expect(l[7]).toMatch(/^(\d+(\.\d{1,2})?)?$/)
    }
  })

  it('guards text against formula injection and quotes what CSV needs', async () => {
    const [a, b] = all.filter((r) => r.editable)
    await dispatcher.dispatch('rewards.update', {
      updates: [
        { employeeId: a.id, changes: { comments: '=HYPERLINK("http://x","y")' } },
        { employeeId: b.id, changes: { comments: '-1, or +1' } },
      ],
    })
    const result = await dispatcher.dispatch('table.exportCsv', {
      query: { ...query, filters: { comments: { type: 'text', contains: '' } }, search: '' },
      columns: ['employeeId', 'comments'],
      currency: 'USD',
    })
    const csv = result.ok ? result.value.csv : ''
    expect(csv).toContain(`${a.employeeId},"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csv).toContain(`${b.employeeId},"'-1, or +1"`)
  })

  it('exports only the rows the query matches', async () => {
    const result = await dispatcher.dispatch('table.exportCsv', {
      query: { ...query, filters: { currency: { type: 'set', values: ['GBP'] } } },
      columns: ['employeeName', 'currency'],
      currency: 'GBP',
    })
    const gbp = all.filter((r) => r.currency === 'GBP').length
    expect(result.ok && result.value.rows).toBe(gbp)
    expect(
      result.ok &&
        parse(result.value.csv)
          .slice(1)
          .every((l) => l[1] === 'GBP'),
    ).toBe(true)
  })

  it('refuses an unknown column', async () => {
    const result = await dispatcher.dispatch('table.exportCsv', {
      query,
      columns: ['salary'],
      currency: 'USD',
    })
    expect(result).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: 'Unknown column: salary.' } })
  })
})

describe('table.exportCsv without a rate', () => {
  it('keeps a row the pay cycle cannot convert in its own currency, as the table shows it, and says so', async () => {
    // The demo has rates only for the currencies its employees are paid in.
    const missing = CURRENCY_CODES.find((code) => !(code in cycle.currencyConversions))
    expect(missing).toBeDefined()
    const pound = all.find((r) => r.currency === 'GBP') as TableRow
    const result = await dispatcher.dispatch('table.exportCsv', {
      query: { ...query, search: pound.employeeId },
      columns: ['employeeId', 'currentSalary'],
      currency: missing ?? 'USD',
    })
    expect(parse(result.ok ? result.value.csv : '')).toEqual([
      ['Employee Id', `Current Salary (${missing})`, 'Pay Basis', 'Amounts In'],
      [pound.employeeId, String(pound.currentSalary / 100), pound.salaried ? 'Salaried' : 'Hourly', 'GBP'],
    ])
  })
})

describe('userSettings.update', () => {
  it('stores the preferred currency and the column order, and reads them back', async () => {
    const saved = await dispatcher.dispatch('userSettings.update', {
      preferredCurrency: 'EUR',
      compensationTableConfig: ['employeeName', 'team', 'newSalary'],
    })
    const expected = {
      preferredCurrency: 'EUR',
      compensationTableConfig: ['employeeName', 'team', 'newSalary'],
    }
    expect(saved).toEqual({ ok: true, value: expected })
    expect(await dispatcher.dispatch('userSettings.get', {})).toEqual({ ok: true, value: expected })
  })

  it('keeps what a patch leaves out', async () => {
    const saved = await dispatcher.dispatch('userSettings.update', { preferredCurrency: 'GBP' })
    expect(saved.ok && saved.value).toEqual({
      preferredCurrency: 'GBP',
      compensationTableConfig: ['employeeName', 'team', 'newSalary'],
    })
  })

  it('a column list of one entry falls back to the defaults (null), and null clears it (spec §5)', async () => {
    const one = await dispatcher.dispatch('userSettings.update', {
      compensationTableConfig: ['employeeName'],
    })
    expect(one.ok && one.value.compensationTableConfig).toBeNull()
    await dispatcher.dispatch('userSettings.update', { compensationTableConfig: ['employeeName', 'team'] })
    const cleared = await dispatcher.dispatch('userSettings.update', { compensationTableConfig: null })
    expect(cleared).toEqual({ ok: true, value: { preferredCurrency: 'GBP', compensationTableConfig: null } })
  })
})

describe('changes made elsewhere reach the table', () => {
  it('a bulk plan is visible on the next query', async () => {
    const target = all.find((r) => r.editable && r.currency === 'USD') as TableRow
    const plan = await dispatcher.dispatch('rewards.bulkPlan', {
      headers: ['Employee Id', 'Lump Sum'],
      rows: [[target.employeeId, '777']],
    })
    expect(plan.ok && plan.value.status).toBe('updated')
    const page = await dispatcher.dispatch('table.query', {
      ...query,
      offset: 0,
      limit: 5,
      search: target.employeeId,
    })
    expect(page.ok && page.value.rows.find((r) => r.id === target.id)?.lumpSum).toBe(777_00)
  })
})
