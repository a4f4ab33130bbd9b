import { budgetFlow, type BudgetFlow, type FlowTeam } from '../../../src-shared/domain/budget-flow'

function teams(list: FlowTeam[]) {
  const byId = new Map(list.map((t) => [t.id, t]))
  return (id: number) => byId.get(id)
}

const described = (flow: BudgetFlow) =>
  flow.links.map((l) => `${flow.nodes[l.source].label} → ${flow.nodes[l.target].label}: ${l.value}`).sort()
const labels = (flow: BudgetFlow) => flow.nodes.map((n) => n.label)

describe('budget flow: only the ends that carry an amount are drawn', () => {
  it('a team spent to the cent ends only in Used: no Remaining, no Used beyond budget, no Not given to a team', () => {
    const exact = teams([{ id: 1, name: 'Sales', budget: 500, used: 500, childIds: [] }])
    const flow = budgetFlow({ rootLabel: 'Acme', rootBudget: 500, topIds: [1], teamOf: exact })
    expect(labels(flow)).toEqual(['Acme', 'Sales', 'Used'])
    expect(described(flow)).toEqual(['Acme → Sales: 500', 'Sales → Used: 500'])
  })

  it('a team with no budget that spends is drawn, its spend all beyond budget; no link of 0 to it', () => {
    const unbudgeted = teams([
      { id: 1, name: 'Ops', budget: null, used: 120, childIds: [] },
      { id: 2, name: 'Legal', budget: 0, used: 0, childIds: [] },
    ])
    const flow = budgetFlow({ rootLabel: 'Acme', rootBudget: null, topIds: [1, 2], teamOf: unbudgeted })
    expect(labels(flow)).toEqual(['Acme', 'Ops', 'Used beyond budget'])
    expect(described(flow)).toEqual(['Ops → Used beyond budget: 120'])
    expect(flow.links.every((l) => l.value > 0)).toBe(true)
  })

  it('a team that spends nothing ends only in Remaining; every end is one node, however many teams reach it', () => {
    const idle = teams([
      { id: 1, name: 'A', budget: 300, used: 0, childIds: [] },
      { id: 2, name: 'B', budget: 200, used: 0, childIds: [] },
    ])
    const flow = budgetFlow({ rootLabel: 'Acme', rootBudget: 500, topIds: [1, 2], teamOf: idle })
    expect(labels(flow)).toEqual(['Acme', 'A', 'Remaining', 'B'])
    expect(flow.nodes.filter((n) => n.kind === 'remaining')).toHaveLength(1)
    expect(flow.teamsGrouped).toBe(0)
  })

  it("teams of equal budget in name order, equal names by id; no 'Other teams' node when nothing is folded", () => {
    const tied = teams([
      { id: 5, name: 'Beta', budget: 100, used: 0, childIds: [] },
      { id: 9, name: 'Alpha', budget: 100, used: 0, childIds: [] },
      { id: 3, name: 'Alpha', budget: 100, used: 0, childIds: [] },
    ])
    const flow = budgetFlow({ rootLabel: 'Acme', rootBudget: 300, topIds: [5, 9, 3], teamOf: tied })
    expect(flow.nodes.filter((n) => n.kind === 'team').map((n) => n.teamId)).toEqual([3, 9, 5])
    expect(flow.nodes.some((n) => n.kind === 'others')).toBe(false)
  })
})

describe('budget flow: teams per level (8, 5, 3), the rest in one node', () => {
  const level = (prefix: string, count: number, budget: number, first: number): FlowTeam[] =>
    Array.from({ length: count }, (_, i) => ({
      id: first + i,
      name: `${prefix}${String(i).padStart(2, '0')}`,
      budget: budget - i,
      used: 0,
      childIds: [],
    }))

  it('10 top teams: 8 drawn, "Other teams (2)"', () => {
    const top = level('T', 10, 100, 1)
    const flow = budgetFlow({
      rootLabel: 'Acme',
      rootBudget: null,
      topIds: top.map((t) => t.id),
      teamOf: teams(top),
    })
    expect(flow.nodes.filter((n) => n.kind === 'team')).toHaveLength(8)
    expect(labels(flow)).toContain('Other teams (2)')
    expect(flow).toMatchObject({ teamsShown: 8, teamsGrouped: 2 })
  })

  it('below the last of the per-level counts, the last count holds: 3 of 5 at a fourth level', () => {
    const leaves = level('L', 5, 50, 100)
    const chain: FlowTeam[] = [
      { id: 1, name: 'One', budget: 1000, used: 0, childIds: [2] },
      { id: 2, name: 'Two', budget: 1000, used: 0, childIds: [3] },
      { id: 3, name: 'Three', budget: 1000, used: 0, childIds: leaves.map((t) => t.id) },
      ...leaves,
    ]
    const flow = budgetFlow({
      rootLabel: 'Acme',
      rootBudget: null,
      topIds: [1],
      teamOf: teams(chain),
      levels: 4,
    })
    expect(flow.nodes.filter((n) => n.kind === 'team' && n.level === 4).map((n) => n.label)).toEqual([
      'L00',
      'L01',
      'L02',
    ])
    expect(labels(flow)).toContain('Other teams (2)')
  })
})
