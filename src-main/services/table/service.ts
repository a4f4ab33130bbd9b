import type { SessionUser, TablePage, TableQuery } from '../../../src-shared/contract'
import { SEVERITY_NAMES } from './columns'
import type { TableModel } from './model'
import { matchRows, resolveView, type View } from './query'
import { actorOf, toTableRow } from './rows'

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
