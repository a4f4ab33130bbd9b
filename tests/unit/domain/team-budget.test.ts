import { buildTeamTree } from '../../../src-shared/domain/hierarchy'
import { NEGATIVE_AMOUNT_MESSAGE, notAnAmountMessage } from '../../../src-shared/domain/input-parsing'
import {
  budgetInputState,
  budgetStatusTooltip,
  budgetText,
  isSavableBudget,
  managerBudgetView,
  parseBudgetInput,
  readBudgetInput,
  savedBudgetMessage,
  teamBudgetChecks,
  type BudgetTeam,
  type TeamSpend,
} from '../../../src-shared/domain/team-budget'
import type { CurrencyContext } from '../../../src-shared/domain/violations'

const usd: CurrencyContext = { defaultCurrency: 'USD', rates: { EUR: 0.5 } }
const team = (
  id: number,
  name: string | null,
  parentTeamId: number | null,
  budget: number | null,
  over: Partial<BudgetTeam> = {},
): BudgetTeam => ({
  id,
  name,
  parentTeamId,
  budget,
  budgetCurrency: 'USD',
  calculatedBudget: null,
  recommendedBudget: null,
  ...over,
})
const check = (teams: BudgetTeam[], id: number) => teamBudgetChecks(teams, usd).get(id)!

describe('team tile errors', () => {
  it("'{team}'s budget exceeds {parent}'s budget', and the parent learns of it", () => {
    const teams = [team(1, 'Company', null, 1_000_00), team(2, 'Sales', 1, 1_000_01)]
    expect(check(teams, 2)).toMatchObject({
      status: 'error',
      errors: ["Sales's budget exceeds Company's budget"],
      tooltip: 'Fix before HyperBalance Calculation',
    })
    expect(check(teams, 1).errors).toEqual([
      "Subteam budget exceeds Company's budget",
      "A child team's budget exceeds its parent budget",
    ])
  })

  it("a parent without a name reads 'parent teams' budget'", () => {
    const teams = [team(1, '', null, 1_000_00), team(2, 'Sales', 1, 2_000_00)]
    expect(check(teams, 2).errors).toEqual(["Sales's budget exceeds parent teams' budget"])
  })

  it('a budget exactly equal to the parent budget is not exceeded', () => {
    const teams = [team(1, 'Company', null, 1_000_00), team(2, 'Sales', 1, 1_000_00)]
    expect(check(teams, 1)).toMatchObject({ status: 'none', messages: [], tooltip: null })
    expect(check(teams, 2).status).toBe('none')
  })

  it("'Subteam budget exceeds {team}'s budget' when the sub-teams together exceed it", () => {
    const teams = [team(1, 'Eng', null, 1_000_00), team(2, 'Web', 1, 600_00), team(3, 'App', 1, 400_01)]
    expect(check(teams, 1).errors).toEqual(["Subteam budget exceeds Eng's budget"])
    expect(check(teams, 2).status).toBe('none')
    teams[2].budget = 400_00
    expect(check(teams, 1).status).toBe('none')
  })

  it("an error two levels down shows as 'A child team's budget exceeds its parent budget' at the top", () => {
    const teams = [team(1, 'Top', null, null), team(2, 'Mid', 1, 500_00), team(3, 'Low', 2, 600_00)]
    expect(check(teams, 1)).toMatchObject({
      status: 'error',
      errors: ["A child team's budget exceeds its parent budget"],
    })
  })

  it('budgets are compared in the default currency (EUR 600 = USD 1,200 at 0.5)', () => {
    const teams = [team(1, 'Company', null, 1_000_00), team(2, 'Paris', 1, 600_00, { budgetCurrency: 'EUR' })]
    expect(check(teams, 2).errors).toEqual(["Paris's budget exceeds Company's budget"])
  })

  it('teams without budgets raise nothing', () => {
    const teams = [
      team(1, 'Company', null, null),
      team(2, 'Sales', 1, null, { calculatedBudget: 1, recommendedBudget: 1 }),
    ]
    expect(check(teams, 1).status).toBe('none')
    expect(check(teams, 2).status).toBe('none')
  })
})

