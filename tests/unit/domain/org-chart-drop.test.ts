import {
  buildOrgStore,
  setTeamManager,
  setTeamParent,
  planOrgChartDrop,
  type OrgStore,
  type OrgTeam,
} from '../../../src-shared/domain/org-chart'

// Root (1, manager Ceo 10) → Eng (2, manager Mia 20, a member of Root) → Web (4, no manager) with Ann 30.
// Bob 31 is in Eng; Ops (3) is a second top-level team without manager or members.
const store = () =>
  buildOrgStore(
    [
      { id: 1, name: 'Root', parentTeamId: null, managerId: 10 },
      { id: 2, name: 'Eng', parentTeamId: 1, managerId: 20 },
      { id: 3, name: 'Ops', parentTeamId: null, managerId: null },
      { id: 4, name: 'Web', parentTeamId: 2, managerId: null },
    ],
    [
      { id: 10, name: 'Ceo', teamId: null, managedTeamIds: [] },
      { id: 20, name: 'Mia', teamId: 1, managedTeamIds: [] },
      { id: 30, name: 'Ann', teamId: 4, managedTeamIds: [] },
      { id: 31, name: 'Bob', teamId: 2, managedTeamIds: [] },
    ],
  )

let nextId = 100
const makeTeam = (name: string, parentTeamId: number | null): OrgTeam => ({
  id: nextId++,
  name,
  parentTeamId,
  managerId: null,
  members: [],
  subTeams: [],
})

const teamOf = (s: OrgStore, employeeId: number) => s.employees.get(employeeId)?.teamId
const parentOf = (s: OrgStore, teamId: number) => s.teams.get(teamId)?.parentTeamId

describe('a drop planned whole: a moved manager takes the teams they manage along', () => {
  it('an employee dropped on a team moves there, nothing else changes', () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 31, asManager: false },
      { kind: 'team', teamId: 3 },
      makeTeam,
    )
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.change).toEqual({ kind: 'setTeam', employeeId: 31, teamId: 3 })
    expect(teamOf(plan.next, 31)).toBe(3)
    expect(parentOf(plan.next, 2)).toBe(1)
  })

  it('a manager moved to another team takes the team they manage with them, and stays a member of its parent', () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 20, asManager: false },
      { kind: 'team', teamId: 3 },
      makeTeam,
    )
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(teamOf(plan.next, 20)).toBe(3)
    expect(parentOf(plan.next, 2)).toBe(3)
    expect(plan.next.teams.get(3)?.subTeams).toEqual([2])
    expect(plan.next.teams.get(1)?.subTeams).toEqual([])
  })

  it('a manager moved to no team takes their team to the top', () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 20, asManager: false },
      { kind: 'company' },
      makeTeam,
    )
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(teamOf(plan.next, 20)).toBeNull()
    expect(parentOf(plan.next, 2)).toBeNull()
  })
})

describe('a drop that would put someone inside a team they manage is refused, naming why', () => {
  it('into the team they manage', () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 20, asManager: false },
      { kind: 'team', teamId: 2 },
      makeTeam,
    )
    expect(plan).toEqual({
      ok: false,
      change: { kind: 'setTeam', employeeId: 20, teamId: 2 },
      reason: 'Mia manages Eng, which holds Eng: they cannot report inside their own team.',
    })
  })

  it('into a team below the one they manage', () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 20, asManager: false },
      { kind: 'team', teamId: 4 },
      makeTeam,
    )
    expect(plan.ok).toBe(false)
    if (plan.ok) return
    expect(plan.reason).toBe('Mia manages Eng, which holds Web: they cannot report inside their own team.')
  })

  it("into a new team ('{name}'s Team') created below the team they manage", () => {
    const plan = planOrgChartDrop(
      store(),
      { employeeId: 10, asManager: false },
      { kind: 'employee', employeeId: 30 },
      makeTeam,
    )
    expect(plan.change).toMatchObject({
      kind: 'createTeam',
      name: "Ann's Team",
      parentTeamId: 4,
      managerId: 30,
    })
    expect(plan.ok).toBe(false)
    if (plan.ok) return
    expect(plan.reason).toBe(
      "Ceo manages Root, which holds Ann's Team: they cannot report inside their own team.",
    )
  })

  it('is judged by whom the drop moves: someone already inside their own team elsewhere does not block it', () => {
    // Ceo manages Root yet sits in Eng (data as imported); moving Bob is still allowed.
    const s = buildOrgStore(
      [
        { id: 1, name: 'Root', parentTeamId: null, managerId: 10 },
        { id: 2, name: 'Eng', parentTeamId: 1, managerId: null },
        { id: 3, name: 'Ops', parentTeamId: null, managerId: null },
      ],
      [
        { id: 10, name: 'Ceo', teamId: 2, managedTeamIds: [] },
        { id: 31, name: 'Bob', teamId: 2, managedTeamIds: [] },
      ],
    )
    const plan = planOrgChartDrop(
      s,
      { employeeId: 31, asManager: false },
      { kind: 'team', teamId: 3 },
      makeTeam,
    )
    expect(plan.ok).toBe(true)
    // Ceo's own move inside Root's subtree is refused.
    const ceo = planOrgChartDrop(
      s,
      { employeeId: 10, asManager: false },
      { kind: 'team', teamId: 1 },
      makeTeam,
    )
    expect(ceo.ok).toBe(false)
  })
})

