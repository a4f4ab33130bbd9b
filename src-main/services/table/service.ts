import type { SessionUser, TablePage, TableQuery, TableRow } from '../../../src-shared/contract'
import { SEVERITY_NAMES } from './columns'
import type { TableModel } from './model'
import { matchRows, resolveView, scopeRows, textRanks, type View } from './query'
import { actorOf, rowViolationsFor, toTableRow } from './rows'
import { orderByNumber } from './sort'

/**
 * table.query: the page of rows after search, filters and sort, with the worst severity and the
 * number of violations over every matched row (not only the page), and the aggregate budget rule on
 * the viewer's own teams (only teams over budget are listed).
 */
export function queryTable(model: TableModel, user: SessionUser, query: TableQuery): TablePage {
  const view = resolveView(model, user, query.viewAsEmployeeId)
  const matched = matchRows(model, view, query)
  let worst = 0
  let errorCount = 0
  let warningCount = 0
  for (const index of matched) {
    const row = model.rows[index]
    const waiting = model.isWaiting(row, view.viewerId)
    if (row.violations.length === 0 && !waiting) continue
    for (const v of row.violations) {
      if (v.severity === 'error') errorCount++
      else warningCount++
    }
    if (waiting) {
      if (model.waitingSeverity === 'error') errorCount++
      else warningCount++
    }
    worst = Math.max(worst, model.viewerSeverity(row, view.viewerId))
  }
  const actor = actorOf(model, user)
  const rows = Array.from(matched.subarray(query.offset, query.offset + query.limit), (index) =>
    toTableRow(model, model.rows[index], view.viewerId, actor),
  )
  return {
    total: matched.length,
    rows,
    worstSeverity: SEVERITY_NAMES[worst],
    violationCount: errorCount + warningCount,
    errorCount,
    warningCount,
    teamViolations: teamViolations(model, view),
  }
}

function teamViolations(model: TableModel, view: View): TablePage['teamViolations'] {
  const result: TablePage['teamViolations'] = []
  for (const teamId of view.viewerTeamIds) {
    const violations = model.teamViolations(teamId)
    if (violations.length === 0) continue
    const name = model.teams.get(teamId)?.name ?? ''
    result.push({ teamId, name, violations: violations.map((v) => ({ ...v })) })
  }
  return result
}

export type ViolationRow = Pick<TableRow, 'id' | 'employeeName' | 'severity' | 'violations'>

/** table.violations: every row of the view with a violation, errors first, then by name and id. */
export function tableViolations(
  model: TableModel,
  user: SessionUser,
  viewAsEmployeeId: number | null,
): ViolationRow[] {
  const view = resolveView(model, user, viewAsEmployeeId)
  const names = textRanks(model, 'employeeName')
  const found: number[] = []
  const keys: number[] = []
  for (const index of scopeRows(model, view)) {
    const row = model.rows[index]
    if (row.violations.length === 0 && !model.isWaiting(row, view.viewerId)) continue
    found.push(index)
    // Severity first (errors first), then the name's rank.
    const rank = Number.isNaN(names[index]) ? model.rows.length : names[index]
    keys.push((2 - model.viewerSeverity(row, view.viewerId)) * (model.rows.length + 1) + rank)
  }
  return orderByNumber(found, Float64Array.from(keys), 'asc').map((index) => {
    const row = model.rows[index]
    return {
      id: row.e.id,
      employeeName: row.e.name,
      severity: SEVERITY_NAMES[model.viewerSeverity(row, view.viewerId)],
      violations: rowViolationsFor(model, row, view.viewerId),
    }
  })
}
