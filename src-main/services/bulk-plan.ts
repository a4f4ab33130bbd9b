import type { BulkPlanResult, RowError, SessionUser } from '../../src-shared/contract'
import {
  DUPLICATE_HEADER,
  MISSING_REQUIRED_HEADER,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../src-shared/domain/csv-headers'
import { isImportNullToken, parseImportValue, parseMoneyCents } from '../../src-shared/domain/import-values'
import { PLAN_COLUMNS, type PlanColumn, type PlanField } from '../../src-shared/domain/plan-format'
import { increaseInputState, proration, type ProrationInput } from '../../src-shared/domain/proration'
import { inScope, planningScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { Workbook } from '../workbook/open'
import { listEmployees, listJobProfiles, listPayRanges, listTeams } from '../workbook/queries/planning'
import {
  loadPlanTargets,
  writeRewardChanges,
  type PlanTarget,
  type RewardChange,
} from '../workbook/queries/rewards'
import { requireActivePayCycle } from './pay-cycle'

/** The inputs the spec disables for a fully prorated employee. */
const INCREASE_FIELDS: readonly PlanField[] = ['newSalary', 'newPercentBonus', 'newDollarBonus', 'lumpSum']

/** Proration inputs for an employee, given whether they are on a performance plan. */
type ProrationOf = (target: PlanTarget, performancePlan: boolean) => ProrationInput | null

type Parsed =
  { ok: true; value: string | number | boolean | null } | { ok: false; code: string; message: string }

function parseCell(column: PlanColumn, raw: string, row: number): Parsed {
  if (column.type !== 'money') {
    return parseImportValue(column.type, raw, {
      required: column.required,
      field: column.field,
      row,
      defaultValue: column.type === 'boolean' ? false : null,
    })
  }
  if (isImportNullToken(raw)) return { ok: true, value: null }
  const cents = parseMoneyCents(raw)
  if (cents === null) return { ok: false, code: 'InvalidNumber', message: 'Invalid number' }
  if (cents < 0) return { ok: false, code: 'NegativeAmount', message: 'Amounts cannot be negative' }
  return { ok: true, value: cents }
}

interface RowOutcome {
  errors: RowError[]
  change: RewardChange | null
}

function planRow(
  cells: ReadonlyMap<PlanColumn, string>,
  row: number,
  targets: ReadonlyMap<string, PlanTarget>,
  scope: PlanningScope,
  seen: Set<string>,
  prorationOf: ProrationOf,
): RowOutcome {
  const idColumn = PLAN_COLUMNS[0]
  const id = (cells.get(idColumn) ?? '').trim()
  const error = (header: string, code: string, message: string): RowError => ({
    row,
    header,
    id,
    code,
    message,
  })
  const parsedId = parseCell(idColumn, id, row)
  if (!parsedId.ok) return { errors: [error(idColumn.header, parsedId.code, parsedId.message)], change: null }
  const target = targets.get(id)
  if (!target)
    return {
      errors: [error(idColumn.header, 'UnknownEmployee', `No employee has the Employee Id ${id}`)],
      change: null,
    }
  if (seen.has(id)) {
    return {
      errors: [error(idColumn.header, 'DuplicateEmployeeId', `Employee Id ${id} appears more than once`)],
      change: null,
    }
  }
  seen.add(id)
  if (!inScope(scope, target.teamId)) {
    return {
      errors: [error(idColumn.header, 'NotYourEmployee', `You may not plan for ${target.name} (${id})`)],
      change: null,
    }
  }

  const errors: RowError[] = []
  const changes: RewardChange['changes'] = {}
  for (const [column, raw] of cells) {
    if (column === idColumn) continue
    const parsed = parseCell(column, raw, row)
    if (!parsed.ok) {
      errors.push(error(column.header, parsed.code, parsed.message))
      continue
    }
    const field = column.field as PlanField
    const old = target.reward[field]
    if (old !== parsed.value) changes[field] = { old, new: parsed.value }
  }
  const increase = INCREASE_FIELDS.find(
    (field) => changes[field] !== undefined && changes[field]?.new !== null,
  )
  const planned = changes.performancePlan?.new ?? target.reward.performancePlan
  const input = increase ? prorationOf(target, planned === true) : null
  if (increase && input) {
    const state = increaseInputState({ editable: true, locked: false, proration: proration(input) })
    if (state.tooltip) {
      const header = PLAN_COLUMNS.find((c) => c.field === increase)?.header ?? increase
      errors.push(error(header, 'NotEligible', state.tooltipLines.join(' ')))
    }
  }
  const changed = errors.length === 0 && Object.keys(changes).length > 0
  return { errors, change: changed ? { employeeId: target.employeeId, changes } : null }
}

/**
 * Bulk planner input, all-or-nothing: every row is checked first (values by the import's rules,
 * the employee exists once and is the planner's to plan); only a file without errors is written,
 * in one transaction, with a reward-history row per changed employee.
 */
export async function applyBulkPlan(
  workbook: Workbook,
  user: SessionUser,
  input: { headers: string[]; rows: string[][] },
  now = new Date(),
): Promise<BulkPlanResult> {
  const { columns, missingRequired, duplicated } = matchHeaders(input.headers, PLAN_COLUMNS)
  if (missingRequired.length > 0 || duplicated.length > 0) {
    const headerError = (header: string, code: string, message: string) => ({
      row: 0,
      header,
      id: '',
      code,
      message,
    })
    return {
      status: 'invalid',
      rows: input.rows.length,
      updated: 0,
      errors: [
        ...missingRequired.map((header) =>
          headerError(header, MISSING_REQUIRED_HEADER, missingHeaderMessage(header)),
        ),
        ...duplicated.map(({ header, columns: at }) =>
          headerError(header, DUPLICATE_HEADER, duplicateHeaderMessage(header, at)),
        ),
      ],
    }
  }
  const positions = new Map<PlanColumn, number>()
  for (const column of PLAN_COLUMNS) {
    const at = columns.get(column.header)
    if (at !== undefined) positions.set(column, at)
  }
  const [targets, teams, employees, jobProfiles, payRanges, payCycle] = await Promise.all([
    loadPlanTargets(workbook),
    listTeams(workbook),
    listEmployees(workbook),
    listJobProfiles(workbook),
    listPayRanges(workbook),
    requireActivePayCycle(workbook),
  ])
  const scope = planningScope(user.role, user.employeeId, teams)
  const employeesById = new Map(employees.map((e) => [e.id, e]))
  const rangeOfProfile = new Map(jobProfiles.map((j) => [j.id, j.payRangeId]))
  const rangesById = new Map(payRanges.map((r) => [r.id, r]))
  const prorationOf: ProrationOf = (target, performancePlan) => {
    const employee = employeesById.get(target.employeeId)
    if (!employee) return null
    const rangeId = employee.jobProfileId === null ? null : rangeOfProfile.get(employee.jobProfileId)
    return {
      employee,
      reward: { performancePlan, previousIncrease: target.previousIncrease },
      payRange: rangeId == null ? null : (rangesById.get(rangeId) ?? null),
      settings: payCycle.settings,
      currency: { defaultCurrency: payCycle.defaultCurrency, rates: payCycle.currencyConversions },
    }
  }
  const seen = new Set<string>()
  const errors: RowError[] = []
  const changes: RewardChange[] = []
  input.rows.forEach((cells, index) => {
    const byColumn = new Map([...positions].map(([column, at]) => [column, cells[at] ?? '']))
    const outcome = planRow(byColumn, index + 1, targets, scope, seen, prorationOf)
    errors.push(...outcome.errors)
    if (outcome.change) changes.push(outcome.change)
  })
  if (errors.length > 0) return { status: 'invalid', rows: input.rows.length, updated: 0, errors }
  const at = now.toISOString()
  await writeRewardChanges(workbook, changes, { userId: user.id, at, source: 'plan' })
  return { status: 'updated', rows: input.rows.length, updated: changes.length, errors: [] }
}
