import type { PayCycleDto } from '../../../src-shared/contract'
import {
  activePlannersByTeam,
  buildTeamTree,
  teamHolderId,
  type TeamTree,
} from '../../../src-shared/domain/hierarchy'
import { jobProfileLabel } from '../../../src-shared/domain/job-profiles'
import {
  annualPay,
  dollarIncrease,
  positionBetween,
  salaryIncreasePercent,
} from '../../../src-shared/domain/pay'
import type { ProrationResult } from '../../../src-shared/domain/proration'
import {
  aboveBudgetViolation,
  plannedSpend,
  ruleSeverity,
  severityRank,
  teamBudgetInDefaultCurrency,
  type Violation,
} from '../../../src-shared/domain/violations'
import type { TableEmployee, TableSource, TableTeam } from '../../workbook/queries/table'
import type { QueryCache } from './query-cache'
import { RowRules, type RangeEntry } from './rules'

/**
 * The Compensation Table of one open workbook, in memory: every employee's row with its derived
 * values, and every team's planned spend (its members and every team below). Built once in
 * O(employees + teams); an edit re-evaluates only the edited rows and walks up their teams
 * (O(team depth)), so the totals always equal a full `evaluatePlan`.
 */

/** One employee: the stored values (`e`, updated in place by edits) and what the rules derive. */
export class RowState {
  currentAnnualPay = 0
  newAnnualPay = 0
  range: RangeEntry | null = null
  /** The new job profile's range when a promotion is planned, else the current range. */
  newRange: RangeEntry | null = null
  compaRatio: number | null = null
  positionInRange: number | null = null
  newPositionInRange: number | null = null
  dollarIncrease: number | null = null
  salaryIncrease: number | null = null
  /** Row rules without subPlannerNotSubmitted, which depends on who looks (see `viewerSeverity`). */
  violations: readonly Violation[] = []
  /** 0 none, 1 warning, 2 error, of `violations`. */
  severity = 0
  proration: ProrationResult = { percent: 0, fullyProrated: false, reasons: [], skippedForPayMin: false }
  /** Planned spend in the default currency (violations.ts `plannedSpend`). */
  spend = 0
  /** Planned bonus in the employee's currency: dollar bonus plus percent of new annual pay. */
  bonusTotal = 0
  /** The manager of the nearest unsubmitted team above the row (hierarchy.ts `activePlannersByTeam`). */
  activePlannerId: number | null = null

  constructor(
    readonly e: TableEmployee,
    readonly index: number,
  ) {}
}

export class TableModel {
  readonly rows: RowState[]
  readonly indexById = new Map<number, number>()
  readonly teams: ReadonlyMap<number, TableTeam>
  readonly tree: TeamTree
  readonly names = new Map<number, string>()
  /** Each job profile's name as the table shows it (`jobProfileLabel`). */
  private readonly jobProfileLabels: ReadonlyMap<number, string>
  private readonly jobProfileNames: ReadonlyMap<
    number,
    { id: number; jobProfile: string | null; jobCode: string }
  >
  readonly payCycle: PayCycleDto
  readonly rules: RowRules
  /** Each team's manager when they hold it in this pay cycle (spec §6), else null. */
  private readonly holders = new Map<number, number | null>()
  /** Planners who submitted in this pay cycle (changed in place by `setSubmitted`). */
  private readonly submittedIds: Set<number>
  /** Planned spend of each team's members and every team below, in the default currency. */
  readonly teamUsed = new Map<number, number>()
  /** The team's budget in the default currency, else the allocated budgets below it; null when neither. */
  readonly teamBudget = new Map<number, number | null>()
  /** Sum of hyperbalance_annual_allocated_budget of each team's members and every team below. */
  private readonly teamAllocated = new Map<number, number | null>()
  /** Counts team budget changes made in place (`setTeamBudget`), for what is derived from budgets. */
  budgetVersion = 0
  /** Counts every change made in place (edited rows, team budgets), for summaries kept between calls. */
  version = 0
  /** The severity subPlannerNotSubmitted takes (null: the rule is off). */
  readonly waitingSeverity: 'warning' | 'error' | null
  /** Sorted and filtered lists, kept across queries (query.ts). */
  queries: QueryCache | null = null

