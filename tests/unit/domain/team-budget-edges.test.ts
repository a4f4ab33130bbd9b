import { buildTeamTree } from '../../../src-shared/domain/hierarchy'
import {
  managerBudgetView,
  teamBudgetChecks,
  teamExceedsParentMessage,
} from '../../../src-shared/domain/team-budget'

// Planning spec §5 "Team budget checks" and the manager view, at edges mutation testing found.
describe('team budget messages and alerts', () => {
  it("names are trimmed: '{team}'s budget exceeds {parent}'s budget'", () => {
    expect(teamExceedsParentMessage(' Sales ', ' Company ')).toBe("Sales's budget exceeds Company's budget")
    expect(teamExceedsParentMessage(' ', '  ')).toBe("Unnamed Team's budget exceeds parent teams' budget")
  })

  it('a tile lists its errors, then its warnings', () => {
    const teams = [
      {
        id: 1,
        name: 'Company',
        parentTeamId: null,
        budget: 100,
        budgetCurrency: 'USD',
        calculatedBudget: null,
        recommendedBudget: null,
      },
      {
        id: 2,
        name: 'Sales',
        parentTeamId: 1,
        budget: 200,
        budgetCurrency: 'USD',
        calculatedBudget: 150,
        recommendedBudget: null,
      },
    ]
    expect(teamBudgetChecks(teams, { defaultCurrency: 'USD', rates: {} }).get(2)?.messages).toEqual([
      "Sales's budget exceeds Company's budget",
      "Sales's budget exceeds its current calculated budget",
    ])
  })

  it("'A child team is over budget.' when any one team below is, not only when all are", () => {
    const tree = buildTeamTree([
      { id: 1, parentTeamId: null },
      { id: 2, parentTeamId: 1 },
      { id: 3, parentTeamId: 1 },
    ])
    const spend = new Map([
      [1, { given: 1_000, used: 0 }],
      [2, { given: 100, used: 101 }],
      [3, { given: 100, used: 50 }],
    ])
    expect(managerBudgetView(1, tree, spend).alerts).toEqual([
      { severity: 'warning', message: 'A child team is over budget.' },
    ])
  })
})
