import { convertCents } from '../../../src-shared/domain/currency-conversion'
import { performanceRatingLabel } from '../../../src-shared/domain/ratings'
import type { TableColumnId } from '../../../src-shared/domain/table-columns'
import { searchKey } from '../../../src-shared/domain/search-key'
import type { RowState, TableModel } from './model'

/**
 * What each column holds for sorting, filtering and export. Money columns hold cents of the
 * employee's currency and are compared in the pay cycle's default currency; the Bonus column is the
 * planned bonus (dollar bonus plus percent of the new annual pay); the Violations column is the
 * row's severity for the viewer.
 */

export type ColumnKind =
  'text' | 'number' | 'money' | 'date' | 'performance' | 'severity' | 'boolean' | 'code'

export interface ColumnAccess {
  kind: ColumnKind
  /** Numbers (money: cents of the row's currency; severity 0..2; boolean 0/1) or text; null when empty. */
  value(row: RowState, model: TableModel, viewerId: number | null): number | string | null
}

const text =
  (get: (row: RowState, model: TableModel) => string | null): ColumnAccess['value'] =>
  (row, model) =>
    get(row, model)

const nameOf = (model: TableModel, id: number | null) => (id == null ? null : (model.names.get(id) ?? null))

export const COLUMN_ACCESS: Record<TableColumnId, ColumnAccess> = {
  employeeName: { kind: 'text', value: text((r) => r.e.name) },
  manager: { kind: 'text', value: text((r, m) => nameOf(m, r.e.managerId)) },
  planner: { kind: 'text', value: text((r, m) => nameOf(m, r.e.plannerId)) },
  jobTitle: { kind: 'text', value: text((r) => r.e.jobTitle) },
  performanceRating: { kind: 'performance', value: (r) => r.e.performanceRating },
  currentSalary: { kind: 'money', value: (r) => r.e.currentSalary },
  currentPayInRange: { kind: 'number', value: (r) => r.positionInRange },
  dollarIncrease: { kind: 'money', value: (r) => r.dollarIncrease },
  salaryIncrease: { kind: 'number', value: (r) => r.salaryIncrease },
  newSalary: { kind: 'money', value: (r) => r.e.newSalary },
  newFitInRange: { kind: 'number', value: (r) => r.newPositionInRange },
  lumpSum: { kind: 'money', value: (r) => r.e.lumpSum },
  bonus: { kind: 'money', value: (r) => r.bonusTotal },
  comments: { kind: 'text', value: text((r) => r.e.comments) },
  employeeId: { kind: 'text', value: text((r) => r.e.companyEmployeeId) },
  team: {
    kind: 'text',
    value: text((r, m) => (r.e.teamId == null ? null : (m.teams.get(r.e.teamId)?.name ?? null))),
  },
  hireDate: { kind: 'date', value: (r) => r.e.hireDate },
  compaRatio: { kind: 'number', value: (r) => r.compaRatio },
  positionInRange: { kind: 'number', value: (r) => r.positionInRange },
  promotion: { kind: 'boolean', value: (r) => (r.e.promotion ? 1 : 0) },
  newJobProfile: {
    kind: 'text',
    value: text((r, m) => m.newJobProfileLabel(r)),
  },
  violations: { kind: 'severity', value: (r, m, viewerId) => m.viewerSeverity(r, viewerId) },
  currency: { kind: 'code', value: (r) => r.e.defaultPayCurrency },
  recommendedIncrease: { kind: 'number', value: (r) => r.e.recommendedIncreasePer },
}

export const SEVERITY_NAMES = ['none', 'warning', 'error'] as const

/** A money value in cents of the default currency (no conversion needed for most rows). */
export function inDefaultCurrency(model: TableModel, cents: number, currency: string): number {
  const { defaultCurrency, rates } = model.rules.currency
  return currency === defaultCurrency ? cents : convertCents(cents, currency, defaultCurrency, rates)
}

/** The comparable value: money converted to the default currency; the rest as the column holds it. */
export function comparable(
  model: TableModel,
  row: RowState,
  column: TableColumnId,
  viewerId: number | null,
): number | string | null {
  const access = COLUMN_ACCESS[column]
  const value = access.value(row, model, viewerId)
  if (access.kind === 'money' && typeof value === 'number') {
    return inDefaultCurrency(model, value, row.e.defaultPayCurrency)
  }
  return value
}

export function ratingLabel(model: TableModel, row: RowState): string | null {
  return performanceRatingLabel(row.e.performanceRating, model.payCycle.settings.performanceRatings)
}

/** Text compared without case or accents ("Søren" sorts with "soren", "Álvarez" with "alvarez"): the search key. */
export const textKey = searchKey