describe('team tile warnings', () => {
  it("'{team}'s budget exceeds its current calculated budget' gives warning-calculated, up the tree too", () => {
    const teams = [
      team(1, 'Company', null, 10_000_00),
      team(2, 'Sales', 1, 500_00, { calculatedBudget: 400_00 }),
    ]
    expect(check(teams, 2)).toMatchObject({
      status: 'warning-calculated',
      warnings: ["Sales's budget exceeds its current calculated budget"],
      tooltip: 'This may cause potential errors in HyperBalance Calculation',
    })
    expect(check(teams, 1)).toMatchObject({
      status: 'warning-calculated',
      warnings: ['A child team exceeds its current calculated budget'],
    })
  })

  it("'{team}'s budget exceeds its recommended budget' gives warning-recommended", () => {
    const teams = [
      team(1, 'Company', null, 10_000_00),
      team(2, 'Sales', 1, 500_00, { recommendedBudget: 499_99 }),
    ]
    expect(check(teams, 2)).toMatchObject({
      status: 'warning-recommended',
      warnings: ["Sales's budget exceeds its recommended budget"],
    })
    expect(check(teams, 1)).toMatchObject({
      status: 'warning-recommended',
      warnings: ['A child team exceeds its recommended budget'],
    })
  })

  it('calculated wins over recommended; exactly equal is not exceeded; errors win over warnings', () => {
    const both = [team(1, 'Sales', null, 500_00, { calculatedBudget: 400_00, recommendedBudget: 400_00 })]
    expect(check(both, 1).status).toBe('warning-calculated')
    expect(check(both, 1).warnings).toHaveLength(2)
    const equal = [team(1, 'Sales', null, 500_00, { calculatedBudget: 500_00, recommendedBudget: 500_00 })]
    expect(check(equal, 1).status).toBe('none')
    const mixed = [team(1, 'Company', null, 100_00, { calculatedBudget: 1 }), team(2, 'Sales', 1, 200_00)]
    expect(check(mixed, 1).status).toBe('error')
  })

  it('tooltips by status', () => {
    expect(budgetStatusTooltip('error')).toBe('Fix before HyperBalance Calculation')
    expect(budgetStatusTooltip('warning-calculated')).toBe(
      'This may cause potential errors in HyperBalance Calculation',
    )
    expect(budgetStatusTooltip('warning-recommended')).toBe(
      'This may cause potential errors in HyperBalance Calculation',
    )
    expect(budgetStatusTooltip('none')).toBeNull()
  })

  it('checks 15,000 teams at once, each exactly once', () => {
    const many = Array.from({ length: 15_000 }, (_, i) =>
      team(i + 1, `T${i + 1}`, i === 0 ? null : Math.floor(i / 4) + 1, 1_000_00 - i),
    )
    const checks = teamBudgetChecks(many, usd)
    expect(checks.size).toBe(15_000)
  })
})

describe('manager budget view', () => {
  const tree = buildTeamTree([
    { id: 1, parentTeamId: null },
    { id: 2, parentTeamId: 1 },
  ])
  const spend = (mine: TeamSpend, child: TeamSpend) =>
    new Map([
      [1, mine],
      [2, child],
    ])

  it("'This team is over budget.' is an error", () => {
    const view = managerBudgetView(1, tree, spend({ given: 100_00, used: 100_01 }, { given: null, used: 0 }))
    expect(view).toEqual({
      givenBudget: 100_00,
      budgetUsed: 100_01,
      surplus: -1,
      alerts: [{ severity: 'error', message: 'This team is over budget.' }],
    })
  })

  it("'A child team is over budget.' is a warning", () => {
    const view = managerBudgetView(
      1,
      tree,
      spend({ given: 100_00, used: 50_00 }, { given: 10_00, used: 11_00 }),
    )
    expect(view.alerts).toEqual([{ severity: 'warning', message: 'A child team is over budget.' }])
    expect(view.surplus).toBe(50_00)
  })

  it('using exactly the budget is not over it; no budget means no surplus', () => {
    expect(
      managerBudgetView(1, tree, spend({ given: 100_00, used: 100_00 }, { given: 1, used: 1 })).alerts,
    ).toEqual([])
    expect(
      managerBudgetView(1, tree, spend({ given: null, used: 5 }, { given: null, used: 5 })).surplus,
    ).toBeNull()
  })
})

describe('budget input', () => {
  it("disabled with 2 or fewer members: 'Input is disabled because the team has 2 or fewer members.'", () => {
    expect(budgetInputState(2)).toEqual({
      disabled: true,
      tooltip: 'Input is disabled because the team has 2 or fewer members.',
    })
    expect(budgetInputState(0).disabled).toBe(true)
    expect(budgetInputState(3)).toEqual({ disabled: false, tooltip: null })
  })

  it('accepts a number or empty; empty clears the budget', () => {
    expect(parseBudgetInput('')).toBeNull()
    expect(parseBudgetInput('   ')).toBeNull()
    expect(parseBudgetInput('1,250.50')).toBe(125_050)
    expect(parseBudgetInput(' 0.07 ')).toBe(7)
    expect(parseBudgetInput('12')).toBe(1_200)
  })

  it("reads '$', thousands separators and k / m suffixes with the one money parser (issue 39)", () => {
    expect(parseBudgetInput('$2,000,000')).toBe(200_000_000)
    expect(parseBudgetInput('1.5m')).toBe(150_000_000)
    expect(parseBudgetInput('250k')).toBe(25_000_000)
    expect(readBudgetInput('-5000')).toEqual({ ok: false, message: NEGATIVE_AMOUNT_MESSAGE })
    expect(readBudgetInput('abc')).toEqual({ ok: false, message: notAnAmountMessage('abc') })
  })

  it('an invalid value is never shown as NaN and is not saved', () => {
    for (const text of ['abc', '-5', '1.2.3', '.', '$-5']) {
      const value = parseBudgetInput(text)
      expect(Number.isNaN(value)).toBe(true)
      expect(budgetText(value, 'USD')).toBe('Not an amount')
      expect(isSavableBudget(value)).toBe(false)
    }
    expect(isSavableBudget(null)).toBe(true)
    expect(budgetText(125_050, 'USD')).toBe('$1,250.50')
    expect(budgetText(null, 'USD')).toBe('No budget')
  })

  it("success toast 'Saved Budget for {team name or Company}'", () => {
    expect(savedBudgetMessage({ name: 'Engineering' })).toBe('Saved Budget for Engineering')
    expect(savedBudgetMessage(null)).toBe('Saved Budget for Company')
  })
})
