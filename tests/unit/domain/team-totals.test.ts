import fc from 'fast-check'
import type { EmployeeDto, PayRangeDto, RewardDto, TeamDto } from '../../../src-shared/contract/dto'
import { buildOrgStore } from '../../../src-shared/domain/org-chart'
import type { bonusInputs, ProrationEmployee } from '../../../src-shared/domain/proration'
import type { BudgetTeam } from '../../../src-shared/domain/team-budget'
import { buildTeamTree, type PlanningTeam } from '../../../src-shared/domain/hierarchy'
import {
  salaryHomeTeams,
  teamTotals,
  type TeamTotalsInput,
  type TotalsEmployee,
  type TotalsReward,
  type TotalsTeam,
} from '../../../src-shared/domain/team-totals'
import {
  aboveBudgetViolation,
  type CurrencyContext,
  type PlanPayRange,
} from '../../../src-shared/domain/violations'

const usd: CurrencyContext = { defaultCurrency: 'USD', rates: { EUR: 0.5 } }
const settings = { includeLumpSum: true, bonusOnTotalCashBasis: false }
const person = (
  id: number,
  teamId: number | null,
  salary: number,
  over: Partial<TotalsEmployee> = {},
): TotalsEmployee => ({
  id,
  teamId,
  currentSalary: salary,
  salaried: true,
  fte: 1,
  defaultPayCurrency: 'USD',
  ...over,
})
const reward = (over: Partial<TotalsReward> = {}): TotalsReward => ({
  newSalary: null,
  lumpSum: null,
  newDollarBonus: null,
  newPercentBonus: null,
  performanceRating: null,
  ...over,
})
const teamRow = (
  id: number,
  parentTeamId: number | null,
  managerId: number | null,
  over: Partial<TotalsTeam> = {},
): TotalsTeam => ({
  id,
  parentTeamId,
  managerId,
  budget: null,
  budgetCurrency: null,
  ...over,
})

// Root (1, Ceo 10) → Team (2, Mia 20 who is a member of Root). Team members Ann 30, Bob 31; Root members Mia 20, Cal 32.
const teams = [teamRow(1, null, 10), teamRow(2, 1, 20, { budget: 10_000_00, budgetCurrency: 'EUR' })]
const employees = [
  person(10, null, 300_000_00),
  person(20, 1, 150_000_00),
  person(30, 2, 100_000_00),
  person(31, 2, 80_000_00),
  person(32, 1, 90_000_00),
]
const rewards = new Map([
  [30, reward({ newSalary: 110_000_00, performanceRating: 3, hyperbalanceAnnualAllocatedBudget: 5_000_00 })],
  [31, reward({ newSalary: 85_000_00, performanceRating: 4 })],
  [20, reward({ newSalary: 165_000_00, performanceRating: 5 })],
  [32, reward({ lumpSum: 2_000_00, hyperbalanceAnnualAllocatedBudget: 7_000_00 })],
])
const run = (over: Partial<TeamTotalsInput> = {}) =>
  teamTotals({ teams, employees, rewards, settings, currency: usd, fullyProratedIds: new Set([31]), ...over })

describe('team salary total', () => {
  it('members + sub-team totals + the manager, excluding members who manage sub-teams', () => {
    const totals = run()
    expect(totals.get(2)?.salaryTotal).toBe(330_000_00) // Ann + Bob + Mia (manager)
    expect(totals.get(1)?.salaryTotal).toBe(720_000_00) // Cal + Team's 330k + Ceo; Mia not again
  })

  it('hourly pay counts as annual pay (fte 0.5) and other currencies are converted', () => {
    const extra = [
      ...employees,
      person(33, 2, 40_00, { salaried: false, fte: 0.5 }), // $41,600
      person(34, 2, 10_000_00, { defaultPayCurrency: 'EUR' }), // $20,000
    ]
    expect(run({ employees: extra }).get(2)?.salaryTotal).toBe(330_000_00 + 41_600_00 + 20_000_00)
  })

  it('a manager from another pay cycle does not hold the team and counts where they are a member', () => {
    const moved = employees.map((e) => (e.id === 20 ? { ...e, payCycleId: 1 } : { ...e, payCycleId: 2 }))
    const totals = run({ employees: moved, currentPayCycleId: 2 })
    expect(totals.get(2)?.salaryTotal).toBe(180_000_00)
    expect(totals.get(1)?.salaryTotal).toBe(720_000_00)
  })

  it('a manager of two teams is counted once, at the higher team', () => {
    const twoTeams = [...teams, teamRow(3, 2, 20)]
    const tree = buildTeamTree(twoTeams)
    expect(salaryHomeTeams(tree, twoTeams, employees).get(20)).toBe(2)
    expect(run({ teams: twoTeams }).get(1)?.salaryTotal).toBe(720_000_00)
  })
})

