import { buildTeamTree, holdsTeam } from '../../../src-shared/domain/hierarchy'

describe('team tree: roots in the order given, cycles cut at their lowest id', () => {
  it('a team whose parent names no team is a root where it is listed, before a later root of lower id', () => {
    const tree = buildTeamTree([
      { id: 5, parentTeamId: 99 },
      { id: 1, parentTeamId: null },
    ])
    expect(tree.roots).toEqual([5, 1])
    expect(tree.order).toEqual([5, 1])
    expect(tree.parent.get(5)).toBeNull()
  })

  it('a team listed before its parent is still its child, not a root', () => {
    const tree = buildTeamTree([
      { id: 2, parentTeamId: 1 },
      { id: 1, parentTeamId: null },
    ])
    expect(tree.roots).toEqual([1])
    expect(tree.parent.get(2)).toBe(1)
    expect(tree.depth.get(2)).toBe(1)
  })

  it('each cycle is cut at its lowest id, whatever the order the teams come in', () => {
    const tree = buildTeamTree([
      { id: 9, parentTeamId: 5 },
      { id: 8, parentTeamId: 6 },
      { id: 6, parentTeamId: 8 },
      { id: 5, parentTeamId: 2 },
      { id: 2, parentTeamId: 9 },
    ])
    expect(tree.roots).toEqual([2, 6])
    expect(tree.order).toEqual([2, 5, 9, 6, 8])
    expect(tree.parent.get(5)).toBe(2)
    expect(tree.parent.get(8)).toBe(6)
  })
})

describe('spec §6: "a manager holds the team only if the manager\'s pay cycle equals the current pay cycle"', () => {
  it('a caller that tracks no current pay cycle lets every manager hold their teams', () => {
    expect(holdsTeam({ payCycleId: 3 }, undefined)).toBe(true)
    expect(holdsTeam({ payCycleId: null }, undefined)).toBe(true)
    expect(holdsTeam({ payCycleId: 3 }, 4)).toBe(false)
  })
})
