import { promotionOf, type StatementFacts } from '../../../src-shared/domain/statements/facts'
import { newCompaRatio } from '../dashboard/groups'
import { ratingLabel } from '../table/columns'
import type { RowState, TableModel } from '../table/model'

/** The local calendar day of a moment, as YYYY-MM-DD (a statement is dated where it is written). */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** One employee's statement figures from the table's model (what the Compensation Table shows). */
export function statementFacts(
  model: TableModel,
  row: RowState,
  places: { department: string | null; location: string | null },
  createdAt: string,
): StatementFacts {
  const e = row.e
  const planned = e.newDollarBonus !== null || e.newPercentBonus !== null
  const currentBonus =
    e.currentDollarBonus + Math.round((row.currentAnnualPay * Math.max(0, e.currentPercentBonus)) / 100)
  const bounds = row.newRange?.bounds ?? null
  const team = e.teamId === null ? null : (model.teams.get(e.teamId)?.name ?? null)
  return {
    employeeId: e.companyEmployeeId,
    name: e.name,
    jobTitle: e.jobTitle,
    performanceRating: e.performanceRating,
    performanceRatingLabel: ratingLabel(model, row),
    department: places.department ?? team,
    manager: e.managerId === null ? null : (model.names.get(e.managerId) ?? null),
    location: places.location,
    hireDate: e.hireDate,
    effectiveDate: model.payCycle.effectiveDate,
    createdAt,
    currency: e.defaultPayCurrency,
    currentAnnualPay: row.currentAnnualPay,
    newAnnualPay: row.newAnnualPay,
    increasePercent: row.salaryIncrease,
    currentBonus,
    newBonus: planned ? row.bonusTotal : null,
    lumpSum: e.lumpSum,
    currentCompaRatio: row.compaRatio,
    newCompaRatio: newCompaRatio(row),
    currentPositionInRange: row.positionInRange,
    newPositionInRange: row.newPositionInRange,
    payRange: bounds ? { min: bounds.min, mid: bounds.mid, max: bounds.max } : null,
    promotion: promotionOf(
      e.jobProfileId,
      model.newJobProfile(row),
      bounds ? { min: bounds.min, mid: bounds.mid, max: bounds.max } : null,
    ),
  }
}
