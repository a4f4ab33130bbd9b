import type { ImportRow } from './import-format'

/** An employee already in the company, as the import places people. */
export interface PlacedEmployee {
  id: number
  /** The company's Employee Id. */
  code: string
  name: string
  managerId: number | null
  teamId: number | null
}

/** A team already in the company. */
export interface PlacedTeam {
  id: number
  managerId: number | null
  parentTeamId: number | null
}

export interface ImportPlacement {
  /** Each row's employee id: the stored one for a known Employee Id, else the next free id. */
  ids: number[]
  /** Each row's manager id (from Manager Employee Id), or null. */
  managerIds: (number | null)[]
  /** Whether row `index` updates an employee already in the company. */
  existed(index: number): boolean
  /** The employee id of an Employee Id after the import, or null. */
  idOf(code: string | null): number | null
  /** The team a manager holds after the import (their employees' team), or null. */
  teamOfManager(managerId: number | null): number | null
  /** Employees the file does not name whose team changes (they follow their manager's team). */
  keptMoves: { id: number; teamId: number | null }[]
  /** Teams of managers who held none: "{name}'s Team", planned by its manager, under their team. */
  newTeams: { id: number; name: string; managerId: number; parentTeamId: number | null }[]
  /** Existing teams whose parent changes (a manager's team sits under the manager's own team). */
  teamMoves: { id: number; parentTeamId: number | null }[]
}

/**
 * Who is who after an import, worked out before anything is written so that each employee is
 * written once (the desktop's import and the server's POST /import/data/ alike): ids (an imported
 * Employee Id keeps its row; a new one takes the next id), and the teams, which follow the manager
 * column: every manager holds one team ("{name}'s Team", kept with its budget on a re-import),
 * whose parent is the manager's own team; each employee belongs to their manager's team. Teams of
 * people who no longer manage anyone are kept, empty, with their budgets. Employees the import does
 * not name keep their manager. `teams` in id order (the first team a manager holds is theirs).
 */
export function placeImportedPeople(
  stored: readonly PlacedEmployee[],
  teams: readonly PlacedTeam[],
  rows: readonly ImportRow[],
): ImportPlacement {
  const idByCode = new Map(stored.map((e) => [e.code, e.id]))
  const firstNewId = stored.reduce((max, e) => Math.max(max, e.id), 0) + 1
  let nextId = firstNewId
  const ids = rows.map((r) => {
    const code = r.employeeId ?? ''
    const known = idByCode.get(code)
    if (known !== undefined) return known
    idByCode.set(code, nextId)
    return nextId++
  })
  const idOf = (code: string | null) => (code ? (idByCode.get(code) ?? null) : null)
  let nextTeamId = teams.reduce((max, t) => Math.max(max, t.id), 0) + 1

  // Per employee id (every one is below nextId), after the import: the manager's id (0: none),
  // the name a new team takes, whether the import names the employee, the team they manage.
  const managerOf = new Int32Array(nextId)
  const nameOf = new Array<string>(nextId)
  const imported = new Uint8Array(nextId)
  const teamByManager = new Int32Array(nextId)
  for (const t of teams)
    if (t.managerId !== null && t.managerId < nextId && teamByManager[t.managerId] === 0)
      teamByManager[t.managerId] = t.id
  for (const id of ids) imported[id] = 1
  const managerIds = rows.map((r) => idOf(r.managerEmployeeId))
  const kept = stored.filter((e) => imported[e.id] === 0)
  for (const e of kept) {
    managerOf[e.id] = e.managerId ?? 0
    nameOf[e.id] = e.name
  }
  rows.forEach((r, index) => {
    managerOf[ids[index]] = managerIds[index] ?? 0
    nameOf[ids[index]] = r.employeeName ?? ''
  })
  const newTeamIds: { id: number; managerId: number }[] = []
  for (const employeeId of [...kept.map((e) => e.id), ...ids]) {
    const managerId = managerOf[employeeId]
    if (managerId === 0 || teamByManager[managerId] !== 0) continue
    teamByManager[managerId] = nextTeamId
    newTeamIds.push({ id: nextTeamId++, managerId })
  }
  const teamOfManager = (managerId: number | null) =>
    managerId === null ? null : teamByManager[managerId] || null
  const teamOfEmployee = (id: number) => teamOfManager(managerOf[id] || null)

  const keptMoves: ImportPlacement['keptMoves'] = []
  for (const e of kept) {
    const team = teamOfEmployee(e.id)
    if (team !== e.teamId) keptMoves.push({ id: e.id, teamId: team })
  }
  const newTeams = newTeamIds.map((t) => ({
    id: t.id,
    name: `${nameOf[t.managerId] ?? ''}'s Team`,
    managerId: t.managerId,
    parentTeamId: teamOfEmployee(t.managerId),
  }))
  const teamMoves: ImportPlacement['teamMoves'] = []
  for (const t of teams) {
    if (t.managerId === null) continue
    const parent = teamOfEmployee(t.managerId)
    if (parent !== t.parentTeamId) teamMoves.push({ id: t.id, parentTeamId: parent })
  }
  return {
    ids,
    managerIds,
    existed: (index) => ids[index] < firstNewId,
    idOf,
    teamOfManager,
    keptMoves,
    newTeams,
    teamMoves,
  }
}
