/**
 * The team tree (spec §4 and §6 of both documents): children, ancestors, depth, who holds a team, whose
 * turn it is to plan, and where a user's tree starts. Store relations and drag rules: org-chart.ts.
 */

/** Spec §3: a team's name defaults to 'Unnamed Team'. */
export const DEFAULT_TEAM_NAME = 'Unnamed Team'

export interface TeamLink {
  id: number
  parentTeamId: number | null
}

export interface TeamTree {
  /** Effective parent: null for roots, for a missing parent, and for the team chosen to break a cycle. */
  parent: ReadonlyMap<number, number | null>
  children: ReadonlyMap<number, readonly number[]>
  roots: readonly number[]
  /** Every team once, parents before their children (breadth first from the roots). */
  order: readonly number[]
  /** Roots are at depth 0. */
  depth: ReadonlyMap<number, number>
}

/**
 * Builds the tree once in O(teams). A parent id that names no team makes a root. Teams caught in a
 * parent cycle are cut at their lowest id, which becomes a root, so every walk terminates.
 */
export function buildTeamTree(teams: Iterable<TeamLink>): TeamTree {
  const list = [...teams]
  const ids = new Set(list.map((t) => t.id))
  const declared = new Map<number, number | null>()
  const childLists = new Map<number, number[]>()
  for (const team of list) {
    const parentId = team.parentTeamId != null && ids.has(team.parentTeamId) ? team.parentTeamId : null
    declared.set(team.id, parentId)
    childLists.set(team.id, childLists.get(team.id) ?? [])
    if (parentId != null) {
      const siblings = childLists.get(parentId) ?? []
      siblings.push(team.id)
      childLists.set(parentId, siblings)
    }
  }
  const parent = new Map<number, number | null>()
  const depth = new Map<number, number>()
  const order: number[] = []
  const roots: number[] = []
  const visit = (rootId: number) => {
    roots.push(rootId)
    parent.set(rootId, null)
    depth.set(rootId, 0)
    order.push(rootId)
    for (let i = order.length - 1; i < order.length; i++) {
      const id = order[i]
      for (const childId of childLists.get(id) ?? []) {
        if (depth.has(childId)) continue
        parent.set(childId, id)
        depth.set(childId, (depth.get(id) ?? 0) + 1)
        order.push(childId)
      }
    }
  }
  for (const team of list) if (declared.get(team.id) == null && !depth.has(team.id)) visit(team.id)
  const leftovers = list.filter((t) => !depth.has(t.id)).map((t) => t.id)
  for (const id of leftovers.sort((a, b) => a - b)) if (!depth.has(id)) visit(id)
  const children = new Map<number, number[]>()
  for (const id of order) children.set(id, [])
  for (const id of order) {
    const parentId = parent.get(id)
    if (parentId != null) children.get(parentId)?.push(id)
  }
  return { parent, children, roots, order, depth }
}

export function childTeamIds(tree: TeamTree, teamId: number): readonly number[] {
  return tree.children.get(teamId) ?? []
}

/** Parent first, root last; the team itself is not included. */
export function ancestorTeamIds(tree: TeamTree, teamId: number): number[] {
  const result: number[] = []
  for (let id = tree.parent.get(teamId) ?? null; id != null; id = tree.parent.get(id) ?? null) result.push(id)
  return result
}

/** 0 for a root; -1 for a team not in the tree. */
export function teamDepth(tree: TeamTree, teamId: number): number {
  return tree.depth.get(teamId) ?? -1
}

/** Every team below `teamId` (not itself), breadth first. */
export function descendantTeamIds(tree: TeamTree, teamId: number): number[] {
  const result = [...childTeamIds(tree, teamId)]
  for (let i = 0; i < result.length; i++) result.push(...childTeamIds(tree, result[i]))
  return result
}

export interface PayCycleMember {
  /** Undefined when the caller does not track pay cycles (then the manager holds their teams). */
  payCycleId?: number | null
}

