import { describe, expect, it } from 'vitest'
import {
  applyOrgChartChange,
  buildOrgStore,
  makeManagerConfirm,
  orgChartDrop,
  teamNameAfterManagerChange,
} from '../../../src-shared/domain/org-chart'

// Root (1, Hana 10) → "Hana Chen's Team" (2, managed by Hana) with Adaeze 30; Ops (3) is named otherwise.
const store = () =>
  buildOrgStore(
    [
      { id: 1, name: 'Root', parentTeamId: null, managerId: null },
      { id: 2, name: "Hana Chen's Team", parentTeamId: 1, managerId: 10 },
      { id: 3, name: 'Ops', parentTeamId: 1, managerId: 10 },
    ],
    [
      { id: 10, name: 'Hana Chen', teamId: 1, managedTeamIds: [] },
      { id: 30, name: 'Adaeze Müller', teamId: 3, managedTeamIds: [] },
    ],
  )

describe('a drop on a team moves the person into it, never makes them its manager (issue 36)', () => {
  it('an employee dropped on a team card becomes a member; the manager stays', () => {
    const s = store()
    const change = orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'team', teamId: 2 })
    expect(change).toEqual({ kind: 'setTeam', employeeId: 30, teamId: 2 })
    const next = applyOrgChartChange(s, change)
    expect(next.employees.get(30)?.teamId).toBe(2)
    expect(next.teams.get(2)?.managerId).toBe(10)
    expect(next.teams.get(2)?.name).toBe("Hana Chen's Team")
  })
})

describe("making someone a manager renames a team named after its manager ('{name}'s Team')", () => {
  it('the manager slot makes them manager and the team takes their name', () => {
    const s = store()
    const change = orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'managerSlot', teamId: 2 })
    expect(change).toEqual({ kind: 'setManager', teamId: 2, managerId: 30 })
    const next = applyOrgChartChange(s, change)
    expect(next.teams.get(2)?.managerId).toBe(30)
    expect(next.teams.get(2)?.name).toBe("Adaeze Müller's Team")
  })

  it('a team with a name of its own keeps it', () => {
    const s = store()
    const next = applyOrgChartChange(s, { kind: 'setManager', teamId: 3, managerId: 30 })
    expect(next.teams.get(3)?.name).toBe('Ops')
  })

  it('a team left without a manager keeps its name', () => {
    expect(teamNameAfterManagerChange("Hana Chen's Team", 'Hana Chen', null)).toBe("Hana Chen's Team")
    expect(teamNameAfterManagerChange("Hana Chen's Team", null, 'Adaeze Müller')).toBe("Hana Chen's Team")
  })
})

describe('the Make manager confirm names the team, the old and new manager and the new name', () => {
  it('with a manager to replace and a rename', () => {
    expect(makeManagerConfirm("Hana Chen's Team", 'Hana Chen', 'Adaeze Müller')).toBe(
      "Make Adaeze Müller the manager of Hana Chen's Team, replacing Hana Chen? " +
        "The team will be renamed Adaeze Müller's Team.",
    )
  })

  it('for a team without a manager and a name of its own', () => {
    expect(makeManagerConfirm('Ops', null, 'Adaeze Müller')).toBe(
      'Make Adaeze Müller the manager of Ops, which has no manager now? The team keeps its name, Ops.',
    )
  })
})
