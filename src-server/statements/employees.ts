import { descendantTeamIds, buildTeamTree } from '../../src-shared/domain/hierarchy'
import { inScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import type { Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { scopeOf } from '../http/planning-access'

/** Whose statements: these employees, a team and every team below it, or everyone the caller may see. */
export type GenerateScope =
  { kind: 'employees'; ids: readonly number[] } | { kind: 'team'; teamId: number } | { kind: 'all' }

/**
 * The employees of a scope, each one the caller writes statements for (COMM_MANAGER and admin roles:
 * everyone; planners: their teams and below). Named employees outside the caller's scope are refused.
 */
export async function employeesOf(
  context: ServerContext,
  caller: Caller,
  scope: GenerateScope,
): Promise<number[]> {
  const { db } = context
  const [visible, teams] = await Promise.all([
    scopeOf(db, caller),
    db
      .selectFrom('team')
      .select(['id', 'parent_team_id as parentTeamId', 'name'])
      .where('company_id', '=', caller.companyId)
      .execute(),
  ])
  let query = db
    .selectFrom('employee')
    .select(['id', 'name', 'team_id'])
    .where('company_id', '=', caller.companyId)
    .orderBy('id')
  if (scope.kind === 'employees') query = query.where('id', 'in', scope.ids)
  if (scope.kind === 'team') {
    if (!teams.some((t) => t.id === scope.teamId))
      throw new HttpError(404, `No team has the id ${scope.teamId}.`)
    const ids = [scope.teamId, ...descendantTeamIds(buildTeamTree(teams), scope.teamId)]
    query = query.where('team_id', 'in', ids)
  }
  const rows = await query.execute()
  if (scope.kind === 'employees') {
    const found = new Map(rows.map((r) => [r.id, r]))
    for (const id of scope.ids) {
      const employee = found.get(id)
      if (!employee) throw new HttpError(404, `No employee has the id ${id}.`)
      if (!inScope(visible, employee.team_id))
        throw new HttpError(403, `${employee.name} is not one of the employees you write statements for.`)
    }
  }
  return rows.filter((r) => inScope(visible, r.team_id)).map((r) => r.id)
}
