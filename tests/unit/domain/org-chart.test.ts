import fc from 'fast-check'
import {
  addTeam,
  applyOrgChartChange,
  buildOrgStore,
  orgChartDrop,
  removeTeam,
  setEmployeeTeam,
  setTeamManager,
  setTeamParent,
  type OrgStore,
  type OrgTeam,
} from '../../../src-shared/domain/org-chart'

// Company: Root (1, manager Ceo 10) → Eng (2, manager Mia 20, a member of Root) with Ann 30, Bob 31.
// Root members: Mia 20, Cal 32. Ops (3) is a second top-level team without manager or members.
const store = () =>
  buildOrgStore(
    [
      { id: 1, name: 'Root', parentTeamId: null, managerId: 10 },
      { id: 2, name: 'Eng', parentTeamId: 1, managerId: 20 },
      { id: 3, name: 'Ops', parentTeamId: null, managerId: null },
    ],
    [
      { id: 10, name: 'Ceo', teamId: null, managedTeamIds: [] },
      { id: 20, name: 'Mia', teamId: 1, managedTeamIds: [] },
      { id: 30, name: 'Ann', teamId: 2, managedTeamIds: [] },
      { id: 31, name: 'Bob', teamId: 2, managedTeamIds: [] },
      { id: 32, name: 'Cal', teamId: 1, managedTeamIds: [] },
    ],
  )

/** The relations every store keeps. */
function expectConsistent(s: OrgStore) {
  const seen = new Map<number, number>()
  for (const team of s.teams.values()) {
    expect(new Set(team.members).size).toBe(team.members.length)
    expect(new Set(team.subTeams).size).toBe(team.subTeams.length)
    for (const member of team.members) {
      expect(seen.has(member)).toBe(false) // in at most one team
      seen.set(member, team.id)
      expect(s.employees.get(member)?.teamId).toBe(team.id)
    }
    for (const child of team.subTeams) expect(s.teams.get(child)?.parentTeamId).toBe(team.id)
    if (team.parentTeamId != null) expect(s.teams.get(team.parentTeamId)?.subTeams).toContain(team.id)
    if (team.managerId != null) expect(s.employees.get(team.managerId)?.managedTeamIds).toContain(team.id)
  }
  for (const employee of s.employees.values()) {
    expect(seen.get(employee.id) ?? null).toBe(employee.teamId)
    for (const teamId of employee.managedTeamIds) expect(s.teams.get(teamId)?.managerId).toBe(employee.id)
  }
}

