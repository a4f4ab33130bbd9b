import {
  activePlannerId,
  activePlannersByTeam,
  ancestorTeamIds,
  buildTeamTree,
  childTeamIds,
  DEFAULT_TEAM_NAME,
  descendantTeamIds,
  holdsTeam,
  isPlannerRowWaiting,
  teamDepth,
  teamHolderId,
  teamTreeRootIds,
  type PlanningTeam,
} from '../../../src-shared/domain/hierarchy'

// Company: 1 (manager 100) → 2 (manager 200) → 4 (manager 400); 1 → 3 (no manager); 5 is a second root.
const teams: PlanningTeam[] = [
  { id: 1, parentTeamId: null, managerId: 100 },
  { id: 2, parentTeamId: 1, managerId: 200 },
  { id: 3, parentTeamId: 1, managerId: null },
  { id: 4, parentTeamId: 2, managerId: 400 },
  { id: 5, parentTeamId: null, managerId: 500 },
]
const byId = new Map(teams.map((t) => [t.id, t]))
const tree = buildTeamTree(teams)

describe('team tree', () => {
  it("the default team name is 'Unnamed Team'", () => {
    expect(DEFAULT_TEAM_NAME).toBe('Unnamed Team')
  })

  it('children, roots, depth, ancestors and descendants', () => {
    expect(tree.roots).toEqual([1, 5])
    expect(childTeamIds(tree, 1)).toEqual([2, 3])
    expect(childTeamIds(tree, 4)).toEqual([])
    expect(teamDepth(tree, 1)).toBe(0)
    expect(teamDepth(tree, 4)).toBe(2)
    expect(teamDepth(tree, 99)).toBe(-1)
    expect(ancestorTeamIds(tree, 4)).toEqual([2, 1])
    expect(ancestorTeamIds(tree, 1)).toEqual([])
    expect(descendantTeamIds(tree, 1)).toEqual([2, 3, 4])
  })

  it('orders parents before children', () => {
    const position = new Map(tree.order.map((id, i) => [id, i]))
    for (const team of teams) {
      if (team.parentTeamId != null)
        expect(position.get(team.parentTeamId)).toBeLessThan(position.get(team.id)!)
    }
  })

  it('a missing parent makes a root; a parent cycle is cut at its lowest id', () => {
    const odd = buildTeamTree([
      { id: 10, parentTeamId: 99 },
      { id: 20, parentTeamId: 30 },
      { id: 30, parentTeamId: 20 },
      { id: 40, parentTeamId: 30 },
    ])
    expect(odd.roots).toEqual([10, 20])
    expect(ancestorTeamIds(odd, 40)).toEqual([30, 20])
    expect(odd.order).toHaveLength(4)
  })

  it('handles a 20,000-deep chain without recursion', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, parentTeamId: i === 0 ? null : i }))
    const deep = buildTeamTree(chain)
    expect(teamDepth(deep, 20_000)).toBe(19_999)
    expect(descendantTeamIds(deep, 1)).toHaveLength(19_999)
  })
})

describe('holding a team', () => {
  it("a manager holds the team only if the manager's pay cycle equals the current pay cycle", () => {
    expect(holdsTeam({ payCycleId: 2 }, 2)).toBe(true)
    expect(holdsTeam({ payCycleId: 1 }, 2)).toBe(false)
    expect(holdsTeam({ payCycleId: null }, 2)).toBe(false)
    expect(holdsTeam(undefined, 2)).toBe(false)
    expect(holdsTeam({}, 2)).toBe(true) // pay cycles not tracked
  })

  it('teamHolderId', () => {
    const employees = new Map([
      [100, { payCycleId: 2 }],
      [200, { payCycleId: 1 }],
    ])
    expect(teamHolderId(byId.get(1)!, employees, 2)).toBe(100)
    expect(teamHolderId(byId.get(2)!, employees, 2)).toBeNull()
    expect(teamHolderId(byId.get(3)!, employees, 2)).toBeNull()
  })
})

