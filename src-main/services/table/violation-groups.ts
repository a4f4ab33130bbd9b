import type { SessionUser, ViolationGroupsDto, ViolationItemsPage } from '../../../src-shared/contract'
import { waitingForSubmissionMessage } from '../../../src-shared/domain/violations'
import { descendantTeamIds } from '../../../src-shared/domain/hierarchy'
import {
  submitPayProblems,
  type PayProblemList,
  type PayProblemRow,
} from '../../../src-shared/domain/submit-pay-problems'
import type { TableModel } from './model'
import { resolveView, scopeRows, textRanks, type View } from './query'
import { rowViolationsFor } from './rows'
import { orderByNumber } from './sort'

/** A title for a rule whose messages name someone ('Waiting for a submission from <planner>'). */
const SHARED_TITLES: Record<string, string> = {
  subPlannerNotSubmitted: 'Waiting for a submission from a sub-planner',
}

interface Group {
  rule: string
  severity: 'warning' | 'error'
  title: string
  /** Row indexes, by employee name. */
  rows: Int32Array
}

interface Grouped {
  employees: number
  violations: number
  groups: Group[]
}

/** One grouping per model version and view: the panel's summary and its pages read the same lists. */
const groupings = new WeakMap<TableModel, { key: string; grouped: Grouped }>()

/**
 * The 'View All' panel's figures, computed here so that 100,000 rows never cross the bridge: the
 * view's violations grouped by rule (errors first, then the largest groups), each group's employees
 * ordered by name.
 */
function groupedViolations(model: TableModel, view: View): Grouped {
  const key = `${model.version}|${view.scopeKey}|${view.viewerId}`
  const cached = groupings.get(model)
  if (cached?.key === key) return cached.grouped
  const names = textRanks(model, 'employeeName')
  const building = new Map<
    string,
    { rule: string; severity: 'warning' | 'error'; title: string; uniform: boolean; rows: number[] }
  >()
  let employees = 0
  let violations = 0
  // The same violations as rowViolationsFor, read in place: no list per row at 100,000 rows.
  const add = (rule: string, severity: 'warning' | 'error', message: string, index: number) => {
    violations++
    let group = building.get(rule)
    if (!group) {
      group = { rule, severity, title: message, uniform: true, rows: [] }
      building.set(rule, group)
    }
    if (message !== group.title) group.uniform = false
    if (severity === 'error') group.severity = 'error'
    group.rows.push(index)
  }
  const waitingMessages = new Map<number, string>()
  for (const index of scopeRows(model, view)) {
    const row = model.rows[index]
    const waiting = model.isWaiting(row, view.viewerId) && row.activePlannerId !== null
    if (row.violations.length === 0 && !waiting) continue
    employees++
    for (const v of row.violations) add(v.rule, v.severity, v.message, index)
    if (waiting && model.waitingSeverity !== null) {
      const planner = row.activePlannerId as number
      let message = waitingMessages.get(planner)
      if (message === undefined) {
        message = waitingForSubmissionMessage(model.names.get(planner) ?? null)
        waitingMessages.set(planner, message)
      }
      add('subPlannerNotSubmitted', model.waitingSeverity, message, index)
    }
  }
  const groups = [...building.values()]
    .map(({ uniform, rows, ...group }) => ({
      ...group,
      title: uniform ? group.title : (SHARED_TITLES[group.rule] ?? group.rule),
      rows: Int32Array.from(
        orderByNumber(
          rows,
          Float64Array.from(rows, (i) => (Number.isNaN(names[i]) ? model.rows.length : names[i])),
          'asc',
        ),
      ),
    }))
    .sort((a, b) => rank(b.severity) - rank(a.severity) || b.rows.length - a.rows.length)
  const grouped = { employees, violations, groups }
  groupings.set(model, { key, grouped })
  return grouped
}

function rank(severity: 'warning' | 'error'): number {
  return severity === 'error' ? 2 : 1
}

/** table.violationGroups: how many employees and violations, and each rule's count. */
export function violationGroups(
  model: TableModel,
  user: SessionUser,
  viewAsEmployeeId: number | null,
): ViolationGroupsDto {
  const { employees, violations, groups } = groupedViolations(
    model,
    resolveView(model, user, viewAsEmployeeId),
  )
  return {
    employees,
    violations,
    groups: groups.map(({ rule, severity, title, rows }) => ({ rule, severity, title, count: rows.length })),
  }
}

/** table.violationItems: a page of one rule's employees, with each one's own message. */
export function violationItems(
  model: TableModel,
  user: SessionUser,
  input: { viewAsEmployeeId: number | null; rule: string; offset: number; limit: number },
): ViolationItemsPage {
  const view = resolveView(model, user, input.viewAsEmployeeId)
  const group = groupedViolations(model, view).groups.find((g) => g.rule === input.rule)
  if (!group) return { total: 0, items: [] }
  const items = Array.from(group.rows.subarray(input.offset, input.offset + input.limit), (index) => {
    const row = model.rows[index]
    const violation = rowViolationsFor(model, row, view.viewerId).find((v) => v.rule === input.rule)
    return { id: row.e.id, employeeName: row.e.name, message: violation?.message ?? group.title }
  })
  return { total: group.rows.length, items }
}

/**
 * table.submitPayProblems: the Error-level pay problems of the user's own plan (their teams and the
 * teams below), for Submit's warning. An admin's own plan is their own teams, not the whole company.
 */
export function ownPlanPayProblems(model: TableModel, user: SessionUser): PayProblemList {
  const view = resolveView(model, user, null)
  const teamIds = new Set<number>()
  for (const id of view.viewerTeamIds) {
    teamIds.add(id)
    for (const below of descendantTeamIds(model.tree, id)) teamIds.add(below)
  }
  function* rows(): Generator<PayProblemRow> {
    for (const index of scopeRows(model, view)) {
      const row = model.rows[index]
      if (row.e.teamId === null || !teamIds.has(row.e.teamId) || row.violations.length === 0) continue
      yield { employeeId: row.e.id, employeeName: row.e.name, violations: row.violations }
    }
  }
  return submitPayProblems(rows())
}
