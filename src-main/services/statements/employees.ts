import type {
  SessionUser,
  StatementEmployeeRow,
  StatementEmployeesPage,
  StatementScope,
} from '../../../src-shared/contract'
import { descendantTeamIds } from '../../../src-shared/domain/hierarchy'
import type { StatementsMissingRates } from '../../../src-shared/domain/missing-rates'
import type { Workbook } from '../../workbook/open'
import { latestStatements } from '../../workbook/queries/statements'
import { Failure } from '../failure'
import type { TableModel } from '../table/model'
import { matchRows, resolveView, scopeRows } from '../table/query'

/**
 * Whose statements a user writes: the rows their Compensation Table would show (COMM_MANAGER and
 * admin roles everyone, planners their teams and every team below), by name.
 */

const BY_NAME = { column: 'employeeName', direction: 'asc' } as const

/** A team and every team below it, within what the user sees. */
function teamAndBelow(model: TableModel, teamId: number): Set<number> {
  if (!model.teams.has(teamId)) throw new Failure('NOT_FOUND', `No team has the id ${teamId}.`)
  return new Set([teamId, ...descendantTeamIds(model.tree, teamId)])
}

function filtered(model: TableModel, user: SessionUser, search: string, teamId: number | null): Int32Array {
  const view = resolveView(model, user, null)
  const rows = matchRows(model, view, { sort: BY_NAME, filters: {}, search })
  if (teamId === null) return rows
  const teams = teamAndBelow(model, teamId)
  return rows.filter((index) => {
    const team = model.rows[index].e.teamId
    return team !== null && teams.has(team)
  })
}

/** The row indexes of a batch, in name order; refuses employees outside the user's view. */
export function scopeIndexes(model: TableModel, user: SessionUser, scope: StatementScope): Int32Array {
  switch (scope.kind) {
    case 'all':
      return filtered(model, user, '', null)
    case 'team':
      return filtered(model, user, '', scope.teamId)
    case 'filter':
      return filtered(model, user, scope.search, scope.teamId)
    case 'employeeIds':
      return scopeIndexes(model, user, { kind: 'employees', ids: idsOfEmployeeIds(model, scope.employeeIds) })
    case 'employees': {
      const visible = new Set(scopeRows(model, resolveView(model, user, null)))
      const picked: number[] = []
      for (const id of new Set(scope.ids)) {
        const index = model.indexById.get(id)
        if (index === undefined || !visible.has(index))
          throw new Failure('NOT_FOUND', `No employee with the id ${id} is yours to write a statement for.`)
        picked.push(index)
      }
      return Int32Array.from(picked)
    }
  }
}

export function statementEmployees(
  model: TableModel,
  workbook: Workbook,
  user: SessionUser,
  input: { search: string; teamId: number | null; offset: number; limit: number },
): StatementEmployeesPage {
  const rows = filtered(model, user, input.search, input.teamId)
  const page = Array.from(rows.subarray(input.offset, input.offset + input.limit), (i) => model.rows[i])
  const latest = latestStatements(
    workbook,
    page.map((row) => row.e.id),
  )
  return {
    total: rows.length,
    missingRates: rangesWithoutRate(model, rows),
    rows: page.map((row): StatementEmployeeRow => {
      const e = row.e
      const last = latest.get(e.id)
      return {
        id: e.id,
        employeeId: e.companyEmployeeId,
        name: e.name,
        jobTitle: e.jobTitle,
        team: e.teamId === null ? null : (model.teams.get(e.teamId)?.name ?? null),
        currency: e.defaultPayCurrency,
        latest: last
          ? {
              templateName: last.templateName,
              createdAt: last.createdAt,
              sendStatus: last.sendStatus,
              sendMethod: last.sendMethod,
              sentAt: last.sentAt,
              fileName: last.fileName,
              count: last.count,
              serverStatementId: last.serverStatementId,
              detail: last.detail,
              link: last.link,
            }
          : null,
      }
    }),
  }
}

/** The employees whose new pay range has no rate to their pay's currency (statements leave it out). */
function rangesWithoutRate(model: TableModel, rows: Int32Array): StatementsMissingRates {
  let employees = 0
  const currencies = new Set<string>()
  for (const index of rows) {
    const row = model.rows[index]
    if (row.newRange === null || row.newRange.bounds !== null) continue
    employees += 1
    currencies.add(row.e.defaultPayCurrency)
  }
  return { employees, currencies: [...currencies].sort() }
}

/** Employee ids by the company's Employee Id (the CLI's --employees). */
export function idsOfEmployeeIds(model: TableModel, employeeIds: readonly string[]): number[] {
  const byCode = new Map(model.rows.map((row) => [row.e.companyEmployeeId.toLowerCase(), row.e.id]))
  return employeeIds.map((code) => {
    const id = byCode.get(code.trim().toLowerCase())
    if (id === undefined) throw new Failure('NOT_FOUND', `No employee has the Employee Id ${code}.`)
    return id
  })
}
