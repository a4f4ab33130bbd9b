import {
  evaluatePlan,
  type EvaluationEmployee,
  type EvaluationInput,
  type EvaluationReward,
  type EvaluationTeam,
} from '../../../src-shared/domain/plan-evaluation'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

// Every rule over a company at once: the row rules (spec §5 "Planner violations"), the active
// planner's submission (subPlannerNotSubmitted), proration, compa-ratio and position in range on the
// current range, the team tiles' budget checks and the aggregate aboveBudgetExceeded.

const employee = (id: number, name: string, over: Partial<EvaluationEmployee> = {}): EvaluationEmployee => ({
  id,
  name,
  teamId: 2,
  currentSalary: 10_000_000,
  salaried: true,
  fte: 1,
  defaultPayCurrency: 'USD',
  hireDate: '2020-01-01',
  previousIncreaseDate: null,
  jobProfileId: 1,
  ...over,
})
const reward = (employeeId: number, over: Partial<EvaluationReward> = {}): EvaluationReward => ({
  employeeId,
  newSalary: null,
  lumpSum: null,
  newDollarBonus: null,
  newPercentBonus: null,
  performanceRating: null,
  performancePlan: false,
  ...over,
})
const team = (
  id: number,
  parentTeamId: number | null,
  managerId: number | null,
  over: Partial<EvaluationTeam> = {},
) =>
  ({
    id,
    name: null,
    parentTeamId,
    managerId,
    budget: null,
    budgetCurrency: null,
    calculatedBudget: null,
    recommendedBudget: null,
    ...over,
  }) satisfies EvaluationTeam

// Company (1, Cy Chief) → Sales (2, Mia Lead). Range 1: $80k–$100k–$120k; range 2 (the promotion's):
// $120k–$140k–$160k.
function input(over: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    employees: [
      employee(10, 'Cy Chief', { teamId: null }),
      employee(20, 'Mia Lead', { teamId: 1 }),
      employee(30, 'Ann Above'),
      employee(31, 'Bob Promoted'),
      employee(32, 'Dee Lower'),
      employee(33, 'Eve New', { hireDate: '2026-03-01' }),
    ],
    rewards: [
      reward(30, { newSalary: 13_000_000 }),
      reward(31, { newSalary: 13_000_000, newJobProfileId: 2 }),
      reward(32, { newSalary: 9_000_000 }),
    ],
    jobProfiles: [
      { id: 1, payRangeId: 1 },
      { id: 2, payRangeId: 2 },
      { id: 3, payRangeId: null },
    ],
    payRanges: [
      { id: 1, minPay: 8_000_000, midPay: 10_000_000, maxPay: 12_000_000, payCurrency: 'USD' },
      { id: 2, minPay: 12_000_000, midPay: 14_000_000, maxPay: 16_000_000, payCurrency: 'USD' },
    ],
    teams: [team(1, null, 10, { name: 'Company' }), team(2, 1, 20, { name: 'Sales' })],
    submissions: [],
    payCycle: {
      id: 1,
      defaultCurrency: 'USD',
      currencyConversions: {},
      settings: {
        ...DEFAULT_SETTINGS,
        plannerViolations: {
          newSalaryIsAboveMaximumOfPayRange: 'warning',
          newSalaryIsBelowMinimumOfPayRange: 'error',
          subPlannerNotSubmitted: 'warning',
          aboveBudgetExceeded: 'error',
        },
        prorationRules: [
          { proration_value: 'hire_date', comparison: '>=', date: '2026-01-01', prorate_amount: 100 },
        ],
      },
    },
    viewerEmployeeId: 10,
    ...over,
  }
}

const WAITING_FOR_MIA = {
  rule: 'subPlannerNotSubmitted',
  severity: 'warning',
  message: 'Waiting for a submission from Mia Lead',
}

