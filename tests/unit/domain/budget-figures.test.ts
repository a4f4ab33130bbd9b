import {
  budgetFigureSums,
  calculatedBudget,
  teamBudgetFigures,
  type BudgetFigureEmployee,
} from '../../../src-shared/domain/budget-figures'
import { buildTeamTree } from '../../../src-shared/domain/hierarchy'

// docs/decisions.md "Calculated budget": the company merit budget shared by eligible payroll (company
// budget × the team's eligible payroll ÷ the company's, rounded to the cent per team; none without a
// company budget). "Recommended budget": the sum of the team's planned employees' saved matrix
// allocations, else the calculated budget.

// Company 1 → Sales 2 → Field 3; a second root, Ops 4. Rates are units per one USD: 1 USD = 0.5 EUR.
const TREE = buildTeamTree([
  { id: 1, parentTeamId: null },
  { id: 2, parentTeamId: 1 },
  { id: 3, parentTeamId: 2 },
  { id: 4, parentTeamId: null },
])
// No USD entry: the default currency maps to 1 by itself (spec §4 "Currency conversion").
const CURRENCY = { defaultCurrency: 'USD', rates: { EUR: 0.5 } }

function employee(over: Partial<BudgetFigureEmployee>): BudgetFigureEmployee {
  return {
    teamId: 1,
    currentAnnualPay: 0,
    payCurrency: 'USD',
    fullyProrated: false,
    allocated: null,
    ...over,
  }
}

describe('calculated budget: the company merit budget shared by eligible payroll', () => {
  it("is the team's share of the company budget, rounded to the cent", () => {
    // $10,000.00 × $300,000.00 / $900,000.00 = $3,333.333… → $3,333.33
    expect(calculatedBudget(1_000_000, 30_000_000, 90_000_000)).toBe(333_333)
    // 2 cents × 1/3 = 0.67 cent → 1 cent; 1 cent × 1/2 = half a cent → 1 cent
    expect(calculatedBudget(2, 1, 3)).toBe(1)
    expect(calculatedBudget(1, 1, 2)).toBe(1)
    expect(calculatedBudget(1_000_000, 90_000_000, 90_000_000)).toBe(1_000_000)
    expect(calculatedBudget(1_000_000, 0, 90_000_000)).toBe(0)
  })

  it('is none without a company budget, or when the company has no eligible payroll', () => {
    expect(calculatedBudget(null, 30_000_000, 90_000_000)).toBeNull()
    expect(calculatedBudget(1_000_000, 0, 0)).toBeNull()
    expect(calculatedBudget(1_000_000, 0, -1)).toBeNull()
    // A budget of zero is a budget: every team's share is zero.
    expect(calculatedBudget(0, 30_000_000, 90_000_000)).toBe(0)
  })
})

