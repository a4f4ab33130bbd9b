import { budgetFlow, type BudgetFlow, type FlowTeam } from '../../../src-shared/domain/budget-flow'

function teams(list: FlowTeam[]) {
  const byId = new Map(list.map((t) => [t.id, t]))
  return (id: number) => byId.get(id)
}

/** Links as 'source → target: value', by label. */
const described = (flow: BudgetFlow) =>
  flow.links.map((l) => `${flow.nodes[l.source].label} → ${flow.nodes[l.target].label}: ${l.value}`).sort()

describe('budget flow by team', () => {
  const tree = teams([
    { id: 1, name: 'A', budget: 600, used: 500, childIds: [11, 12] },
    { id: 11, name: 'A1', budget: 200, used: 250, childIds: [] },
    { id: 12, name: 'A2', budget: 300, used: 100, childIds: [] },
    { id: 2, name: 'B', budget: 300, used: 0, childIds: [] },
  ])

  it('from the company merit budget to teams, sub-teams, and what each keeps: used, remaining, beyond budget', () => {
    const flow = budgetFlow({ rootLabel: 'Acme', rootBudget: 1000, topIds: [2, 1], teamOf: tree })
    expect(described(flow)).toEqual(
      [
        'Acme → A: 600',
        'Acme → B: 300',
        'Acme → Not given to a team: 100',
        'A → A1: 200',
        'A → A2: 300',
        // A keeps 600 − 500 for its own members, who spend 500 − 350.
        'A → Used: 100',
        'A → Used beyond budget: 50',
        'A1 → Used: 200',
        'A1 → Used beyond budget: 50',
        'A2 → Used: 100',
        'A2 → Remaining: 200',
        'B → Remaining: 300',
      ].sort(),
    )
    expect(flow.nodes.filter((n) => n.kind === 'team').map((n) => [n.label, n.level])).toEqual([
      ['A', 1],
      ['A2', 2],
      ['A1', 2],
      ['B', 1],
    ])
    expect(flow.teamsShown).toBe(4)
  })

  it('"up to three team levels": deeper teams are part of their level-3 ancestor', () => {
    const deep = teams([
      { id: 1, name: 'L1', budget: 100, used: 40, childIds: [2] },
      { id: 2, name: 'L2', budget: 100, used: 40, childIds: [3] },
      { id: 3, name: 'L3', budget: 100, used: 40, childIds: [4] },
      { id: 4, name: 'L4', budget: 100, used: 40, childIds: [] },
    ])
    const flow = budgetFlow({ rootLabel: 'Co', rootBudget: null, topIds: [1], teamOf: deep })
    expect(flow.nodes.map((n) => n.label)).not.toContain('L4')
    expect(described(flow)).toContain('L3 → Used: 40')
    expect(described(flow)).toContain('L3 → Remaining: 60')
  })

  it("folds the smaller teams of a level into 'Other teams (n)'; teams with neither budget nor spend are left out", () => {
    const many = teams([
      { id: 1, name: 'Big', budget: 500, used: 0, childIds: [] },
      { id: 2, name: 'Mid', budget: 300, used: 100, childIds: [] },
      { id: 3, name: 'Small', budget: 100, used: 100, childIds: [] },
      { id: 4, name: 'Empty', budget: null, used: 0, childIds: [] },
    ])
    const flow = budgetFlow({
      rootLabel: 'Co',
      rootBudget: null,
      topIds: [1, 2, 3, 4],
      teamOf: many,
      teamsPerLevel: [1],
    })
    expect(described(flow)).toEqual(
      [
        'Co → Big: 500',
        'Co → Other teams (2): 400',
        'Big → Remaining: 500',
        'Other teams (2) → Used: 200',
        'Other teams (2) → Remaining: 200',
      ].sort(),
    )
    expect(flow).toMatchObject({ teamsShown: 1, teamsGrouped: 2 })
    // One team more than the room is drawn rather than folded alone.
    const two = budgetFlow({
      rootLabel: 'Co',
      rootBudget: null,
      topIds: [1, 2],
      teamOf: many,
      teamsPerLevel: [1],
    })
    expect(two.nodes.map((n) => n.label)).toEqual(expect.arrayContaining(['Big', 'Mid']))
  })
})