  constructor(source: TableSource & { payCycle: PayCycleDto }) {
    this.payCycle = source.payCycle
    this.rules = new RowRules(source.payCycle, source.payRanges, source.jobProfiles)
    this.jobProfileLabels = new Map(source.jobProfiles.map((j) => [j.id, jobProfileLabel(j)]))
    this.jobProfileNames = new Map(
      source.jobProfiles.map((j) => [j.id, { id: j.id, jobProfile: j.jobProfile, jobCode: j.jobCode }]),
    )
    this.teams = new Map(source.teams.map((t) => [t.id, t]))
    this.tree = buildTeamTree(source.teams)
    this.submittedIds = new Set(
      source.submissions.filter((s) => s.payCycleId === this.payCycle.id).map((s) => s.plannerEmployeeId),
    )
    this.waitingSeverity = ruleSeverity('subPlannerNotSubmitted', this.payCycle.settings.plannerViolations)
    // An employee without a pay cycle follows the current one.
    const payCycles = new Map(source.employees.map((e) => [e.id, { payCycleId: e.payCycleId ?? undefined }]))
    for (const team of source.teams)
      this.holders.set(team.id, teamHolderId(team, payCycles, this.payCycle.id))
    const planners = activePlannersByTeam(this.tree, (id) => this.holderOf(id), this.submittedIds)

    this.rows = new Array<RowState>(source.employees.length)
    const allocated = this.teamAllocated
    for (const id of this.tree.order) {
      this.teamUsed.set(id, 0)
      allocated.set(id, null)
    }
    for (let i = 0; i < source.employees.length; i++) {
      const e = source.employees[i]
      const row = new RowState(e, i)
      this.rows[i] = row
      this.indexById.set(e.id, i)
      this.names.set(e.id, e.name)
      this.evaluate(row)
      row.activePlannerId = e.teamId == null ? null : (planners.get(e.teamId) ?? null)
      const used = e.teamId == null ? undefined : this.teamUsed.get(e.teamId)
      if (used === undefined || e.teamId == null) continue
      this.teamUsed.set(e.teamId, used + row.spend)
      const amount = e.hyperbalanceAnnualAllocatedBudget
      if (amount != null) allocated.set(e.teamId, (allocated.get(e.teamId) ?? 0) + amount)
    }
    // Children before parents: fold each team's sums into its parent.
    for (let i = this.tree.order.length - 1; i >= 0; i--) {
      const id = this.tree.order[i]
      const parentId = this.tree.parent.get(id)
      if (parentId == null) continue
      this.teamUsed.set(parentId, (this.teamUsed.get(parentId) ?? 0) + (this.teamUsed.get(id) ?? 0))
      const mine = allocated.get(id) ?? null
      if (mine != null) allocated.set(parentId, (allocated.get(parentId) ?? 0) + mine)
    }
    for (const team of source.teams) {
      const budget = teamBudgetInDefaultCurrency(team, this.rules.currency)
      this.teamBudget.set(team.id, budget ?? allocated.get(team.id) ?? null)
    }
  }

  get submitted(): ReadonlySet<number> {
    return this.submittedIds
  }

  /**
   * A submission or a send-back, kept in place: every row's active planner is worked out again over
   * the tree (O(employees + teams)) instead of rebuilding the model, which at 100,000 employees takes
   * seconds. Lists sorted or filtered by violations are dropped.
   */
  setSubmitted(plannerId: number, submitted: boolean): void {
    if (submitted) this.submittedIds.add(plannerId)
    else this.submittedIds.delete(plannerId)
    const planners = activePlannersByTeam(this.tree, (id) => this.holderOf(id), this.submittedIds)
    for (const row of this.rows)
      row.activePlannerId = row.e.teamId == null ? null : (planners.get(row.e.teamId) ?? null)
    this.queries = null
    this.version++
  }

  /** A team's budget changed: kept in place, without rebuilding the model. */
  setTeamBudget(teamId: number, budget: number | null, budgetCurrency: string | null): void {
    const team = this.teams.get(teamId)
    if (!team) return
    team.budget = budget
    team.budgetCurrency = budgetCurrency
    const converted = teamBudgetInDefaultCurrency(team, this.rules.currency)
    this.teamBudget.set(teamId, converted ?? this.teamAllocated.get(teamId) ?? null)
    this.budgetVersion++
    this.version++
  }