describe('store relations: changes that leave things as they were', () => {
  it('setting the parent a team already has keeps the order of its siblings', () => {
    const s = store()
    const withSibling = setTeamParent(s, 3, 1)
    expect(withSibling.teams.get(1)?.subTeams).toEqual([2, 3])
    expect(setTeamParent(withSibling, 2, 1).teams.get(1)?.subTeams).toEqual([2, 3])
  })

  it("a team's manager who is not a member of its old parent stays where they are when the team moves", () => {
    // Mia manages Eng (under Root) but sits in Ops; Eng moves to the top.
    const s = buildOrgStore(
      [
        { id: 1, name: 'Root', parentTeamId: null, managerId: null },
        { id: 2, name: 'Eng', parentTeamId: 1, managerId: 20 },
        { id: 3, name: 'Ops', parentTeamId: null, managerId: null },
      ],
      [{ id: 20, name: 'Mia', teamId: 3, managedTeamIds: [] }],
    )
    const moved = setTeamParent(s, 2, null)
    expect(moved.teams.get(2)?.parentTeamId).toBeNull()
    expect(moved.employees.get(20)?.teamId).toBe(3)
  })

  it('setting the manager a team already has changes nothing; an unknown manager is ignored', () => {
    const s = buildOrgStore(
      [
        { id: 1, name: 'Root', parentTeamId: null, managerId: null },
        { id: 2, name: 'Eng', parentTeamId: 1, managerId: 20 },
        { id: 3, name: 'Web', parentTeamId: 1, managerId: 20 },
      ],
      [{ id: 20, name: 'Mia', teamId: 1, managedTeamIds: [] }],
    )
    expect(s.employees.get(20)?.managedTeamIds).toEqual([2, 3])
    expect(setTeamManager(s, 2, 20).employees.get(20)?.managedTeamIds).toEqual([2, 3])
    const unknown = setTeamManager(s, 2, 999)
    expect(unknown.teams.get(2)?.managerId).toBe(20)
    expect(unknown.employees.get(20)?.managedTeamIds).toEqual([2, 3])
  })

  it('an employee whose team does not exist belongs to no team', () => {
    const s = buildOrgStore(
      [{ id: 1, name: 'Root', parentTeamId: null, managerId: null }],
      [{ id: 20, name: 'Mia', teamId: 99, managedTeamIds: [] }],
    )
    expect(s.employees.get(20)?.teamId).toBeNull()
  })
})

describe('a drop planned whole: what the moved person manages', () => {
  it('a team they manage that is not under their own team stays where it is', () => {
    // Mia manages Eng (under Root) but sits in Ops; moving her to Sales leaves Eng under Root.
    const s = buildOrgStore(
      [
        { id: 1, name: 'Root', parentTeamId: null, managerId: null },
        { id: 2, name: 'Eng', parentTeamId: 1, managerId: 20 },
        { id: 3, name: 'Ops', parentTeamId: null, managerId: null },
        { id: 5, name: 'Sales', parentTeamId: null, managerId: null },
      ],
      [{ id: 20, name: 'Mia', teamId: 3, managedTeamIds: [] }],
    )
    const plan = planOrgChartDrop(
      s,
      { employeeId: 20, asManager: false },
      { kind: 'team', teamId: 5 },
      makeTeam,
    )
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.next.teams.get(2)?.parentTeamId).toBe(1)
    expect(plan.next.employees.get(20)?.teamId).toBe(5)
  })

  it('made manager of a team inside a team they manage, staying where they sit: refused', () => {
    // Ceo manages Root and sits in Eng (data as imported); made manager of Web (under Eng) they stay in Eng.
    const s = buildOrgStore(
      [
        { id: 1, name: 'Root', parentTeamId: null, managerId: 10 },
        { id: 2, name: 'Eng', parentTeamId: 1, managerId: null },
        { id: 4, name: 'Web', parentTeamId: 2, managerId: null },
      ],
      [{ id: 10, name: 'Ceo', teamId: 2, managedTeamIds: [] }],
    )
    const plan = planOrgChartDrop(
      s,
      { employeeId: 10, asManager: true },
      { kind: 'managerSlot', teamId: 4 },
      makeTeam,
    )
    expect(plan.change).toEqual({ kind: 'setManager', teamId: 4, managerId: 10 })
    expect(plan.ok).toBe(false)
    if (plan.ok) return
    expect(plan.reason).toBe('Ceo manages Root, which holds Eng: they cannot report inside their own team.')
  })
})
