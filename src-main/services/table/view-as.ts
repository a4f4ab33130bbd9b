import type { SessionUser, UserDto, ViewAsChoice } from '../../../src-shared/contract'
import { canViewAs } from '../../../src-shared/domain/admin-rules'
import { ROLE_DISPLAY_NAMES } from '../../../src-shared/domain/roles'
import { Failure } from '../failure'
import type { TableModel } from './model'
import { resolveView, scopeRows, VIEW_AS_FORBIDDEN } from './query'

/**
 * table.viewAsChoices. Administration document: "the employee picker lists employees other than self
 * who have users". A planner's list holds only the people within the planner's own teams, the only
 * rows they may read; by name, then id.
 */
export function viewAsChoices(
  model: TableModel,
  user: SessionUser,
  users: readonly UserDto[],
): ViewAsChoice[] {
  if (!canViewAs(user.role)) throw new Failure('FORBIDDEN', VIEW_AS_FORBIDDEN)
  const view = resolveView(model, user, null)
  const inScope =
    view.teamIds === null ? null : new Set(Array.from(scopeRows(model, view), (i) => model.rows[i].e.id))
  const choices = new Map<number, ViewAsChoice>()
  for (const candidate of users) {
    const id = candidate.employeeId
    if (id === null || id === user.employeeId || choices.has(id) || (inScope && !inScope.has(id))) continue
    const row = model.row(id)
    if (!row) continue
    const detail = [row.e.jobTitle, ROLE_DISPLAY_NAMES[candidate.role]].filter(Boolean).join(' · ')
    choices.set(id, { employeeId: id, name: row.e.name, detail })
  }
  return [...choices.values()].sort((a, b) => a.name.localeCompare(b.name) || a.employeeId - b.employeeId)
}
