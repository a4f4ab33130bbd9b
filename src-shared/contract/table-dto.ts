import type { TableColumnId } from '../domain/table-columns'
import type { ViolationDto } from './dto'

/** One row of the Compensation Table, computed in the main process. Money in cents of `currency`. */
export interface TableRow {
  id: number
  employeeId: string
  employeeName: string
  manager: string | null
  planner: string | null
  team: string | null
  jobTitle: string | null
  performanceRating: number | null
  performanceRatingLabel: string | null
  currency: string
  salaried: boolean
  hireDate: string | null
  /** Salaried: annual salary; hourly: the hourly rate (as stored). */
  currentSalary: number
  currentAnnualPay: number
  newSalary: number | null
  newAnnualPay: number
  /** New − current salary as stored: an hourly row's is per hour (issue 36). */
  dollarIncrease: number | null
  /** Percent. */
  salaryIncrease: number | null
  lumpSum: number | null
  newDollarBonus: number | null
  newPercentBonus: number | null
  currentDollarBonus: number
  currentPercentBonus: number
  comments: string | null
  promotion: boolean
  newJobProfileId: number | null
  /** The new job profile as the table names it (`jobProfileLabel`), or null. */
  newJobProfile: string | null
  /** Annual, in `currency`, on the employee's pay basis; null without a range. */
  payRange: { min: number; mid: number; max: number } | null
  compaRatio: number | null
  /** The saved merit matrix's recommended increase, percent of current salary (recommended_increase_per). */
  recommendedIncrease: number | null
  positionInRange: number | null
  newPositionInRange: number | null
  payRangeHints: { label: string; amount: number }[]
  severity: 'none' | 'warning' | 'error'
  violations: ViolationDto[]
  proratedPercent: number
  /** Whether this user may edit the row's inputs; when not, why ('Employee not eligible for an increase.' …). */
  editable: boolean
  lockedReason: string | null
  bonusInputs: { showDollar: boolean; showPercent: boolean; editable: boolean }
}

export type NumberFilter = {
  type: 'number'
  op: 'equals' | 'lessThan' | 'greaterThan' | 'between'
  value: number
  valueTo?: number
}
export type DateFilter = {
  type: 'date'
  op: 'equals' | 'before' | 'after' | 'between'
  value: string
  valueTo?: string
}
export type TextFilter = { type: 'text'; contains: string }
export type SetFilter = { type: 'set'; values: string[] }
export type ColumnFilter = NumberFilter | DateFilter | TextFilter | SetFilter

export interface TableQuery {
  offset: number
  limit: number
  sort: { column: TableColumnId; direction: 'asc' | 'desc' } | null
  filters: Partial<Record<TableColumnId, ColumnFilter>>
  /** Search by name (spec: search by name). */
  search: string
  /** 'View as' (SUPER_USER, ADMIN, OWNER): the rows that employee would see. */
  viewAsEmployeeId: number | null
}

/** Someone the table may be viewed as: an employee other than oneself who has a user. */
export interface ViewAsChoice {
  employeeId: number
  name: string
  /** Job title and role, to tell people of one name apart. */
  detail: string
}

export interface TablePage {
  total: number
  rows: TableRow[]
  /** Across every row the query matches (not only this page). */
  worstSeverity: 'none' | 'warning' | 'error'
  violationCount: number
  /** violationCount split by severity (the badge: '1 error · 500 warnings'). */
  errorCount: number
  warningCount: number
  /** The pay problems alone (the row rules), without the rows waiting for a sub-planner. */
  pay: { worstSeverity: 'none' | 'warning' | 'error'; errorCount: number; warningCount: number }
  /** Rows waiting for a sub-planner's submission (subPlannerNotSubmitted), counted apart from pay problems. */
  waitingCount: number
  /** The viewer's teams' aggregate budget violations (aboveBudgetExceeded). */
  teamViolations: { teamId: number; name: string; violations: ViolationDto[] }[]
}

/** A planner's changes to one employee's reward; absent fields stay as they are. Money in cents. */
export interface RewardChanges {
  newSalary?: number | null
  newPercentBonus?: number | null
  newDollarBonus?: number | null
  lumpSum?: number | null
  comments?: string | null
  promotion?: boolean
  newJobProfileId?: number | null
}

export interface RewardHistoryEntry {
  id: number
  changedAt: string
  changedBy: string | null
  source: string
  changes: Record<string, { old: unknown; new: unknown }>
}

/** The 'View All' panel: the view's violations grouped by rule, errors first, then the largest groups. */
export interface ViolationGroupsDto {
  /** Employees with at least one violation. */
  employees: number
  violations: number
  groups: { rule: string; severity: 'warning' | 'error'; title: string; count: number }[]
}

/** A page of one rule's employees (by name), each with its own message. */
export interface ViolationItemsPage {
  total: number
  items: { id: number; employeeName: string; message: string }[]
}
