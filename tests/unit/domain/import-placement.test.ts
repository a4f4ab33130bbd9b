import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'
import {
  placeImportedPeople,
  type PlacedEmployee,
  type PlacedTeam,
} from '../../../src-shared/domain/import-placement'
import { parseImportRow } from '../../../src-shared/domain/import-rows'

/** An import row from its Employee Id, Name and Manager Employee Id (the other required cells filled). */
function row(employeeId: string, name: string, manager = '') {
  const values: Record<string, string> = {
    'Employee Id': employeeId,
    Name: name,
    'Manager Employee Id': manager,
    'Hire Date': '2020-01-15',
    'Job Code': 'ENG-1',
    'Pay Range Name': 'R1',
  }
  const parsed = parseImportRow(
    IMPORT_COLUMNS.map((c) => values[c.header] ?? ''),
    1,
  )
  expect(parsed.errors).toEqual([])
  return parsed.values
}

// Ann (1) manages team 10; Bob (2) manages teams 11 and 12 (11 is his: the first by id); Cy (3)
// manages nobody yet; Gus (4) reports to Cy without a team; Dee (5) reports to Ann. Team 13 has no
// manager (it sits under 10); Ann is in it.
const stored: PlacedEmployee[] = [
  { id: 1, code: 'E1', name: 'Ann', managerId: null, teamId: 13 },
  { id: 2, code: 'E2', name: 'Bob', managerId: 1, teamId: 10 },
  { id: 3, code: 'E3', name: 'Cy', managerId: 2, teamId: 11 },
  { id: 4, code: 'E4', name: 'Gus', managerId: 3, teamId: null },
  { id: 5, code: 'E5', name: 'Dee', managerId: 1, teamId: 10 },
]
const teams: PlacedTeam[] = [
  { id: 10, managerId: 1, parentTeamId: null },
  { id: 11, managerId: 2, parentTeamId: 10 },
  { id: 12, managerId: 2, parentTeamId: null },
  { id: 13, managerId: null, parentTeamId: 10 },
]

describe('who is who after an import (placeImportedPeople)', () => {
  // The file: Bob now reports to Eve, who is new and reports to Ann; Cy reports to Eve; Fay is new, alone.
  const place = () =>
    placeImportedPeople(stored, teams, [
      row('E2', 'Bob', 'E6'),
      row('E3', 'Cy', 'E6'),
      row('E6', 'Eve', 'E1'),
      row('E7', 'Fay'),
    ])

  it('a known Employee Id keeps its employee; a new one takes the next id after the highest', () => {
    const placement = place()
    expect(placement.ids).toEqual([2, 3, 6, 7])
    expect([0, 1, 2, 3].map((i) => placement.existed(i))).toEqual([true, true, false, false])
    expect(placement.idOf('E6')).toBe(6)
    expect(placement.idOf('E5')).toBe(5)
    expect(placement.idOf('NOBODY')).toBeNull()
    expect(placement.idOf('')).toBeNull()
    expect(placement.idOf(null)).toBeNull()
  })

  it("each row's manager from its Manager Employee Id, a new employee's included", () => {
    expect(place().managerIds).toEqual([6, 6, 1, null])
  })

  it('every manager without a team gets "{name}\'s Team", under the team of their own manager', () => {
    // Cy gains one because Gus (not in the file) still reports to Cy; Eve because Bob and Cy now do.
    expect(place().newTeams).toEqual([
      { id: 14, name: "Cy's Team", managerId: 3, parentTeamId: 15 },
      { id: 15, name: "Eve's Team", managerId: 6, parentTeamId: 10 },
    ])
  })

  it('a manager holds the first of their teams by id; someone who manages nobody holds none', () => {
    const placement = place()
    expect(placement.teamOfManager(2)).toBe(11)
    expect(placement.teamOfManager(1)).toBe(10)
    expect(placement.teamOfManager(6)).toBe(15)
    expect(placement.teamOfManager(7)).toBeNull()
    expect(placement.teamOfManager(null)).toBeNull()
  })

  it('employees the file does not name keep their manager and follow that manager’s team', () => {
    // Ann manages herself into no team (13 → none); Gus joins Cy's new team; Dee stays in Ann's team.
    expect(place().keptMoves).toEqual([
      { id: 1, teamId: null },
      { id: 4, teamId: 14 },
    ])
  })

  it("a manager's teams move under their manager's team; teams without a manager stay", () => {
    expect(place().teamMoves).toEqual([
      { id: 11, parentTeamId: 15 },
      { id: 12, parentTeamId: 15 },
    ])
  })

  it('a re-import that changes nobody moves nothing and makes no team', () => {
    const settled: PlacedEmployee[] = [
      { id: 1, code: 'E1', name: 'Ann', managerId: null, teamId: null },
      { id: 2, code: 'E2', name: 'Bob', managerId: 1, teamId: 10 },
    ]
    const placement = placeImportedPeople(
      settled,
      [{ id: 10, managerId: 1, parentTeamId: null }],
      [row('E1', 'Ann'), row('E2', 'Bob', 'E1')],
    )
    expect(placement.ids).toEqual([1, 2])
    expect(placement.newTeams).toEqual([])
    expect(placement.keptMoves).toEqual([])
    expect(placement.teamMoves).toEqual([])
  })

  it('the first import into an empty company numbers people from 1 and teams from 1', () => {
    const placement = placeImportedPeople(
      [],
      [],
      [row('A', 'Ann'), row('B', 'Bob', 'A'), row('C', 'Cy', 'A')],
    )
    expect(placement.ids).toEqual([1, 2, 3])
    expect(placement.existed(0)).toBe(false)
    expect(placement.newTeams).toEqual([{ id: 1, name: "Ann's Team", managerId: 1, parentTeamId: null }])
  })
})
