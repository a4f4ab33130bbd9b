import type { BudgetLevel } from '../../src-shared/contract'
import { BUDGET_TERM_HINTS, companyAllocated } from '../../src-shared/domain/team-budget'
import { demoBackend } from '../support/demo-backend'

// Issue 39: 'Allocated' on the company card shows the allocated amount once budgets are set (not '—'),
// and the budget terms carry a short explanation.
const { dispatcher } = demoBackend('allocated', 200)

async function level(): Promise<BudgetLevel> {
  const result = await dispatcher.dispatch('budgets.level', { teamId: null, offset: 0, limit: 200 })
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

describe("the company card's Allocated", () => {
  it('is the sum of the top teams’ budgets once one is set, and none before budgets or a matrix', async () => {
    const before = await level()
    expect(before.company.allocatedBudget).toBeNull()
    const top = before.tiles.find((t) => t.memberCount > 2) as BudgetLevel['tiles'][number]
    const saved = await dispatcher.dispatch('teams.setBudget', {
      teamId: top.id,
      budget: 250_000_00,
      currency: 'USD',
    })
    expect(saved.ok).toBe(true)
    const after = await level()
    const others = after.tiles.filter((t) => t.id !== top.id)
    expect(others.every((t) => t.budget === null && t.allocatedBudget === null)).toBe(true)
    expect(after.company.allocatedBudget).toBe(250_000_00)
  })

  it('counts a top team without a budget by its matrix allocations, and the matrix total before any budget', () => {
    expect(
      companyAllocated(
        [
          { budget: 100, allocated: 7 },
          { budget: null, allocated: 30 },
        ],
        999,
      ),
    ).toBe(130)
    expect(companyAllocated([{ budget: null, allocated: 30 }], 999)).toBe(999)
    expect(companyAllocated([{ budget: null, allocated: null }], null)).toBeNull()
  })
})

describe('budget terms are explained in place', () => {
  it('has a short explanation for Recommended, Calculated, Allocated and Budget Used', () => {
    for (const term of ['Recommended', 'Calculated', 'Allocated', 'Budget Used'] as const) {
      expect(BUDGET_TERM_HINTS[term].length).toBeGreaterThan(20)
      expect(BUDGET_TERM_HINTS[term].length).toBeLessThan(200)
    }
  })
})
