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

/**
 * The teams one's own submission covers, and so locks (issue 39). A planner's covers their planning
 * scope: the teams they manage or plan and every team below. An admin or owner plans the whole company,
 * so their own Submit covers only the teams they themselves manage or plan, not the teams below (whose
 * planners submit their own) nor the rest of the table.
 */
export function submissionScope(
  role: RoleName,
  employeeId: number | null,
  teams: readonly ScopedTeam[],
  tree: TeamTree = buildTeamTree(teams),
): ReadonlySet<number> {
  if (employeeId === null) return new Set()
  if (hasAdminPowers(role)) return new Set(teams.filter((t) => ownsTeam(employeeId, t)).map((t) => t.id))
  const scope = planningScope(role, employeeId, teams, tree)
  return scope.all ? new Set() : scope.teamIds
}

function ownsTeam(employeeId: number, team: ScopedTeam): boolean {
  return team.managerId === employeeId || team.plannerId === employeeId
}

/**
 * `submissionScope` for one team given its chain of teams up to the top (in any order, the team
 * included): whether one's own submission covers it.
 */
export function chainCoveredBySubmission(
  role: RoleName,
  employeeId: number | null,
  teamId: number | null,
  chain: readonly ScopedTeam[],
): boolean {
  if (employeeId === null || teamId === null) return false
  if (hasAdminPowers(role)) return chain.some((t) => t.id === teamId && ownsTeam(employeeId, t))
  return chain.some((t) => ownsTeam(employeeId, t))
}
