import { buildTeamTree, descendantTeamIds, type TeamTree } from './hierarchy'
import { hasAdminPowers, type RoleName } from './roles'

export interface ScopedTeam {
  id: number
  parentTeamId: number | null
  managerId: number | null
  plannerId: number | null
}

/** Whose rows a user sees and plans: everyone, or the members of these teams. */
export type PlanningScope = { all: true } | { all: false; teamIds: ReadonlySet<number> }

/**
 * Admin roles and the communications manager (statements go to everyone) see the whole company.
 * Managers and planners see the teams they manage or plan and every team below them; a user
 * without an employee sees nobody.
 */
export function planningScope(
  role: RoleName,
  employeeId: number | null,
  teams: readonly ScopedTeam[],
  tree: TeamTree = buildTeamTree(teams),
): PlanningScope {
  if (hasAdminPowers(role) || role === 'COMM_MANAGER') return { all: true }
  const teamIds = new Set<number>()
  if (employeeId === null) return { all: false, teamIds }
  for (const team of teams) {
    if (teamIds.has(team.id) || (team.managerId !== employeeId && team.plannerId !== employeeId)) continue
    teamIds.add(team.id)
    for (const id of descendantTeamIds(tree, team.id)) teamIds.add(id)
  }
  return { all: false, teamIds }
}

export function inScope(scope: PlanningScope, teamId: number | null): boolean {
  return scope.all || (teamId !== null && scope.teamIds.has(teamId))
}