describe('planning totals', () => {
  it('payroll, eligible payroll and counts cover the members of the team and every team below', () => {
    const totals = run()
    expect(totals.get(2)).toMatchObject({
      totalPayroll: 180_000_00,
      totalEligiblePayroll: 100_000_00, // Bob is fully prorated
      subEmployeeCount: 2,
      eligibleSubEmployeeCount: 1,
      averagePerformanceRating: 3.5,
    })
    expect(totals.get(1)).toMatchObject({
      totalPayroll: 420_000_00,
      totalEligiblePayroll: 340_000_00,
      subEmployeeCount: 4,
      eligibleSubEmployeeCount: 3,
      averagePerformanceRating: 4,
    })
  })

  it('used budget sums planned increases and lump sums, as aboveBudgetExceeded does', () => {
    const totals = run()
    expect(totals.get(2)?.usedTeamBudget).toBe(15_000_00)
    expect(totals.get(1)?.usedTeamBudget).toBe(32_000_00)
    expect(
      run({ settings: { includeLumpSum: false, bonusOnTotalCashBasis: false } }).get(1)?.usedTeamBudget,
    ).toBe(30_000_00)
  })

  it('computed budget: the converted team budget, else the allocated budgets below, else null', () => {
    const totals = run()
    expect(totals.get(2)?.computedTeamBudget).toBe(20_000_00) // EUR 10,000 at 0.5
    expect(totals.get(1)?.computedTeamBudget).toBe(12_000_00) // allocated 5,000 + 7,000
    expect(run({ rewards: new Map() }).get(1)?.computedTeamBudget).toBeNull()
    expect(run({ rewards: new Map() }).get(1)?.averagePerformanceRating).toBeNull()
  })

  it('feeds aboveBudgetExceeded: exactly equal is not exceeded', () => {
    const rules = { plannerViolations: { aboveBudgetExceeded: 'error' as const } }
    const totals = run()
    expect(
      aboveBudgetViolation(totals.get(2)!.usedTeamBudget, totals.get(2)!.computedTeamBudget, rules),
    ).toBeNull()
    expect(
      aboveBudgetViolation(totals.get(1)!.usedTeamBudget, totals.get(1)!.computedTeamBudget, rules)?.message,
    ).toBe('Total pay exceeds your budget.')
    const exact = run({ teams: [teamRow(1, null, 10, { budget: 32_000_00 }), teams[1]] }).get(1)!
    expect(aboveBudgetViolation(exact.usedTeamBudget, exact.computedTeamBudget, rules)).toBeNull()
  })
})

describe('scale and double counting', () => {
  it('100,000 employees and 15,000 teams: every salary and spend counted once up the tree', () => {
    const bigTeams = Array.from({ length: 15_000 }, (_, i) =>
      teamRow(i + 1, i === 0 ? null : Math.floor(i / 5) + 1, 100_000 + i + 1),
    )
    const managers = bigTeams.map((t) => person(t.managerId!, t.parentTeamId, 150_000_00))
    const staff = Array.from({ length: 100_000 - managers.length }, (_, i) =>
      person(i + 1, (i % 15_000) + 1, 80_000_00),
    )
    const bigRewards = new Map(
      staff.map((e) => [e.id, reward({ newSalary: 82_000_00, performanceRating: 3 })]),
    )
    const totals = teamTotals({
      teams: bigTeams,
      employees: [...managers, ...staff],
      rewards: bigRewards,
      settings,
      currency: usd,
    })
    const root = totals.get(1)!
    expect(root.salaryTotal).toBe(15_000 * 150_000_00 + 85_000 * 80_000_00)
    expect(root.subEmployeeCount).toBe(100_000 - 1) // the top manager belongs to no team
    expect(root.usedTeamBudget).toBe(85_000 * 2_000_00)
  })

  const org = fc
    .record({
      parents: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
      people: fc.array(
        fc.record({
          team: fc.option(fc.nat()),
          salary: fc.integer({ min: 0, max: 1_000_000_00 }),
          manages: fc.option(fc.nat()),
        }),
        { maxLength: 30 },
      ),
    })
    .map(({ parents, people }) => {
      const managerOf = new Map<number, number>()
      people.forEach((p, i) => {
        if (p.manages != null) managerOf.set((p.manages % parents.length) + 1, i + 1)
      })
      const orgTeams = parents.map((p, i) =>
        teamRow(i + 1, i === 0 || p % 3 === 0 ? null : (p % i) + 1, managerOf.get(i + 1) ?? null),
      )
      const orgPeople = people.map((p, i) =>
        person(i + 1, p.team == null ? null : (p.team % parents.length) + 1, p.salary),
      )
      return { orgTeams, orgPeople }
    })

  it('property: roots add up to every placed employee exactly once', () => {
    fc.assert(
      fc.property(org, ({ orgTeams, orgPeople }) => {
        const totals = teamTotals({
          teams: orgTeams,
          employees: orgPeople,
          rewards: new Map(),
          settings,
          currency: usd,
        })
        const tree = buildTeamTree(orgTeams)
        const homes = salaryHomeTeams(tree, orgTeams, orgPeople)
        const sum = (pick: (id: number) => number) => tree.roots.reduce((s, id) => s + pick(id), 0)
        const housed = orgPeople.filter((p) => homes.has(p.id)).reduce((s, p) => s + p.currentSalary, 0)
        const members = orgPeople.filter((p) => p.teamId != null)
        expect(sum((id) => totals.get(id)!.salaryTotal)).toBe(housed)
        expect(sum((id) => totals.get(id)!.totalPayroll)).toBe(
          members.reduce((s, p) => s + p.currentSalary, 0),
        )
        expect(sum((id) => totals.get(id)!.subEmployeeCount)).toBe(members.length)
      }),
    )
  })
})

describe('contract DTOs fit the domain inputs', () => {
  it('employees, rewards, teams and pay ranges pass as they are (a type test: tsc fails when one stops fitting)', () => {
    expectTypeOf<EmployeeDto>().toExtend<TotalsEmployee>()
    expectTypeOf<EmployeeDto>().toExtend<ProrationEmployee>()
    expectTypeOf<RewardDto>().toExtend<TotalsReward>()
    expectTypeOf<RewardDto>().toExtend<Parameters<typeof bonusInputs>[1]>()
    expectTypeOf<TeamDto>().toExtend<TotalsTeam & BudgetTeam & PlanningTeam>()
    expectTypeOf<PayRangeDto>().toExtend<PlanPayRange>()
    expectTypeOf(buildOrgStore<TeamDto, EmployeeDto>).toBeCallableWith([], [])
  })
})
