import type { OrgChartMoveResult, OrgSnapshot, SessionUser } from '../../src-shared/contract'
import {
  buildOrgStore,
  planOrgChartDrop,
  type DragSource,
  type DropTarget,
  type OrgChartChange,
  type OrgStore,
} from '../../src-shared/domain/org-chart'
import type { Workbook } from '../workbook/open'
import { nextTeamId, readOrgRecords, readOrgSnapshot, writeOrgSnapshot } from '../workbook/queries/org-chart'
import { enqueueChangeNow } from '../workbook/queries/sync'
import { Failure } from './failure'

/** Whom each of these employees reports to: their team's manager, or for a team's own manager the one above. */
function managerFor(store: OrgStore, employeeId: number): number | null {
  const seen = new Set<number>()
  for (let teamId = store.employees.get(employeeId)?.teamId ?? null; teamId != null && !seen.has(teamId);) {
    seen.add(teamId)
    const team = store.teams.get(teamId)
    if (!team) return null
    if (team.managerId != null && team.managerId !== employeeId) return team.managerId
    teamId = team.parentTeamId
  }
  return null
}

function describe(store: OrgStore, change: OrgChartChange): string {
  const name = (id: number) => store.employees.get(id)?.name ?? `employee ${id}`
  const team = (id: number | null) =>
    id == null ? 'the company' : (store.teams.get(id)?.name ?? `team ${id}`)
  switch (change.kind) {
    case 'setTeam':
      return `Moved ${name(change.employeeId)} to ${team(change.teamId)}`
    case 'setManager':
      return change.managerId == null
        ? `${team(change.teamId)} has no manager now`
        : `${name(change.managerId)} now manages ${team(change.teamId)}`
    case 'createTeam':
      return `Created ${change.name} with ${name(change.memberId)}`
    case 'none':
      return 'Nothing changed'
  }
}

/**
 * An org chart drop (administration document §4): worked out on the stored teams with the drag
 * rules and store relations, refused with the reason where it would put someone inside a team they
 * manage, then written in one transaction with managers kept consistent (each employee reports to
 * their team's manager). Answers the before and after state of every row it touched, for undo.
 */
export function dropOnOrgChart(
  workbook: Workbook,
  user: SessionUser,
  source: DragSource,
  target: DropTarget,
  now = new Date(),
): OrgChartMoveResult {
  const records = readOrgRecords(workbook)
  const store = buildOrgStore(records.teams, records.employees)
  if (!store.employees.has(source.employeeId))
    throw new Failure('NOT_FOUND', `No employee has the id ${source.employeeId}.`)
  const newTeamId = nextTeamId(workbook)
  const plan = planOrgChartDrop(store, source, target, (name, parentTeamId) => ({
    id: newTeamId,
    name,
    parentTeamId,
    managerId: null,
    members: [],
    subTeams: [],
  }))
  if (!plan.ok) throw new Failure('BAD_INPUT', plan.reason)
  const empty: OrgSnapshot = { employees: [], teams: [], absentTeams: [] }
  if (plan.change.kind === 'none')
    return { changed: false, message: 'Nothing changed', before: empty, after: empty }
  const { next } = plan

  const teamIds = [...next.teams.values()]
    .filter((t) => {
      const was = store.teams.get(t.id)
      return !was || was.parentTeamId !== t.parentTeamId || was.managerId !== t.managerId
    })
    .map((t) => t.id)
  // Everyone whose team changed, and everyone in a team whose manager changed, may report to someone new.
  const affected = new Set<number>()
  for (const employee of next.employees.values())
    if (store.employees.get(employee.id)?.teamId !== employee.teamId) affected.add(employee.id)
  for (const id of teamIds) {
    for (const member of next.teams.get(id)?.members ?? []) affected.add(member)
    const manager = next.teams.get(id)?.managerId
    if (manager != null) affected.add(manager)
  }
  const employeeIds = [...affected]
  const before = readOrgSnapshot(workbook, employeeIds, teamIds)
  const after: OrgSnapshot = {
    employees: employeeIds.map((id) => ({
      id,
      teamId: next.employees.get(id)?.teamId ?? null,
      managerId: managerFor(next, id),
    })),
    teams: teamIds.map((id) => {
      const team = next.teams.get(id)
      return {
        id,
        name: team?.name ?? '',
        parentTeamId: team?.parentTeamId ?? null,
        managerId: team?.managerId ?? null,
      }
    }),
    absentTeams: [],
  }
  const message = describe(next, plan.change)
  writeSnapshot(
    workbook,
    user,
    after,
    { action: plan.change.kind, before, message, mover: source.employeeId },
    now,
  )
  return { changed: true, message, before, after }
}

/** Writes back a snapshot (undo or redo of a drop), after checking that every row it names exists. */
export function restoreOrgChart(
  workbook: Workbook,
  user: SessionUser,
  snapshot: OrgSnapshot,
  now = new Date(),
): null {
  const present = readOrgSnapshot(
    workbook,
    snapshot.employees.map((e) => e.id),
    [],
  )
  if (present.employees.length !== snapshot.employees.length)
    throw new Failure(
      'NOT_FOUND',
      'Some of these employees are no longer in the workbook; the change cannot be undone.',
    )
  const records = readOrgRecords(workbook)
  const teamIds = new Set([...records.teams.map((t) => t.id), ...snapshot.teams.map((t) => t.id)])
  for (const id of snapshot.absentTeams) teamIds.delete(id)
  const dangling = [...snapshot.employees, ...snapshot.teams].some((row) => {
    const teamId = 'teamId' in row ? row.teamId : row.parentTeamId
    return teamId != null && !teamIds.has(teamId)
  })
  if (dangling)
    throw new Failure('BAD_INPUT', 'This change refers to a team that no longer exists; it cannot be undone.')
  const before = readOrgSnapshot(
    workbook,
    snapshot.employees.map((e) => e.id),
    [...snapshot.teams.map((t) => t.id), ...snapshot.absentTeams],
  )
  writeSnapshot(
    workbook,
    user,
    snapshot,
    { action: 'restore', before, message: 'Restored the org chart', mover: snapshot.employees[0]?.id ?? 0 },
    now,
  )
  return null
}

/**
 * A replica's org chart change goes to the server as the state it wrote (PUT /org-chart/) with the
 * teams it made (absent before), in the write's transaction; `previous` is what a refusal puts back.
 * `mover`: the employee dragged (the outbox's entity).
 */
function queueOrgChart(
  workbook: Workbook,
  snapshot: OrgSnapshot,
  before: OrgSnapshot,
  mover: number,
  at: string,
): void {
  const made = new Set(before.absentTeams)
  const created = snapshot.teams.filter((t) => made.has(t.id)).map((t) => t.id)
  enqueueChangeNow(
    workbook,
    'org_chart',
    mover,
    { org_chart: JSON.stringify({ snapshot, created_teams: created }) },
    { org_chart: JSON.stringify(before) },
    at,
  )
}

function writeSnapshot(
  workbook: Workbook,
  user: SessionUser,
  snapshot: OrgSnapshot,
  log: { action: string; before: OrgSnapshot; message: string; mover: number },
  now: Date,
): void {
  const at = now.toISOString()
  writeOrgSnapshot(
    workbook,
    snapshot,
    {
      at,
      userId: user.id,
      entity: 'org_chart',
      entityId: null,
      action: log.action,
      oldValue: log.before,
      newValue: { ...snapshot, message: log.message },
    },
    () => queueOrgChart(workbook, snapshot, log.before, log.mover, at),
  )
}