describe('a plan evaluated over the whole company', () => {
  it("each row's violations: the range rules, a negative change, and whose submission it waits for", () => {
    const { employees } = evaluatePlan(input())
    expect(employees.get(30)?.violations).toEqual([
      {
        rule: 'newSalaryIsAboveMaximumOfPayRange',
        severity: 'warning',
        message: 'New pay is above the maximum of the pay range.',
      },
      WAITING_FOR_MIA,
    ])
    expect(employees.get(30)?.severity).toBe('warning')
    // A promotion is checked against the new job profile's range: $130,000 is inside $120k–$160k.
    expect(employees.get(31)?.violations).toEqual([WAITING_FOR_MIA])
    expect(employees.get(32)?.violations).toEqual([
      { rule: 'negativePayChange', severity: 'error', message: 'Pay increase is negative.' },
      WAITING_FOR_MIA,
    ])
    expect(employees.get(32)?.severity).toBe('error')
    // Mia's own row waits for the Company's holder, who is the viewer: nothing to wait for.
    expect(employees.get(20)?.violations).toEqual([])
    expect(employees.get(20)?.severity).toBe('none')
    // No team: no planner.
    expect(employees.get(10)?.violations).toEqual([])
  })

  it('compa-ratio and position in range use the current range, also for a promotion', () => {
    const { employees } = evaluatePlan(input())
    expect(employees.get(31)?.compaRatio).toBe(1)
    expect(employees.get(31)?.positionInRange).toBe(0.5)
    const noRange = evaluatePlan(
      input({
        employees: [
          employee(40, 'No Range', { jobProfileId: 3 }),
          employee(41, 'No Profile', { jobProfileId: null }),
        ],
      }),
    )
    for (const id of [40, 41]) {
      expect(noRange.employees.get(id)?.compaRatio).toBeNull()
      expect(noRange.employees.get(id)?.positionInRange).toBeNull()
    }
  })

  it('a promotion to a profile without a range raises no range violation', () => {
    const { employees } = evaluatePlan(
      input({ rewards: [reward(30, { newSalary: 30_000_000, newJobProfileId: 3 })], viewerEmployeeId: 20 }),
    )
    expect(employees.get(30)?.violations).toEqual([])
  })

  it("a submission of this pay cycle ends the wait; another pay cycle's does not", () => {
    const other = evaluatePlan(input({ submissions: [{ plannerEmployeeId: 20, payCycleId: 2 }] }))
    expect(other.employees.get(30)?.violations).toContainEqual(WAITING_FOR_MIA)
    const done = evaluatePlan(input({ submissions: [{ plannerEmployeeId: 20, payCycleId: 1 }] }))
    // The next team up is held by the viewer: no wait.
    expect(done.employees.get(30)?.violations.map((v) => v.rule)).toEqual([
      'newSalaryIsAboveMaximumOfPayRange',
    ])
    // Viewed by someone else, the wait moves up to the Company's holder.
    const byMia = evaluatePlan(
      input({ submissions: [{ plannerEmployeeId: 20, payCycleId: 1 }], viewerEmployeeId: 20 }),
    )
    expect(byMia.employees.get(31)?.violations).toEqual([
      { ...WAITING_FOR_MIA, message: 'Waiting for a submission from Cy Chief' },
    ])
  })

  it('a fully prorated employee is ineligible and leaves the eligible payroll', () => {
    const { employees, teams } = evaluatePlan(input())
    expect(employees.get(33)?.proration.fullyProrated).toBe(true)
    expect(employees.get(30)?.proration.fullyProrated).toBe(false)
    const sales = teams.get(2)?.totals
    expect(sales?.subEmployeeCount).toBe(4)
    expect(sales?.eligibleSubEmployeeCount).toBe(3)
    expect(sales?.totalPayroll).toBe(40_000_000)
    expect(sales?.totalEligiblePayroll).toBe(30_000_000)
  })

  it("teams: the tile's budget checks and 'Total pay exceeds your budget.' when spending more than the budget", () => {
    const teams = [
      team(1, null, 10, { name: 'Company', budget: 1_000_000, budgetCurrency: 'USD' }),
      team(2, 1, 20, { name: 'Sales', budget: 2_000_000, budgetCurrency: 'USD' }),
    ]
    const result = evaluatePlan(input({ teams }))
    const sales = result.teams.get(2)
    expect(sales?.budgetCheck.errors).toEqual(["Sales's budget exceeds Company's budget"])
    expect(result.teams.get(1)?.budgetCheck.errors).toEqual([
      "Subteam budget exceeds Company's budget",
      "A child team's budget exceeds its parent budget",
    ])
    // Sales plans $30,000 + $30,000 of raises against a $20,000 budget; a pay cut spends nothing
    // (violations.ts plannedSpend) and frees nothing.
    expect(sales?.totals.usedTeamBudget).toBe(6_000_000)
    expect(sales?.violations).toEqual([
      { rule: 'aboveBudgetExceeded', severity: 'error', message: 'Total pay exceeds your budget.' },
    ])
    // Without a budget there is nothing to exceed.
    const open = evaluatePlan(input())
    expect(open.teams.get(2)?.violations).toEqual([])
    expect(open.teams.get(2)?.budgetCheck.status).toBe('none')
  })
})