/** Spec §6: a team's manager holds the team only if the manager's pay cycle equals the current one. */
export function holdsTeam(manager: PayCycleMember | undefined, currentPayCycleId?: number | null): boolean {
  if (!manager) return false
  if (currentPayCycleId === undefined || manager.payCycleId === undefined) return true
  return manager.payCycleId === currentPayCycleId
}

/** The manager who holds the team, or null (no manager, unknown manager, or another pay cycle). */
export function teamHolderId(
  team: { managerId: number | null },
  employees: ReadonlyMap<number, PayCycleMember>,
  currentPayCycleId?: number | null,
): number | null {
  if (team.managerId == null) return null
  return holdsTeam(employees.get(team.managerId), currentPayCycleId) ? team.managerId : null
}

export interface PlanningTeam extends TeamLink {
  managerId: number | null
}

/**
 * Spec §4: the active planner of a row is the manager of the nearest unsubmitted team, walking up from
 * the employee's team (the employee's own team first). Teams without a holder are passed over. Null
 * when every manager on the way has submitted.
 */
export function activePlannerId(
  employeeTeamId: number | null,
  teams: ReadonlyMap<number, PlanningTeam>,
  submittedPlannerIds: ReadonlySet<number>,
  holderOf: (team: PlanningTeam) => number | null = (team) => team.managerId,
): number | null {
  const seen = new Set<number>()
  for (let id = employeeTeamId; id != null && !seen.has(id);) {
    seen.add(id)
    const team = teams.get(id)
    if (!team) return null
    const holder = holderOf(team)
    if (holder != null && !submittedPlannerIds.has(holder)) return holder
    id = team.parentTeamId
  }
  return null
}

/**
 * `activePlannerId` for every team at once, over the tree's effective parents (a missing parent ends
 * the walk; a parent cycle is cut where `buildTeamTree` cuts it), so waiting rows, Planner Status and
 * budgets read one hierarchy. O(teams): each team takes its parent's answer unless it has an
 * unsubmitted holder of its own.
 */
export function activePlannersByTeam(
  tree: TeamTree,
  holderOf: (teamId: number) => number | null,
  submittedPlannerIds: ReadonlySet<number>,
): Map<number, number | null> {
  const planners = new Map<number, number | null>()
  for (const id of tree.order) {
    const holder = holderOf(id)
    const parentId = tree.parent.get(id) ?? null
    planners.set(
      id,
      holder != null && !submittedPlannerIds.has(holder)
        ? holder
        : parentId == null
          ? null
          : (planners.get(parentId) ?? null),
    )
  }
  return planners
}

/** Spec §4: a planner row is waiting if an ancestor team of the employee has a manager who has not submitted. */
export function isPlannerRowWaiting(
  employeeTeamId: number | null,
  teams: ReadonlyMap<number, PlanningTeam>,
  submittedPlannerIds: ReadonlySet<number>,
  holderOf?: (team: PlanningTeam) => number | null,
): boolean {
  return activePlannerId(employeeTeamId, teams, submittedPlannerIds, holderOf) !== null
}

/**
 * Spec §6: the tree starts from the viewer's managed teams when the viewer is an employee, otherwise
 * from the teams without a parent. A managed team nested under another managed team is not a second
 * root. Order follows the tree (parents first, then input order).
 */
export function teamTreeRootIds(
  tree: TeamTree,
  teams: Iterable<PlanningTeam>,
  viewerEmployeeId: number | null,
  holderOf: (team: PlanningTeam) => number | null = (team) => team.managerId,
): number[] {
  if (viewerEmployeeId == null) return [...tree.roots]
  const managed = new Set<number>()
  for (const team of teams) if (holderOf(team) === viewerEmployeeId) managed.add(team.id)
  return tree.order.filter(
    (id) => managed.has(id) && !ancestorTeamIds(tree, id).some((ancestor) => managed.has(ancestor)),
  )
}