  /** The team's planner: its manager, when the manager is in this pay cycle. */
  holderOf(teamId: number): number | null {
    return this.holders.get(teamId) ?? null
  }

  /** A row's new job profile as the table names it, or null. */
  newJobProfileLabel(row: RowState): string | null {
    const id = row.e.newJobProfileId
    return id == null ? null : (this.jobProfileLabels.get(id) ?? null)
  }

  /** A row's planned new job profile (a promotion), or null. */
  newJobProfile(row: RowState): { id: number; jobProfile: string | null; jobCode: string } | null {
    const id = row.e.newJobProfileId
    return id == null ? null : (this.jobProfileNames.get(id) ?? null)
  }

  row(employeeId: number): RowState | undefined {
    const index = this.indexById.get(employeeId)
    return index === undefined ? undefined : this.rows[index]
  }

  /** Derives a row's values from its stored ones (the per-row part of `evaluatePlan`). */
  evaluate(row: RowState): void {
    const { e } = row
    const rules = this.rules
    const current = annualPay(e.currentSalary, e.salaried, e.fte)
    const next = e.newSalary == null ? current : annualPay(e.newSalary, e.salaried, e.fte)
    const range = rules.rangeFor(e.jobProfileId, e)
    const newRange = e.newJobProfileId != null ? rules.rangeFor(e.newJobProfileId, e) : range
    row.currentAnnualPay = current
    row.newAnnualPay = next
    row.range = range
    row.newRange = newRange
    const bounds = range?.bounds ?? null
    row.compaRatio = bounds && range && range.range.midPay > 0 && bounds.mid > 0 ? current / bounds.mid : null
    row.positionInRange = bounds ? positionBetween(current, bounds.min, bounds.max) : null
    const newBounds = newRange?.bounds ?? null
    row.newPositionInRange = newBounds ? positionBetween(next, newBounds.min, newBounds.max) : null
    // Per hour on an hourly row, like its Current and New Salary (issue 36).
    row.dollarIncrease = dollarIncrease(e.newSalary, e.currentSalary)
    row.salaryIncrease = e.newSalary == null ? null : salaryIncreasePercent(next, current)
    row.violations = rules.violations(current, next, newRange)
    let severity = 0
    for (const v of row.violations) severity = Math.max(severity, severityRank(v.severity))
    row.severity = severity
    row.proration = rules.proration(e, current, range)
    // Nothing planned spends nothing (the domain's answer too, without its conversions).
    const planned =
      e.newSalary !== null || e.lumpSum !== null || e.newDollarBonus !== null || e.newPercentBonus !== null
    row.spend = planned ? plannedSpend(e, e, rules.settings, rules.currency) : 0
    const dollar = e.newDollarBonus ?? e.currentDollarBonus ?? 0
    const percent = e.newPercentBonus ?? e.currentPercentBonus ?? 0
    row.bonusTotal = dollar + Math.round((next * Math.max(0, percent)) / 100)
  }

  /** Re-derives an edited row and moves the change of its planned spend up its teams. */
  reevaluate(row: RowState): void {
    this.version++
    const before = row.spend
    this.evaluate(row)
    const delta = row.spend - before
    const teamId = row.e.teamId
    if (delta === 0 || teamId == null || !this.teamUsed.has(teamId)) return
    for (let id: number | null = teamId; id != null; id = this.tree.parent.get(id) ?? null) {
      this.teamUsed.set(id, (this.teamUsed.get(id) ?? 0) + delta)
    }
  }

  /** The row's severity rank for a viewer: its own rules plus subPlannerNotSubmitted. */
  viewerSeverity(row: RowState, viewerId: number | null): number {
    return this.isWaiting(row, viewerId)
      ? Math.max(row.severity, severityRank(this.waitingSeverity ?? 'warning'))
      : row.severity
  }

  isWaiting(row: RowState, viewerId: number | null): boolean {
    return this.waitingSeverity !== null && row.activePlannerId !== null && row.activePlannerId !== viewerId
  }

  /** aboveBudgetExceeded on a team (the aggregate rule). */
  teamViolations(teamId: number): Violation[] {
    const over = aboveBudgetViolation(
      this.teamUsed.get(teamId) ?? 0,
      this.teamBudget.get(teamId) ?? null,
      this.payCycle.settings,
    )
    return over ? [over] : []
  }
}
