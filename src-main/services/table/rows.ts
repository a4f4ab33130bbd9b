import type { SessionUser, TableRow, ViolationDto } from '../../../src-shared/contract'
import { payRangeHints } from '../../../src-shared/domain/pay-range-hints'
import { bonusInputs, increaseInputState } from '../../../src-shared/domain/proration'
import { CYCLE_CLOSED, NOT_YOUR_EMPLOYEE, PLAN_SUBMITTED } from '../../../src-shared/domain/locks'
import { subPlannerViolation } from '../../../src-shared/domain/violations'
import { submissionScope } from '../../../src-shared/domain/visibility'
import { ratingLabel, SEVERITY_NAMES } from './columns'
import type { RowState, TableModel } from './model'
import { resolveView } from './query'

export { CYCLE_CLOSED, NOT_YOUR_EMPLOYEE, PLAN_SUBMITTED }

/** Who edits: their planning scope and what locks their choices. */
export interface Actor {
  user: SessionUser
  /** null: the whole company. */
  teamIds: ReadonlySet<number> | null
  /** A closed pay cycle or the actor's own submission locks the inputs. */
  lockReason: string | null
  /** The teams the lock holds (null: every row); an own submission locks only the teams it covers. */
  lockedTeamIds: ReadonlySet<number> | null
}

export function actorOf(model: TableModel, user: SessionUser): Actor {
  const { teamIds } = resolveView(model, user, null)
  const submitted = user.employeeId !== null && model.submitted.has(user.employeeId)
  const closed = !model.payCycle.active
  const teams = model.tree.order.map((id) => model.teams.get(id)).filter((t) => t !== undefined)
  return {
    user,
    teamIds,
    lockReason: closed ? CYCLE_CLOSED : submitted ? PLAN_SUBMITTED : null,
    lockedTeamIds:
      closed || !submitted ? null : submissionScope(user.role, user.employeeId, teams, model.tree),
  }
}

/** Why the actor may not change this row's choices; null when nothing locks it. */
export function actorLockFor(actor: Actor, row: RowState): string | null {
  if (actor.lockReason === null || actor.lockedTeamIds === null) return actor.lockReason
  const teamId = row.e.teamId
  return teamId !== null && actor.lockedTeamIds.has(teamId) ? actor.lockReason : null
}

export function actorMayPlan(actor: Actor, row: RowState): boolean {
  const teamId = row.e.teamId
  return actor.teamIds === null || (teamId !== null && actor.teamIds.has(teamId))
}

/** The row's violations for a viewer: its own rules, then subPlannerNotSubmitted. */
export function rowViolationsFor(model: TableModel, row: RowState, viewerId: number | null): ViolationDto[] {
  const list: ViolationDto[] = row.violations.map((v) => ({
    rule: v.rule,
    severity: v.severity,
    message: v.message,
  }))
  if (model.isWaiting(row, viewerId) && row.activePlannerId !== null) {
    const planner = { id: row.activePlannerId, name: model.names.get(row.activePlannerId) ?? null }
    const waiting = subPlannerViolation(planner, viewerId, model.payCycle.settings)
    if (waiting) list.push({ ...waiting })
  }
  return list
}

export function toTableRow(
  model: TableModel,
  row: RowState,
  viewerId: number | null,
  actor: Actor,
): TableRow {
  const { e } = row
  const settings = model.payCycle.settings
  const mayPlan = actorMayPlan(actor, row)
  const lock = actorLockFor(actor, row)
  const input = increaseInputState({
    editable: mayPlan,
    locked: lock !== null,
    proration: row.proration,
  })
  const bounds = row.range?.bounds ?? null
  return {
    id: e.id,
    employeeId: e.companyEmployeeId,
    employeeName: e.name,
    manager: e.managerId == null ? null : (model.names.get(e.managerId) ?? null),
    planner: e.plannerId == null ? null : (model.names.get(e.plannerId) ?? null),
    team: e.teamId == null ? null : (model.teams.get(e.teamId)?.name ?? null),
    jobTitle: e.jobTitle,
    performanceRating: e.performanceRating,
    performanceRatingLabel: ratingLabel(model, row),
    currency: e.defaultPayCurrency,
    salaried: e.salaried,
    hireDate: e.hireDate,
    currentSalary: e.currentSalary,
    currentAnnualPay: row.currentAnnualPay,
    newSalary: e.newSalary,
    newAnnualPay: row.newAnnualPay,
    dollarIncrease: row.dollarIncrease,
    salaryIncrease: row.salaryIncrease,
    lumpSum: e.lumpSum,
    newDollarBonus: e.newDollarBonus,
    newPercentBonus: e.newPercentBonus,
    currentDollarBonus: e.currentDollarBonus,
    currentPercentBonus: e.currentPercentBonus,
    comments: e.comments,
    promotion: e.promotion,
    newJobProfileId: e.newJobProfileId,
    newJobProfile: model.newJobProfileLabel(row),
    payRange: bounds ? { min: bounds.min, mid: bounds.mid, max: bounds.max } : null,
    compaRatio: row.compaRatio,
    recommendedIncrease: e.recommendedIncreasePer,
    positionInRange: row.positionInRange,
    newPositionInRange: row.newPositionInRange,
    payRangeHints: bounds
      ? payRangeHints(row.currentAnnualPay, bounds).map((h) => ({ label: h.label, amount: h.amount }))
      : [],
    severity: SEVERITY_NAMES[model.viewerSeverity(row, viewerId)],
    violations: rowViolationsFor(model, row, viewerId),
    proratedPercent: row.proration.percent,
    editable: !input.disabled,
    lockedReason: input.tooltip ?? lock ?? (mayPlan ? null : NOT_YOUR_EMPLOYEE),
    bonusInputs: bonusInputs(e, e, settings),
  }
}