describe('store relations', () => {
  it('builds members, sub-teams and managed teams from flat records', () => {
    const s = store()
    expect(s.teams.get(1)).toMatchObject({ members: [20, 32], subTeams: [2] })
    expect(s.teams.get(2)).toMatchObject({ members: [30, 31], subTeams: [] })
    expect(s.employees.get(20)?.managedTeamIds).toEqual([2])
    expectConsistent(s)
  })

  it('a missing parent makes a top team and a parent cycle is cut at its lowest id, as the team tree does', () => {
    const s = buildOrgStore(
      [
        { id: 5, name: 'Lost', parentTeamId: 99, managerId: null },
        { id: 6, name: 'A', parentTeamId: 7, managerId: null },
        { id: 7, name: 'B', parentTeamId: 6, managerId: null },
      ],
      [],
    )
    expect(s.teams.get(5)?.parentTeamId).toBeNull()
    expect(s.teams.get(6)).toMatchObject({ parentTeamId: null, subTeams: [7] })
    expect(s.teams.get(7)).toMatchObject({ parentTeamId: 6, subTeams: [] })
    expectConsistent(s)
  })

  it("setting an employee's team removes them from the old team's members and adds them to the new", () => {
    const s = setEmployeeTeam(store(), 30, 3)
    expect(s.teams.get(2)?.members).toEqual([31])
    expect(s.teams.get(3)?.members).toEqual([30])
    expect(s.employees.get(30)?.teamId).toBe(3)
    expectConsistent(s)
  })

  it('members are added without duplicates; the old store is not changed', () => {
    const before = store()
    const s = setEmployeeTeam(setEmployeeTeam(before, 30, 2), 30, 2)
    expect(s.teams.get(2)?.members).toEqual([30, 31])
    expect(setEmployeeTeam(before, 30, null).teams.get(2)?.members).toEqual([31])
    expect(before.teams.get(2)?.members).toEqual([30, 31])
  })

  it("setting a team manager adds the team to their managed teams and makes them a member of the team's parent", () => {
    const s = setTeamManager(store(), 2, 31)
    expect(s.teams.get(2)?.managerId).toBe(31)
    expect(s.employees.get(31)).toMatchObject({ teamId: 1, managedTeamIds: [2] })
    expect(s.teams.get(1)?.members).toEqual([20, 32, 31])
    expect(s.teams.get(2)?.members).toEqual([30])
    // removing a manager removes the team from their managed teams
    expect(s.employees.get(20)?.managedTeamIds).toEqual([])
    expectConsistent(s)
  })

  it('the manager of a top-level team belongs to no team; removing a manager keeps them where they are', () => {
    const s = setTeamManager(store(), 3, 32)
    expect(s.employees.get(32)).toMatchObject({ teamId: null, managedTeamIds: [3] })
    const cleared = setTeamManager(s, 3, null)
    expect(cleared.employees.get(32)).toMatchObject({ teamId: null, managedTeamIds: [] })
    expect(cleared.teams.get(3)?.managerId).toBeNull()
  })

  it('sub-teams are added without duplicates and never into a cycle; the manager follows to the new parent', () => {
    const s = setTeamParent(setTeamParent(store(), 2, 3), 2, 3)
    expect(s.teams.get(3)?.subTeams).toEqual([2])
    expect(s.teams.get(1)?.subTeams).toEqual([])
    expect(s.employees.get(20)?.teamId).toBe(3)
    expectConsistent(s)
    const cycle = setTeamParent(store(), 1, 2)
    expect(cycle.teams.get(1)?.parentTeamId).toBeNull()
  })

  it("removing a team removes it from its parent's sub-teams; its members and sub-teams move up", () => {
    const withChild = addTeam(store(), {
      id: 4,
      name: 'Web',
      parentTeamId: 2,
      managerId: 30,
      members: [31],
      subTeams: [],
    })
    expectConsistent(withChild)
    const s = removeTeam(withChild, 2)
    expect(s.teams.has(2)).toBe(false)
    expect(s.teams.get(1)?.subTeams).toEqual([4])
    expect(s.teams.get(4)?.parentTeamId).toBe(1)
    expect(s.employees.get(30)?.teamId).toBe(1) // Web's manager stays a member of Web's parent
    expect(s.employees.get(20)?.managedTeamIds).toEqual([])
    expectConsistent(s)
  })
})

describe('org chart drag rules', () => {
  const s = store()

  it('a card dropped on a manager slot replaces the manager; on a team it moves in, even a manager (issue 36)', () => {
    expect(orgChartDrop(s, { employeeId: 20, asManager: true }, { kind: 'team', teamId: 3 })).toEqual({
      kind: 'setTeam',
      employeeId: 20,
      teamId: 3,
    })
    expect(orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'managerSlot', teamId: 2 })).toEqual(
      {
        kind: 'setManager',
        teamId: 2,
        managerId: 30,
      },
    )
  })

  it('dropping a manager back on a team it already manages just removes it from that team', () => {
    const change = orgChartDrop(s, { employeeId: 20, asManager: true }, { kind: 'team', teamId: 2 })
    expect(change).toEqual({ kind: 'setManager', teamId: 2, managerId: null })
    expect(applyOrgChartChange(s, change).teams.get(2)?.managerId).toBeNull()
  })

  it('an employee dropped on a team moves there if not already a member', () => {
    expect(orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'team', teamId: 3 })).toEqual({
      kind: 'setTeam',
      employeeId: 30,
      teamId: 3,
    })
    expect(orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'team', teamId: 2 })).toEqual({
      kind: 'none',
    })
  })

  it("an employee dropped on a manager moves into that person's first managed team", () => {
    expect(
      orgChartDrop(s, { employeeId: 32, asManager: false }, { kind: 'employee', employeeId: 20 }),
    ).toEqual({
      kind: 'setTeam',
      employeeId: 32,
      teamId: 2,
    })
  })

  it("an employee dropped on an employee without a team creates '{name}'s Team'", () => {
    const change = orgChartDrop(s, { employeeId: 31, asManager: false }, { kind: 'employee', employeeId: 30 })
    expect(change).toEqual({
      kind: 'createTeam',
      name: "Ann's Team",
      parentTeamId: 2,
      managerId: 30,
      memberId: 31,
    })
    const made = applyOrgChartChange(s, change, (name, parentTeamId): OrgTeam => ({
      id: 9,
      name,
      parentTeamId,
      managerId: null,
      members: [],
      subTeams: [],
    }))
    expect(made.teams.get(9)).toMatchObject({
      name: "Ann's Team",
      parentTeamId: 2,
      managerId: 30,
      members: [31],
    })
    expect(made.employees.get(30)).toMatchObject({ teamId: 2, managedTeamIds: [9] })
    expectConsistent(made)
  })

  it('an employee dropped on the company root has their team cleared', () => {
    const change = orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'company' })
    expect(change).toEqual({ kind: 'setTeam', employeeId: 30, teamId: null })
    expect(applyOrgChartChange(s, change).employees.get(30)?.teamId).toBeNull()
    expect(orgChartDrop(s, { employeeId: 10, asManager: false }, { kind: 'company' })).toEqual({
      kind: 'none',
    })
  })

  it('dropping on oneself or on nothing changes nothing', () => {
    expect(
      orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'employee', employeeId: 30 }).kind,
    ).toBe('none')
    expect(orgChartDrop(s, { employeeId: 99, asManager: false }, { kind: 'company' }).kind).toBe('none')
    expect(orgChartDrop(s, { employeeId: 30, asManager: false }, { kind: 'team', teamId: 99 }).kind).toBe(
      'none',
    )
  })
})

