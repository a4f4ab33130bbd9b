import { describe, expect, it } from 'vitest'
import type { PayCycleDto, TableRow } from '../../../src-shared/contract'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import {
  DEFAULT_TABLE_COLUMNS,
  TABLE_COLUMNS,
  tableColumnsFor,
} from '../../../src-shared/domain/table-columns'
import { copyText, toTsv } from '../../../src-renderer/features/compensation-table/clipboard'
import {
  columnList,
  configChanged,
  configFromList,
  MIN_VISIBLE_COLUMNS,
  moveColumn,
  toggleColumn,
} from '../../../src-renderer/features/compensation-table/column-config'
import {
  displayCents,
  displayCurrencyOf,
  formatDisplayMoney,
  formatIncreasePercent,
  percentTone,
  pickableCurrencies,
  shownCurrency,
} from '../../../src-renderer/features/compensation-table/display-money'
import {
  choicePage,
  matchChoices,
  viewingAsText,
  canViewAs,
} from '../../../src-renderer/features/compensation-table/view-as'

describe('column order and visibility', () => {
  it('starts from the defaults when the saved config has one entry or none (spec: more than one entry)', () => {
    for (const config of [null, [], ['manager']]) {
      const list = columnList(config)
      expect(configFromList(list)).toEqual([...DEFAULT_TABLE_COLUMNS])
      expect(list.filter((c) => !c.visible).map((c) => c.id)).toContain('team')
    }
  })

  it('keeps a saved order, with the required Employee Name added when it is missing', () => {
    const list = columnList(['team', 'manager', 'nonsense'])
    expect(configFromList(list)).toEqual(['employeeName', 'team', 'manager'])
    expect(list).toHaveLength(TABLE_COLUMNS.length)
  })

  it('moves an entry, clamping the target', () => {
    const list = columnList(null)
    const moved = moveColumn(list, 3, 1)
    expect(configFromList(moved).slice(0, 4)).toEqual(['employeeName', 'jobTitle', 'manager', 'planner'])
    expect(configFromList(moveColumn(list, 0, 99)).at(-1)).toBe('employeeName')
    expect(moveColumn(list, 99, 0)).toEqual(list)
  })

  it('hides and shows columns, never the required one, and never below two shown', () => {
    let list = columnList(null)
    list = toggleColumn(list, 'employeeName')
    expect(list.find((c) => c.id === 'employeeName')?.visible).toBe(true)
    list = toggleColumn(list, 'comments')
    expect(configFromList(list)).not.toContain('comments')
    list = toggleColumn(list, 'team')
    expect(configFromList(list).at(-1)).toBe('team')
    // hide every shown column: the required one and one more stay
    for (const item of list.filter((c) => c.visible)) list = toggleColumn(list, item.id)
    expect(configFromList(list)).toHaveLength(MIN_VISIBLE_COLUMNS)
    expect(configFromList(list)[0]).toBe('employeeName')
  })

  it('what Finish Editing saves reads back as the same columns (the >1 entry rule holds)', () => {
    const list = toggleColumn(moveColumn(columnList(null), 5, 1), 'planner')
    const saved = configFromList(list)
    expect(saved.length).toBeGreaterThan(1)
    expect(tableColumnsFor(saved)).toEqual(saved)
    expect(configChanged(saved, list)).toBe(false)
    expect(configChanged(null, list)).toBe(true)
    expect(configChanged(null, columnList(null))).toBe(false)
  })
})

const cycle: PayCycleDto = {
  id: 1,
  name: 'FY',
  active: true,
  effectiveDate: null,
  companyMeritBudget: null,
  defaultCurrency: 'USD',
  currencyConversions: { EUR: 0.9, JPY: 150 },
  settings: DEFAULT_SETTINGS,
  updatedAt: '',
  closedAt: null,
  ratesAsOf: null,
}
const row = (extra: Partial<TableRow>) => ({ currency: 'USD', salaried: true, ...extra }) as TableRow

