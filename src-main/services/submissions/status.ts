import type {
  PlannerStatusCard,
  PlannerStatusNode,
  PlannerStatusTree,
  SessionUser,
} from '../../../src-shared/contract'
import { ancestorTeamIds, childTeamIds, teamTreeRootIds } from '../../../src-shared/domain/hierarchy'
import { canForceSubmit } from '../../../src-shared/domain/admin-rules'
import { hasAdminPowers } from '../../../src-shared/domain/roles'
import { Failure } from '../failure'
import type { TableModel } from '../table/model'
import { isSubPlannerOf } from '../../../src-shared/domain/commands/submission'
import { matchesSearch, searchNeedle } from '../../../src-shared/domain/search-key'

/** Per team: teams below with a planner, and how many of those planners submitted; headcount. */
interface StatusCounts {
  subPlanners: Map<number, number>
  submitted: Map<number, number>
  headcount: Map<number, number>
}

const countsCache = new WeakMap<TableModel, { version: number; counts: StatusCounts }>()

function statusCounts(model: TableModel): StatusCounts {
  const cached = countsCache.get(model)
  if (cached && cached.version === model.version) return cached.counts
  const subPlanners = new Map<number, number>()
  const submitted = new Map<number, number>()
  const headcount = new Map<number, number>()
  for (const id of model.tree.order) {
    subPlanners.set(id, 0)
    submitted.set(id, 0)
    headcount.set(id, 0)
  }
  for (const row of model.rows) {
    const teamId = row.e.teamId
    if (teamId !== null && headcount.has(teamId)) headcount.set(teamId, (headcount.get(teamId) ?? 0) + 1)
  }
  // Children before parents: each child counts itself (when it has a planner) and what is below it.
  for (let i = model.tree.order.length - 1; i >= 0; i--) {
    const id = model.tree.order[i]
    const parentId = model.tree.parent.get(id)
    if (parentId == null) continue
    const holder = model.holderOf(id)
    const own = holder === null ? 0 : 1
    const ownSubmitted = holder !== null && model.submitted.has(holder) ? 1 : 0
    subPlanners.set(parentId, (subPlanners.get(parentId) ?? 0) + own + (subPlanners.get(id) ?? 0))
    submitted.set(parentId, (submitted.get(parentId) ?? 0) + ownSubmitted + (submitted.get(id) ?? 0))
    headcount.set(parentId, (headcount.get(parentId) ?? 0) + (headcount.get(id) ?? 0))
  }
  const counts = { subPlanners, submitted, headcount }
  countsCache.set(model, { version: model.version, counts })
  return counts
}

/** The viewer's top teams: admin roles (and users without an employee) start from the company's. */
export function viewerTops(model: TableModel, user: SessionUser): number[] {
  if (hasAdminPowers(user.role) || user.employeeId === null) return [...model.tree.roots]
  return teamTreeRootIds(model.tree, [...model.teams.values()], user.employeeId, (team) =>
    model.holderOf(team.id),
  )
}

function inViewerTree(model: TableModel, tops: ReadonlySet<number>, teamId: number): boolean {
  return tops.has(teamId) || ancestorTeamIds(model.tree, teamId).some((id) => tops.has(id))
}

export function statusCard(
  model: TableModel,
  user: SessionUser,
  teamId: number,
  submissions: ReadonlyMap<number, PlannerStatusCard['submission']>,
): PlannerStatusCard {
  const counts = statusCounts(model)
  const plannerId = model.holderOf(teamId)
  const admin = hasAdminPowers(user.role)
  const submission = plannerId === null ? null : (submissions.get(plannerId) ?? null)
  // The spec's conditions but the card's width (the page decides that), and whom one may force for.
  const forceable =
    canForceSubmit({
      widthSufficient: true,
      managerId: plannerId,
      managerSubmitted: submission !== null,
      currentEmployeeId: user.employeeId,
      role: user.role,
      settings: model.payCycle.settings,
    }) &&
    (admin ||
      (user.employeeId !== null && plannerId !== null && isSubPlannerOf(model, plannerId, user.employeeId)))
  return {
    id: teamId,
    name: model.teams.get(teamId)?.name ?? '',
    plannerId,
    plannerName: plannerId === null ? null : (model.names.get(plannerId) ?? null),
    submission,
    subPlanners: counts.subPlanners.get(teamId) ?? 0,
    submittedSubPlanners: counts.submitted.get(teamId) ?? 0,
    headcount: counts.headcount.get(teamId) ?? 0,
    childCount: childTeamIds(model.tree, teamId).length,
    canSubmit:
      plannerId !== null && plannerId === user.employeeId && submission === null && model.payCycle.active,
    forceType: forceable && model.payCycle.active ? (admin ? 'HR' : 'FORCE') : null,
    canEdit: admin && submission !== null,
  }
}

/**
 * Planner Status: from the viewer's root (their planned teams, or the company's top teams for an
 * admin) or a team within it, `depth` levels of cards; deeper teams are counted, not sent.
 */
export function plannerStatusTree(
  model: TableModel,
  user: SessionUser,
  submissions: ReadonlyMap<number, PlannerStatusCard['submission']>,
  query: { teamId: number | null; depth: number },
): PlannerStatusTree {
  const tops = viewerTops(model, user)
  const topSet = new Set(tops)
  if (query.teamId !== null) {
    if (!model.teams.has(query.teamId)) throw new Failure('NOT_FOUND', `No team has the id ${query.teamId}.`)
    if (!inViewerTree(model, topSet, query.teamId))
      throw new Failure('FORBIDDEN', 'This team is not one of yours.')
  }
  const node = (teamId: number, depth: number): PlannerStatusNode => {
    const children = childTeamIds(model.tree, teamId)
    const shown = depth > 0 ? children.map((id) => node(id, depth - 1)) : []
    return {
      ...statusCard(model, user, teamId, submissions),
      children: shown,
      hiddenChildren: children.length - shown.length,
    }
  }
  const trail =
    query.teamId === null
      ? []
      : ancestorTeamIds(model.tree, query.teamId)
          .reverse()
          .filter((id) => inViewerTree(model, topSet, id))
          .map((id) => ({ id, name: model.teams.get(id)?.name ?? '' }))
  return {
    root: query.teamId === null ? null : node(query.teamId, query.depth),
    trail,
    tops: query.teamId === null ? tops.map((id) => node(id, query.depth)) : [],
    waitingSeverity: model.waitingSeverity,
  }
}

/** Teams of the viewer's tree whose name or planner's name contains `text`, at most `limit`. */
export function findStatusTeams(
  model: TableModel,
  user: SessionUser,
  text: string,
  limit = 20,
): { id: number; name: string; plannerName: string | null; path: string[] }[] {
  const needle = searchNeedle(text)
  if (needle === '') return []
  const topSet = new Set(viewerTops(model, user))
  const found: { id: number; name: string; plannerName: string | null; path: string[] }[] = []
  for (const id of model.tree.order) {
    const team = model.teams.get(id)
    const holder = model.holderOf(id)
    const plannerName = holder === null ? null : (model.names.get(holder) ?? null)
    const hit = matchesSearch(needle, team?.name, plannerName)
    if (!hit || !inViewerTree(model, topSet, id)) continue
    const path = ancestorTeamIds(model.tree, id)
      .reverse()
      .map((a) => model.teams.get(a)?.name ?? '')
    found.push({ id, name: team?.name ?? '', plannerName, path })
    if (found.length >= limit) break
  }
  return found
}