describe('store relations (property)', () => {
  const employeeId = fc.integer({ min: 1, max: 8 })
  const teamId = fc.integer({ min: 1, max: 5 })
  const op = fc.oneof(
    fc.record({ kind: fc.constant('team' as const), employeeId, teamId: fc.option(teamId) }),
    fc.record({ kind: fc.constant('manager' as const), teamId, managerId: fc.option(employeeId) }),
    fc.record({ kind: fc.constant('parent' as const), teamId, parentId: fc.option(teamId) }),
    fc.record({ kind: fc.constant('remove' as const), teamId }),
    fc.record({
      kind: fc.constant('add' as const),
      teamId,
      parentId: fc.option(teamId),
      managerId: fc.option(employeeId),
    }),
    fc.record({
      kind: fc.constant('drop' as const),
      employeeId,
      asManager: fc.boolean(),
      target: fc.oneof(
        fc.record({ kind: fc.constant('team' as const), teamId }),
        fc.record({ kind: fc.constant('managerSlot' as const), teamId }),
        fc.record({ kind: fc.constant('employee' as const), employeeId }),
        fc.constant({ kind: 'company' as const }),
      ),
    }),
  )

  it('every employee is in at most one team and no team lists a member twice', () => {
    const start = buildOrgStore(
      [1, 2, 3].map((id) => ({ id, name: `T${id}`, parentTeamId: id === 1 ? null : 1, managerId: null })),
      [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
        id,
        name: `E${id}`,
        teamId: (id % 3) + 1,
        managedTeamIds: [],
      })),
    )
    let nextId = 100
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        let s: OrgStore = start
        for (const o of ops) {
          if (o.kind === 'team') s = setEmployeeTeam(s, o.employeeId, o.teamId)
          else if (o.kind === 'manager') s = setTeamManager(s, o.teamId, o.managerId)
          else if (o.kind === 'parent') s = setTeamParent(s, o.teamId, o.parentId)
          else if (o.kind === 'remove') s = removeTeam(s, o.teamId)
          else if (o.kind === 'add') {
            const team = { id: o.teamId, name: 'New', parentTeamId: o.parentId, managerId: o.managerId }
            s = addTeam(s, { ...team, members: [], subTeams: [] })
          } else {
            const change = orgChartDrop(s, { employeeId: o.employeeId, asManager: o.asManager }, o.target)
            s = applyOrgChartChange(s, change, (name, parentTeamId) => ({
              id: nextId++,
              name,
              parentTeamId,
              managerId: null,
              members: [],
              subTeams: [],
            }))
          }
          expectConsistent(s)
        }
      }),
    )
  })
})