describe('money in the preferred currency', () => {
  it('a missing preferred currency is USD; the default currency maps to 1', () => {
    const display = displayCurrencyOf(null, cycle)
    expect(display.preferred).toBe('USD')
    expect(display.rates).toEqual({ USD: 1, EUR: 0.9, JPY: 150 })
    expect(
      displayCurrencyOf({ preferredCurrency: 'EUR', compensationTableConfig: null }, null).rates,
    ).toEqual({ USD: 1 })
  })

  it('offers the default and the converted currencies only', () => {
    expect(pickableCurrencies(displayCurrencyOf(null, cycle))).toEqual(['USD', 'EUR', 'JPY'])
  })

  it('converts with the rate ratios, en-US, at most 2 decimals; hourly rates end in /hr', () => {
    const display = displayCurrencyOf({ preferredCurrency: 'EUR', compensationTableConfig: null }, cycle)
    expect(displayCents(100_000_00, 'USD', display)).toBe(90_000_00)
    expect(displayCents(150_000_00, 'JPY', display)).toBe(900_00)
    expect(formatDisplayMoney(100_000_00, row({}), display)).toBe('€90,000.00')
    expect(formatDisplayMoney(25_50, row({ salaried: false }), display, true)).toBe('€22.95/hr')
    expect(formatDisplayMoney(25_50, row({ salaried: false }), display, false)).toBe('€22.95')
    expect(formatDisplayMoney(null, row({}), display)).toBe('')
  })

  it('keeps a row in its own currency when no rate converts it', () => {
    const display = displayCurrencyOf({ preferredCurrency: 'EUR', compensationTableConfig: null }, cycle)
    expect(shownCurrency('GBP', display)).toBe('GBP')
    expect(formatDisplayMoney(1_000_00, row({ currency: 'GBP' }), display)).toBe('£1,000.00')
  })

  it('salary increase percent: four decimals, green when positive, red when negative', () => {
    expect(formatIncreasePercent(5)).toBe('5.0000%')
    expect(formatIncreasePercent(-15.28374)).toBe('-15.2837%')
    expect(formatIncreasePercent(null)).toBe('')
    expect([percentTone(3), percentTone(-1), percentTone(0), percentTone(null)]).toEqual([
      'positive',
      'negative',
      'zero',
      'zero',
    ])
  })

  it('copies cells as shown, tab-separated', () => {
    const display = displayCurrencyOf(null, cycle)
    const r = row({ employeeName: 'Ada\tLovelace', currentSalary: 1_234_50, promotion: true })
    expect(copyText('currentSalary', r, display)).toBe('$1,234.50')
    expect(copyText('promotion', r, display)).toBe('Yes')
    expect(toTsv([[copyText('employeeName', r, display), 'x'], ['a\nb']])).toBe('Ada Lovelace\tx\na b')
  })
})

describe("'View as'", () => {
  it('is for SUPER_USER, ADMIN and OWNER (planning document) and PLANNER (administration document)', () => {
    expect(['SUPER_USER', 'ADMIN', 'OWNER', 'PLANNER', 'MANAGER'].map((r) => canViewAs(r as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ])
    expect(canViewAs(null)).toBe(false)
  })

  it('finds people by words of the name and shows them 5 per page ("the employee picker page size is 5")', () => {
    const choices = ['Ada Lovelace', 'Zoe Kim', 'Ada Park', 'Bo Li', 'Cy Ng', 'Di Ro', 'Ed Yu'].map(
      (name, i) => ({ employeeId: i + 1, name, detail: '' }),
    )
    expect(matchChoices(choices, 'love ada').map((c) => c.employeeId)).toEqual([1])
    expect(matchChoices(choices, '')).toHaveLength(7)
    expect(choicePage(choices, 0)).toMatchObject({ page: 0, pages: 2 })
    expect(choicePage(choices, 0).items).toHaveLength(5)
    expect(choicePage(choices, 1).items.map((c) => c.name)).toEqual(['Di Ro', 'Ed Yu'])
    expect(choicePage(choices, 9).page).toBe(1)
    expect(choicePage([], 0)).toEqual({ items: [], page: 0, pages: 1 })
  })

  it("reads 'Viewing as' and the name, or 'someone else' when no name applies (spec: sidebar)", () => {
    const employees = [
      { id: 1, name: 'Zoe Kim' },
      { id: 2, name: ' ' },
    ]
    expect(viewingAsText(null, employees)).toBeNull()
    expect(viewingAsText(1, employees)).toBe('Viewing as Zoe Kim')
    expect(viewingAsText(2, employees)).toBe('Viewing as someone else')
    expect(viewingAsText(3, [])).toBe('Viewing as someone else')
  })
})
