import { IMPORT_COLUMNS, type ImportRow } from '../../src-shared/domain/import-format'
import type { PlanRules } from '../../src-shared/domain/reimport'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'

/** The re-import rules' tests: default settings, USD the default currency, 1 USD = 0.5 EUR. */
export const REIMPORT_RULES: PlanRules = {
  settings: DEFAULT_SETTINGS,
  currency: { defaultCurrency: 'USD', rates: { USD: 1, EUR: 0.5 } },
}

/** A valid import row (Ada Park, E1, $100,000 salaried in range R); `over` changes what a test needs. */
export function importRow(over: Partial<ImportRow> = {}): ImportRow {
  const empty = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, null])) as ImportRow
  return {
    ...empty,
    employeeId: 'E1',
    employeeName: 'Ada Park',
    currentBasePay: 10_000_000,
    payCurrency: 'USD',
    salaried: true,
    hireDate: '2020-01-15',
    jobCode: 'J',
    payRangeName: 'R',
    minPay: 8_000_000,
    midPay: 10_000_000,
    maxPay: 12_000_000,
    ...over,
  }
}
