import { buildTeamTree } from './hierarchy'

/**
 * The org chart's store relations and drag rules (administration document §4, planning document §4
 * "Team changes"), as pure functions over maps of teams and employees that return new maps.
 */

export interface OrgTeam {
  id: number
  name: string
  parentTeamId: number | null
  managerId: number | null
  members: readonly number[]
  subTeams: readonly number[]
}

export interface OrgEmployee {
  id: number
  name: string
  teamId: number | null
  managedTeamIds: readonly number[]
}

export interface OrgStore<T extends OrgTeam = OrgTeam, E extends OrgEmployee = OrgEmployee> {
  teams: ReadonlyMap<number, T>
  employees: ReadonlyMap<number, E>
}

type Draft<T extends OrgTeam, E extends OrgEmployee> = { teams: Map<number, T>; employees: Map<number, E> }

const without = (list: readonly number[], id: number) => list.filter((x) => x !== id)
const withAdded = (list: readonly number[], id: number) => (list.includes(id) ? list : [...list, id])

function edit<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  change: (draft: Draft<T, E>) => void,
): OrgStore<T, E> {
  const draft = { teams: new Map(store.teams), employees: new Map(store.employees) }
  change(draft)
  return draft
}

function patchTeam<T extends OrgTeam>(
  teams: Map<number, T>,
  id: number | null,
  patch: (t: T) => Partial<OrgTeam>,
) {
  const team = id == null ? undefined : teams.get(id)
  if (team) teams.set(team.id, { ...team, ...patch(team) })
}

function moveEmployee<T extends OrgTeam, E extends OrgEmployee>(
  d: Draft<T, E>,
  id: number,
  teamId: number | null,
) {
  const employee = d.employees.get(id)
  if (!employee || (teamId != null && !d.teams.has(teamId))) return
  if (employee.teamId !== teamId)
    patchTeam(d.teams, employee.teamId, (t) => ({ members: without(t.members, id) }))
  patchTeam(d.teams, teamId, (t) => ({ members: withAdded(t.members, id) }))
  d.employees.set(id, { ...employee, teamId })
}

function moveTeam<T extends OrgTeam, E extends OrgEmployee>(
  d: Draft<T, E>,
  id: number,
  parentId: number | null,
) {
  const team = d.teams.get(id)
  if (!team || (parentId != null && !d.teams.has(parentId))) return
  for (
    let up = parentId, seen = new Set<number>();
    up != null && !seen.has(up);
    up = d.teams.get(up)?.parentTeamId ?? null
  ) {
    if (up === id) return // would make a cycle
    seen.add(up)
  }
  const oldParent = team.parentTeamId
  if (oldParent !== parentId) patchTeam(d.teams, oldParent, (t) => ({ subTeams: without(t.subTeams, id) }))
  patchTeam(d.teams, parentId, (t) => ({ subTeams: withAdded(t.subTeams, id) }))
  d.teams.set(id, { ...team, parentTeamId: parentId })
  // The manager stays a member of the team's parent.
  const manager = team.managerId == null ? undefined : d.employees.get(team.managerId)
  if (manager && manager.teamId === oldParent && oldParent !== parentId) moveEmployee(d, manager.id, parentId)
}

function assignManager<T extends OrgTeam, E extends OrgEmployee>(
  d: Draft<T, E>,
  id: number,
  managerId: number | null,
) {
  const team = d.teams.get(id)
  if (!team || team.managerId === managerId || (managerId != null && !d.employees.has(managerId))) return
  const previous = team.managerId == null ? undefined : d.employees.get(team.managerId)
  if (previous)
    d.employees.set(previous.id, { ...previous, managedTeamIds: without(previous.managedTeamIds, id) })
  d.teams.set(id, { ...team, managerId })
  const manager = managerId == null ? undefined : d.employees.get(managerId)
  if (!manager) return
  d.employees.set(manager.id, { ...manager, managedTeamIds: withAdded(manager.managedTeamIds, id) })
  moveEmployee(d, manager.id, team.parentTeamId)
}

/**
 * Builds a consistent store from flat records: members from each employee's teamId, sub-teams from
 * each team's parentTeamId, managed teams from each team's managerId. Dangling ids become null, and a
 * parent cycle is cut at its lowest id, as the team tree cuts it.
 */
