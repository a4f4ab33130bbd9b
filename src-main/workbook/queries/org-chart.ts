import type { OrgSnapshot } from '../../../src-shared/contract'
import type { Workbook } from '../open'
import type { ChangeLogEntry } from './change-log'

type Cell = string | number | null

export interface OrgRecords {
  teams: { id: number; name: string; parentTeamId: number | null; managerId: number | null }[]
  employees: { id: number; name: string; teamId: number | null; managedTeamIds: number[] }[]
}

/** Who is in which team and who manages which team: the org chart's store, read in one pass. */
export function readOrgRecords(workbook: Workbook): OrgRecords {
  const db = workbook.sqlite
  const teams = (
    db.prepare('SELECT id, name, parent_team_id, manager_id FROM team ORDER BY id').raw().all() as Cell[][]
  ).map((r) => ({
    id: r[0] as number,
    name: r[1] as string,
    parentTeamId: r[2] as number | null,
    managerId: r[3] as number | null,
  }))
  const employees = (
    db.prepare('SELECT id, name, team_id FROM employee ORDER BY id').raw().all() as Cell[][]
  ).map((r) => ({
    id: r[0] as number,
    name: r[1] as string,
    teamId: r[2] as number | null,
    managedTeamIds: [],
  }))
  return { teams, employees }
}

/** The stored state of these employees and teams (a team missing from the file is left out). */
export function readOrgSnapshot(
  workbook: Workbook,
  employeeIds: readonly number[],
  teamIds: readonly number[],
): OrgSnapshot {
  const db = workbook.sqlite
  const employee = db.prepare('SELECT id, team_id, manager_id FROM employee WHERE id = ?').raw()
  const team = db.prepare('SELECT id, name, parent_team_id, manager_id FROM team WHERE id = ?').raw()
  const employees = employeeIds.flatMap((id) => {
    const r = employee.get(id) as Cell[] | undefined
    return r ? [{ id, teamId: r[1] as number | null, managerId: r[2] as number | null }] : []
  })
  const teams: OrgSnapshot['teams'] = []
  const absentTeams: number[] = []
  for (const id of teamIds) {
    const r = team.get(id) as Cell[] | undefined
    if (r)
      teams.push({
        id,
        name: r[1] as string,
        parentTeamId: r[2] as number | null,
        managerId: r[3] as number | null,
      })
    else absentTeams.push(id)
  }
  return { employees, teams, absentTeams }
}

/** The next free team id (a new team's id is decided before it is written). */
export function nextTeamId(workbook: Workbook): number {
  const row = workbook.sqlite.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM team').get() as {
    id: number
  }
  return row.id
}

/**
 * Writes a snapshot in one transaction with its change-log row: the teams it lists (inserted when
 * missing; a team's planner follows its manager), then the employees' teams and managers, then
 * removes the teams it says were absent; `alsoInTransaction` (a replica's outbox) commits with it.
 */
export function writeOrgSnapshot(
  workbook: Workbook,
  snapshot: OrgSnapshot,
  log: ChangeLogEntry,
  alsoInTransaction: () => void = () => undefined,
): void {
  const db = workbook.sqlite
  const upsertTeam = db.prepare(
    `INSERT INTO team (id, name, parent_team_id, manager_id, planner_id) VALUES (?, ?, NULL, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, manager_id = excluded.manager_id, planner_id = excluded.planner_id`,
  )
  const setParent = db.prepare('UPDATE team SET parent_team_id = ? WHERE id = ?')
  const setEmployee = db.prepare('UPDATE employee SET team_id = ?, manager_id = ? WHERE id = ?')
  const removeTeam = db.prepare('DELETE FROM team WHERE id = ?')
  const logRow = db.prepare(
    'INSERT INTO change_log (at, user_id, entity, entity_id, action, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  db.transaction(() => {
    // Parents after every listed team exists, so a new team can be a parent in the same snapshot.
    for (const t of snapshot.teams) upsertTeam.run(t.id, t.name, t.managerId, t.managerId)
    for (const t of snapshot.teams) setParent.run(t.parentTeamId, t.id)
    for (const e of snapshot.employees) setEmployee.run(e.teamId, e.managerId, e.id)
    for (const id of snapshot.absentTeams) removeTeam.run(id)
    logRow.run(
      log.at,
      log.userId,
      log.entity,
      log.entityId === null ? null : String(log.entityId),
      log.action,
      JSON.stringify(log.oldValue),
      JSON.stringify(log.newValue),
    )
    alsoInTransaction()
  })()
}
