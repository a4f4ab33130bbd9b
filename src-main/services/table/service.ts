import type { SessionUser, TablePage, TableQuery } from '../../../src-shared/contract'
import { SEVERITY_NAMES } from './columns'
import type { TableModel } from './model'
import { matchRows, resolveView, type View } from './query'
import { actorOf, toTableRow } from './rows'

/**
 * table.query: the page of rows after search, filters and sort, with the worst severity and the
 * number of violations over every matched row (not only the page), and the aggregate budget rule on
 * the viewer's own teams (only teams over budget are listed). `pay` counts the pay problems alone and
 * `waitingCount` the rows waiting for a sub-planner (issue 39: the badge shows them apart).
 */
export function queryTable(model: TableModel, user: SessionUser, query: TableQuery): TablePage {
  const view = resolveView(model, user, query.viewAsEmployeeId)
  const matched = matchRows(model, view, query)
  let worst = 0
  let payWorst = 0
  let payErrors = 0
  let payWarnings = 0
  let waitingCount = 0
  for (const index of matched) {
    const row = model.rows[index]
    const waiting = model.isWaiting(row, view.viewerId)
    if (row.violations.length === 0 && !waiting) continue
    for (const v of row.violations) {
      if (v.severity === 'error') payErrors++
      else payWarnings++
    }
    payWorst = Math.max(payWorst, row.severity)
    if (waiting) waitingCount++
    worst = Math.max(worst, model.viewerSeverity(row, view.viewerId))
  }
  const waitingErrors = model.waitingSeverity === 'error' ? waitingCount : 0
  const errorCount = payErrors + waitingErrors
  const warningCount = payWarnings + waitingCount - waitingErrors
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
    pay: { worstSeverity: SEVERITY_NAMES[payWorst], errorCount: payErrors, warningCount: payWarnings },
    waitingCount,
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