export function buildOrgStore<T extends Omit<OrgTeam, 'members' | 'subTeams'>, E extends OrgEmployee>(
  teams: Iterable<T>,
  employees: Iterable<E>,
): OrgStore<T & Pick<OrgTeam, 'members' | 'subTeams'>, E> {
  const teamMap = new Map<number, T & { members: number[]; subTeams: number[] }>()
  for (const team of teams) teamMap.set(team.id, { ...team, members: [], subTeams: [] })
  // The hierarchy's effective parents: a missing parent makes a top team, a cycle is cut (hierarchy.ts).
  const tree = buildTeamTree(teamMap.values())
  const managed = new Map<number, number[]>()
  for (const team of teamMap.values()) {
    team.parentTeamId = tree.parent.get(team.id) ?? null
    team.subTeams.push(...(tree.children.get(team.id) ?? []))
    if (team.managerId != null) managed.set(team.managerId, [...(managed.get(team.managerId) ?? []), team.id])
  }
  const employeeMap = new Map<number, E>()
  for (const employee of employees) {
    const teamId = employee.teamId != null && teamMap.has(employee.teamId) ? employee.teamId : null
    if (teamId != null) teamMap.get(teamId)?.members.push(employee.id)
    employeeMap.set(employee.id, { ...employee, teamId, managedTeamIds: managed.get(employee.id) ?? [] })
  }
  return { teams: teamMap, employees: employeeMap }
}

/** Setting an employee's team removes them from the old team's members and adds them to the new one. */
export function setEmployeeTeam<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  employeeId: number,
  teamId: number | null,
): OrgStore<T, E> {
  return edit(store, (d) => moveEmployee(d, employeeId, teamId))
}

/** Adds a sub-team (without duplicates) by setting its parent; a change that would make a cycle is ignored. */
export function setTeamParent<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  teamId: number,
  parentTeamId: number | null,
): OrgStore<T, E> {
  return edit(store, (d) => moveTeam(d, teamId, parentTeamId))
}

/**
 * Setting a manager adds the team to their managed teams and makes them a member of the team's parent
 * (no team for a top-level team); the previous manager loses the team from their managed teams.
 */
export function setTeamManager<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  teamId: number,
  managerId: number | null,
): OrgStore<T, E> {
  return edit(store, (d) => assignManager(d, teamId, managerId))
}

/** Adds a team with its parent, manager and members applied through the relations above. */
export function addTeam<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  team: T,
): OrgStore<T, E> {
  if (store.teams.has(team.id)) return store
  return edit(store, (d) => {
    d.teams.set(team.id, { ...team, parentTeamId: null, managerId: null, members: [], subTeams: [] })
    moveTeam(d, team.id, team.parentTeamId)
    assignManager(d, team.id, team.managerId)
    for (const member of team.members) moveEmployee(d, member, team.id)
  })
}

/**
 * Removes a team and takes it out of its parent's sub-teams. Its sub-teams and members move up to its
 * parent (members to no team when it had none); its manager no longer manages it.
 */
export function removeTeam<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  teamId: number,
): OrgStore<T, E> {
  const team = store.teams.get(teamId)
  if (!team) return store
  return edit(store, (d) => {
    for (const child of team.subTeams) moveTeam(d, child, team.parentTeamId)
    for (const member of d.teams.get(teamId)?.members ?? []) moveEmployee(d, member, team.parentTeamId)
    assignManager(d, teamId, null)
    patchTeam(d.teams, team.parentTeamId, (t) => ({ subTeams: without(t.subTeams, teamId) }))
    d.teams.delete(teamId)
  })
}

// ── Org chart drag rules (administration document §4) ─────────────────────────────────────────────

/** `asManager`: the card was dragged from a team's manager slot. */
export interface DragSource {
  employeeId: number
  asManager: boolean
}

export type DropTarget =
  | { kind: 'team'; teamId: number }
  | { kind: 'managerSlot'; teamId: number }
  | { kind: 'employee'; employeeId: number }
  | { kind: 'company' }

export type OrgChartChange =
  | { kind: 'none' }
  | { kind: 'setManager'; teamId: number; managerId: number | null }
  | { kind: 'setTeam'; employeeId: number; teamId: number | null }
  | { kind: 'createTeam'; name: string; parentTeamId: number | null; managerId: number; memberId: number }

const NO_CHANGE: OrgChartChange = { kind: 'none' }

export function newTeamName(employeeName: string): string {
  return `${employeeName}'s Team`
}

/**
 * A team named after its manager ('{name}'s Team') takes the new manager's name when the manager
 * changes; any other name (and a team left without a manager) keeps its name.
 */
export function teamNameAfterManagerChange(
  teamName: string,
  oldManager: string | null,
  newManager: string | null,
): string {
  if (oldManager == null || newManager == null || teamName !== newTeamName(oldManager)) return teamName
  return newTeamName(newManager)
}

/** The confirm the explicit 'Make manager' action asks: the team, its old and new manager, its new name. */
export function makeManagerConfirm(team: string, oldManager: string | null, newManager: string): string {
  const replacing = oldManager == null ? 'which has no manager now' : `replacing ${oldManager}`
  const renamed = teamNameAfterManagerChange(team, oldManager, newManager)
  const name = renamed === team ? `The team keeps its name, ${team}.` : `The team will be renamed ${renamed}.`
  return `Make ${newManager} the manager of ${team}, ${replacing}? ${name}`
}