describe('planner waiting and the active planner', () => {
  it('the active planner is the manager of the nearest unsubmitted team', () => {
    expect(activePlannerId(4, byId, new Set())).toBe(400)
    expect(activePlannerId(4, byId, new Set([400]))).toBe(200)
    expect(activePlannerId(4, byId, new Set([400, 200]))).toBe(100)
    expect(activePlannerId(4, byId, new Set([400, 200, 100]))).toBeNull()
  })

  it('teams without a manager are passed over', () => {
    expect(activePlannerId(3, byId, new Set())).toBe(100)
    expect(activePlannerId(null, byId, new Set())).toBeNull()
  })

  it('a manager from another pay cycle does not hold the team', () => {
    const holder = (team: PlanningTeam) => (team.managerId === 400 ? null : team.managerId)
    expect(activePlannerId(4, byId, new Set(), holder)).toBe(200)
  })

  it('a row is waiting while an ancestor team has a manager who has not submitted', () => {
    expect(isPlannerRowWaiting(4, byId, new Set([400]))).toBe(true)
    expect(isPlannerRowWaiting(4, byId, new Set([400, 200, 100]))).toBe(false)
  })

  it('a parent cycle still ends', () => {
    const loop = new Map([
      [1, { id: 1, parentTeamId: 2, managerId: 10 }],
      [2, { id: 2, parentTeamId: 1, managerId: 20 }],
    ])
    expect(activePlannerId(1, loop, new Set([10, 20]))).toBeNull()
  })
})

describe('orphan teams: one effective hierarchy (docs/decisions.md)', () => {
  const holder = (byTeam: ReadonlyMap<number, PlanningTeam>) => (id: number) =>
    byTeam.get(id)?.managerId ?? null

  it('gives every team the same active planner as the walk from its own team', () => {
    for (const submitted of [
      new Set<number>(),
      new Set([400]),
      new Set([400, 200]),
      new Set([400, 200, 100]),
    ]) {
      const all = activePlannersByTeam(tree, holder(byId), submitted)
      for (const team of teams) expect(all.get(team.id)).toBe(activePlannerId(team.id, byId, submitted))
    }
  })

  it('a team without a manager is passed over: its rows wait for the nearest manager above', () => {
    const all = activePlannersByTeam(tree, holder(byId), new Set())
    expect(all.get(3)).toBe(100)
    expect(activePlannersByTeam(tree, holder(byId), new Set([100])).get(3)).toBeNull()
  })

  it('a team whose parent is missing is a top team: nothing above it is awaited', () => {
    const cut = [
      { id: 1, parentTeamId: null, managerId: 100 },
      { id: 2, parentTeamId: 99, managerId: 200 },
      { id: 3, parentTeamId: 2, managerId: null },
    ]
    const t = buildTeamTree(cut)
    expect(t.roots).toEqual([1, 2])
    const all = activePlannersByTeam(t, holder(new Map(cut.map((x) => [x.id, x]))), new Set([200]))
    expect(all.get(2)).toBeNull()
    expect(all.get(3)).toBeNull()
    expect(teamTreeRootIds(t, cut, null)).toEqual([1, 2])
  })

  it('a parent cycle is cut where the tree cuts it: rows wait only for planners shown above them', () => {
    // 20 → 30 → 20: the tree cuts at 20 (a root), so 30 is below 20 and 40 below 30.
    const loop = [
      { id: 20, parentTeamId: 30, managerId: 2 },
      { id: 30, parentTeamId: 20, managerId: 3 },
      { id: 40, parentTeamId: 30, managerId: 4 },
    ]
    const t = buildTeamTree(loop)
    const all = activePlannersByTeam(t, holder(new Map(loop.map((x) => [x.id, x]))), new Set([2, 4]))
    // Team 20's own manager submitted; 30 is below it, so 20's rows wait for nobody.
    expect(all.get(20)).toBeNull()
    expect(all.get(30)).toBe(3)
    expect(all.get(40)).toBe(3)
  })
})

describe('where the team tree starts', () => {
  it("from the employee's managed teams (not nested twice)", () => {
    const managesTwo = [...teams.filter((t) => t.id !== 4), { id: 4, parentTeamId: 2, managerId: 200 }]
    const t = buildTeamTree(managesTwo)
    expect(teamTreeRootIds(t, managesTwo, 200)).toEqual([2])
    expect(teamTreeRootIds(tree, teams, 400)).toEqual([4])
    expect(teamTreeRootIds(tree, teams, 999)).toEqual([])
  })

  it('from the teams without a parent when the user is not an employee', () => {
    expect(teamTreeRootIds(tree, teams, null)).toEqual([1, 5])
  })
})
