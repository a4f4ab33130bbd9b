import { inScope, planningScope, type ScopedTeam } from '../../../src-shared/domain/visibility'

// Company (1) ← Eng (2, managed by 10, planned by 20) ← Web (3, managed by 30); Sales (4) has nobody.
const teams: ScopedTeam[] = [
  { id: 1, parentTeamId: null, managerId: 1, plannerId: null },
  { id: 2, parentTeamId: 1, managerId: 10, plannerId: 20 },
  { id: 3, parentTeamId: 2, managerId: 30, plannerId: null },
  { id: 4, parentTeamId: 1, managerId: null, plannerId: null },
]

function ids(scope: ReturnType<typeof planningScope>): number[] | 'all' {
  return scope.all ? 'all' : [...scope.teamIds].sort((a, b) => a - b)
}

describe('whose rows a user sees and plans', () => {
  it('admin roles and the communications manager see the whole company', () => {
    for (const role of ['OWNER', 'ADMIN', 'SUPER_USER', 'COMM_MANAGER'] as const)
      expect(ids(planningScope(role, 99, teams))).toBe('all')
  })

  it('a manager sees the team they manage and every team below it, not the teams beside or above', () => {
    expect(ids(planningScope('MANAGER', 10, teams))).toEqual([2, 3])
    expect(ids(planningScope('MANAGER', 30, teams))).toEqual([3])
  })

  it("the team's planner sees it too, whoever manages it", () => {
    expect(ids(planningScope('PLANNER', 20, teams))).toEqual([2, 3])
  })

  it('a planner or manager who neither manages nor plans a team sees nobody', () => {
    expect(ids(planningScope('PLANNER', 77, teams))).toEqual([])
  })

  it('a user without an employee sees nobody, not the teams that have no manager or planner', () => {
    expect(ids(planningScope('MANAGER', null, teams))).toEqual([])
  })

  it('inScope: everyone for the whole company; else only the listed teams, never a row without a team', () => {
    expect(inScope({ all: true }, null)).toBe(true)
    const scope = planningScope('MANAGER', 30, teams)
    expect(inScope(scope, 3)).toBe(true)
    expect(inScope(scope, 2)).toBe(false)
    expect(inScope(scope, null)).toBe(false)
  })
})