/** What a drop means; apply it with `applyOrgChartChange` (or translate it into writes). */
export function orgChartDrop(store: OrgStore, source: DragSource, target: DropTarget): OrgChartChange {
  const dragged = store.employees.get(source.employeeId)
  if (!dragged) return NO_CHANGE
  const moveTo = (teamId: number | null): OrgChartChange =>
    dragged.teamId === teamId ? NO_CHANGE : { kind: 'setTeam', employeeId: dragged.id, teamId }
  switch (target.kind) {
    case 'team':
    case 'managerSlot': {
      const team = store.teams.get(target.teamId)
      if (!team) return NO_CHANGE
      // A drop on a team moves the person into it (their own team's manager card just leaves it);
      // making someone a manager is the manager slot's, behind a confirm (issue 36).
      const ownTeam = source.asManager && team.managerId === dragged.id
      if (target.kind === 'team' && !ownTeam) return moveTo(team.id)
      const managerId = team.managerId === dragged.id ? null : dragged.id
      return { kind: 'setManager', teamId: team.id, managerId }
    }
    case 'employee': {
      const other = store.employees.get(target.employeeId)
      if (!other || other.id === dragged.id) return NO_CHANGE
      const firstManaged = other.managedTeamIds.find((id) => store.teams.has(id))
      if (firstManaged != null) return moveTo(firstManaged)
      const name = newTeamName(other.name)
      return {
        kind: 'createTeam',
        name,
        parentTeamId: other.teamId,
        managerId: other.id,
        memberId: dragged.id,
      }
    }
    case 'company':
      return moveTo(null)
  }
}

/** `makeTeam` gives the new team's record (with its id) for 'createTeam'; without it nothing is created. */
export function applyOrgChartChange<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  change: OrgChartChange,
  makeTeam?: (name: string, parentTeamId: number | null) => T,
): OrgStore<T, E> {
  switch (change.kind) {
    case 'none':
      return store
    case 'setManager': {
      const next = setTeamManager(store, change.teamId, change.managerId)
      const team = next.teams.get(change.teamId)
      const before = store.teams.get(change.teamId)
      const name = (id: number | null | undefined) =>
        id == null ? null : (store.employees.get(id)?.name ?? null)
      if (!team || !before) return next
      const renamed = teamNameAfterManagerChange(before.name, name(before.managerId), name(change.managerId))
      if (renamed === team.name) return next
      const teams = new Map(next.teams)
      teams.set(team.id, { ...team, name: renamed })
      return { teams, employees: next.employees }
    }
    case 'setTeam':
      return setEmployeeTeam(store, change.employeeId, change.teamId)
    case 'createTeam': {
      if (!makeTeam) return store
      const base = makeTeam(change.name, change.parentTeamId)
      const team = {
        ...base,
        parentTeamId: change.parentTeamId,
        managerId: change.managerId,
        members: [change.memberId],
      }
      return addTeam(store, team)
    }
  }
}

// ── A drop, planned whole ──────────────────────────────────────────────────────────────────────────

export type OrgDropPlan<T extends OrgTeam, E extends OrgEmployee> =
  | { ok: true; change: OrgChartChange; next: OrgStore<T, E> }
  | { ok: false; change: OrgChartChange; reason: string }

function subtreeOf(store: OrgStore, teamId: number): Set<number> {
  const found = new Set<number>([teamId])
  const queue = [teamId]
  while (queue.length > 0) {
    const id = queue.pop() as number
    for (const child of store.teams.get(id)?.subTeams ?? [])
      if (!found.has(child)) {
        found.add(child)
        queue.push(child)
      }
  }
  return found
}

/**
 * A drop with everything it implies: a manager moved to another team takes the teams they manage
 * along (they stay members of those teams' parent), and a drop that would put someone inside a team
 * they manage (directly or below) is refused, naming why. `makeTeam` gives the record of a team the
 * drop creates.
 */
export function planOrgChartDrop<T extends OrgTeam, E extends OrgEmployee>(
  store: OrgStore<T, E>,
  source: DragSource,
  target: DropTarget,
  makeTeam: (name: string, parentTeamId: number | null) => T,
): OrgDropPlan<T, E> {
  const change = orgChartDrop(store, source, target)
  let next = applyOrgChartChange(store, change, makeTeam)
  if (change.kind === 'setTeam') {
    const before = store.employees.get(change.employeeId)
    for (const teamId of before?.managedTeamIds ?? []) {
      if (store.teams.get(teamId)?.parentTeamId === before?.teamId)
        next = setTeamParent(next, teamId, change.teamId)
    }
  }
  for (const employee of next.employees.values()) {
    const was = store.employees.get(employee.id)
    if (was && was.teamId === employee.teamId && was.managedTeamIds === employee.managedTeamIds) continue
    for (const managed of employee.managedTeamIds) {
      if (employee.teamId != null && subtreeOf(next, managed).has(employee.teamId)) {
        const team = next.teams.get(employee.teamId)?.name ?? 'that team'
        return {
          ok: false,
          change,
          reason: `${employee.name} manages ${next.teams.get(managed)?.name ?? 'a team'}, which holds ${team}: they cannot report inside their own team.`,
        }
      }
    }
  }
  return { ok: true, change, next }
}