describe('budget figure sums over a team and every team below it', () => {
  const employees = [
    employee({ teamId: 3, currentAnnualPay: 5_000_000, allocated: 100_000 }),
    employee({ teamId: 3, currentAnnualPay: 2_000_000, payCurrency: 'EUR' }), // €20,000 = $40,000
    employee({ teamId: 2, currentAnnualPay: 7_000_000, fullyProrated: true, allocated: 50_000 }),
    employee({ teamId: 2, currentAnnualPay: 1_000_000 }),
    employee({ teamId: 4, currentAnnualPay: 3_000_000, allocated: 0 }),
    employee({ teamId: null, currentAnnualPay: 900_000, allocated: 7 }),
    employee({ teamId: 99, currentAnnualPay: 100_000 }), // a team outside the tree
  ]
  // Worked out inside each test: mutation testing switches a mutant on per test, not while collecting.
  let sums: ReturnType<typeof budgetFigureSums>
  beforeEach(() => {
    sums = budgetFigureSums(TREE, employees, CURRENCY)
  })

  it('counts direct members, and planned employees through every level', () => {
    expect(sums.memberCount.get(3)).toBe(2)
    expect(sums.memberCount.get(2)).toBe(2)
    expect(sums.memberCount.get(4)).toBe(1)
    expect(sums.memberCount.has(1)).toBe(false)
    expect(sums.memberCount.has(99)).toBe(false)
    expect([...sums.headcount]).toEqual([
      [1, 4],
      [2, 4],
      [3, 2],
      [4, 1],
    ])
    expect(sums.headcount.has(99)).toBe(false)
  })

  it('sums the eligible payroll in the default currency, leaving out the fully prorated', () => {
    expect(sums.eligiblePayroll.get(3)).toBe(5_000_000 + 4_000_000)
    expect(sums.eligiblePayroll.get(2)).toBe(9_000_000 + 1_000_000)
    expect(sums.eligiblePayroll.get(1)).toBe(10_000_000)
    expect(sums.eligiblePayroll.get(4)).toBe(3_000_000)
  })

  it('sums the saved allocations up the tree; a zero allocation is one, none stays none', () => {
    expect(sums.allocated.get(3)).toBe(100_000)
    // The fully prorated employee's allocation still counts: it is what the saved matrix gave.
    expect(sums.allocated.get(2)).toBe(150_000)
    expect(sums.allocated.get(1)).toBe(150_000)
    expect(sums.allocated.get(4)).toBe(0)
    const none = budgetFigureSums(TREE, [employee({ teamId: 3, currentAnnualPay: 100 })], CURRENCY)
    expect([...none.allocated.values()]).toEqual([null, null, null, null])
    expect(none.company.allocated).toBeNull()
    // A zero allocation below a team without its own is carried up as zero, not as none.
    const zero = budgetFigureSums(TREE, [employee({ teamId: 3, allocated: 0 })], CURRENCY)
    expect(zero.allocated.get(2)).toBe(0)
    expect(zero.allocated.get(1)).toBe(0)
    expect(zero.allocated.get(4)).toBeNull()
  })

  it("the company's figures count every employee, with a team or without", () => {
    expect(sums.company).toEqual({
      headcount: 7,
      eligiblePayroll: 5_000_000 + 4_000_000 + 1_000_000 + 3_000_000 + 900_000 + 100_000,
      allocated: 100_000 + 50_000 + 0 + 7,
      missingRates: { employees: 0, currencies: [] },
    })
  })

  it('an employee paid in a currency without a rate brings no payroll (conversion gives 0)', () => {
    const s = budgetFigureSums(
      TREE,
      [employee({ teamId: 4, currentAnnualPay: 500, payCurrency: 'GBP' })],
      CURRENCY,
    )
    expect(s.eligiblePayroll.get(4)).toBe(0)
    expect(s.headcount.get(4)).toBe(1)
  })
})

describe('team budget figures: calculated and recommended', () => {
  const employees = [
    employee({ teamId: 2, currentAnnualPay: 30_000_000, allocated: 400_000 }),
    employee({ teamId: 4, currentAnnualPay: 60_000_000 }),
    employee({ teamId: 3, currentAnnualPay: 0, allocated: 0 }),
  ]
  let sums: ReturnType<typeof budgetFigureSums>
  beforeEach(() => {
    sums = budgetFigureSums(TREE, employees, CURRENCY)
  })

  it('shares the company budget by eligible payroll; recommends the allocations, else the share', () => {
    const { calculated, recommended } = teamBudgetFigures([1, 2, 3, 4], sums, 1_000_000)
    expect([...calculated]).toEqual([
      [1, 333_333],
      [2, 333_333],
      [3, 0],
      [4, 666_667],
    ])
    expect([...recommended]).toEqual([
      [1, 400_000],
      [2, 400_000],
      [3, 0], // a zero allocation is recommended as zero, not replaced by the share
      [4, 666_667],
    ])
  })

  it('without a company budget only teams with allocations have a recommended budget', () => {
    const { calculated, recommended } = teamBudgetFigures([2, 4], sums, null)
    expect([...calculated]).toEqual([
      [2, null],
      [4, null],
    ])
    expect([...recommended]).toEqual([
      [2, 400_000],
      [4, null],
    ])
  })

  it('a team the sums do not know has no payroll: a zero share', () => {
    const { calculated, recommended } = teamBudgetFigures([42], sums, 1_000_000)
    expect(calculated.get(42)).toBe(0)
    expect(recommended.get(42)).toBe(0)
  })
})
