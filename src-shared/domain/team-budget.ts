import { formatMoney, toCents, type Cents } from './money'
import { parseAmount } from './input-parsing'
import { buildTeamTree, DEFAULT_TEAM_NAME, descendantTeamIds, type TeamTree } from './hierarchy'
import { teamBudgetInDefaultCurrency, type CurrencyContext } from './violations'
import type { Severity } from './settings'

/**
 * Team tile budget checks, the manager budget view, and the budget input (planning document §5, §8).
 * Every budget is compared in the default currency: a team budget converts from its budget_currency;
 * calculated and recommended budgets are already in the default currency. Exceeding means strictly more.
 */

export type TeamBudgetStatus = 'error' | 'warning-calculated' | 'warning-recommended' | 'none'

export const CHILD_BUDGET_EXCEEDS_PARENT = "A child team's budget exceeds its parent budget"
export const CHILD_EXCEEDS_CALCULATED = 'A child team exceeds its current calculated budget'
export const CHILD_EXCEEDS_RECOMMENDED = 'A child team exceeds its recommended budget'
export const BUDGET_ERROR_TOOLTIP = 'Fix before HyperBalance Calculation'
export const BUDGET_WARNING_TOOLTIP = 'This may cause potential errors in HyperBalance Calculation'
export const TEAM_OVER_BUDGET = 'This team is over budget.'
export const CHILD_TEAM_OVER_BUDGET = 'A child team is over budget.'
export const BUDGET_INPUT_DISABLED_TOOLTIP = 'Input is disabled because the team has 2 or fewer members.'
/** Budget inputs need more than 2 members. */
export const MIN_MEMBERS_FOR_BUDGET = 3
export const COMPANY_LABEL = 'Company'
/** Issue 39: never 'NaN'; the editor says why in place. */
export const INVALID_BUDGET_TEXT = 'Not an amount'
export const NO_BUDGET_TEXT = 'No budget'

const nameOf = (name: string | null | undefined) => (name?.trim() ? name.trim() : DEFAULT_TEAM_NAME)

export function teamExceedsParentMessage(team: string | null, parent: string | null | undefined): string {
  const parentText = parent?.trim() ? `${parent.trim()}'s budget` : "parent teams' budget"
  return `${nameOf(team)}'s budget exceeds ${parentText}`
}
export function subteamsExceedMessage(team: string | null): string {
  return `Subteam budget exceeds ${nameOf(team)}'s budget`
}
export function exceedsCalculatedMessage(team: string | null): string {
  return `${nameOf(team)}'s budget exceeds its current calculated budget`
}
export function exceedsRecommendedMessage(team: string | null): string {
  return `${nameOf(team)}'s budget exceeds its recommended budget`
}

export interface BudgetTeam {
  id: number
  name: string | null
  parentTeamId: number | null
  budget: Cents | null
  budgetCurrency: string | null
  calculatedBudget: Cents | null
  recommendedBudget: Cents | null
}

export interface TeamBudgetCheck {
  status: TeamBudgetStatus
  errors: string[]
  warnings: string[]
  /** Errors first, then warnings. */
  messages: string[]
  tooltip: string | null
}

interface OwnFlags {
  error: boolean
  calculated: boolean
  recommended: boolean
}

export function budgetStatusTooltip(status: TeamBudgetStatus): string | null {
  if (status === 'error') return BUDGET_ERROR_TOOLTIP
  return status === 'none' ? null : BUDGET_WARNING_TOOLTIP
}

/**
 * Checks every tile at once in O(teams). A team's own errors: its budget exceeds its parent's, or its
 * sub-teams' budgets together exceed its own. Own warnings: its budget exceeds its calculated or its
 * recommended budget. The child messages appear when any team below (at any depth) has that problem.
 * Status: error, else warning-calculated, else warning-recommended, else none.
 */
export function teamBudgetChecks(
  teams: readonly BudgetTeam[],
  currency: CurrencyContext,
  tree: TeamTree = buildTeamTree(teams),
): Map<number, TeamBudgetCheck> {
  const byId = new Map(teams.map((t) => [t.id, t]))
  const budget = new Map(teams.map((t) => [t.id, teamBudgetInDefaultCurrency(t, currency)]))
  const own = new Map<number, OwnFlags>()
  const ownMessages = new Map<number, { errors: string[]; warnings: string[] }>()
  for (const team of teams) {
    const mine = budget.get(team.id) ?? null
    const parentId = tree.parent.get(team.id) ?? null
    const parentBudget = parentId == null ? null : (budget.get(parentId) ?? null)
    let childSum: Cents | null = null
    for (const childId of tree.children.get(team.id) ?? []) {
      const childBudget = budget.get(childId)
      if (childBudget != null) childSum = (childSum ?? 0) + childBudget
    }
    const errors: string[] = []
    const warnings: string[] = []
    if (mine != null && parentBudget != null && mine > parentBudget) {
      errors.push(teamExceedsParentMessage(team.name, parentId == null ? null : byId.get(parentId)?.name))
    }
    if (mine != null && childSum != null && childSum > mine) errors.push(subteamsExceedMessage(team.name))
    const calculated = mine != null && team.calculatedBudget != null && mine > team.calculatedBudget
    const recommended = mine != null && team.recommendedBudget != null && mine > team.recommendedBudget
    if (calculated) warnings.push(exceedsCalculatedMessage(team.name))
    if (recommended) warnings.push(exceedsRecommendedMessage(team.name))
    own.set(team.id, { error: errors.length > 0, calculated, recommended })
    ownMessages.set(team.id, { errors, warnings })
  }
  // Below: whether any strict descendant has each flag, children before parents.
  const below = new Map<number, OwnFlags>()
  for (let i = tree.order.length - 1; i >= 0; i--) {
    const id = tree.order[i]
    const flags = { error: false, calculated: false, recommended: false }
    for (const childId of tree.children.get(id) ?? []) {
      const childOwn = own.get(childId)
      const childBelow = below.get(childId)
      for (const key of ['error', 'calculated', 'recommended'] as const) {
        flags[key] ||= Boolean(childOwn?.[key] || childBelow?.[key])
      }
    }
    below.set(id, flags)
  }
  const result = new Map<number, TeamBudgetCheck>()
  for (const team of teams) {
    const { errors, warnings } = ownMessages.get(team.id) ?? { errors: [], warnings: [] }
    const under = below.get(team.id)
    if (under?.error) errors.push(CHILD_BUDGET_EXCEEDS_PARENT)
    if (under?.calculated) warnings.push(CHILD_EXCEEDS_CALCULATED)
    if (under?.recommended) warnings.push(CHILD_EXCEEDS_RECOMMENDED)
    const flags = own.get(team.id)
    const status: TeamBudgetStatus =
      errors.length > 0
        ? 'error'
        : flags?.calculated || under?.calculated
          ? 'warning-calculated'
          : warnings.length > 0
            ? 'warning-recommended'
            : 'none'
    result.set(team.id, {
      status,
      errors,
      warnings,
      messages: [...errors, ...warnings],
      tooltip: budgetStatusTooltip(status),
    })
  }
  return result
}

// ── Manager budget view ─────────────────────────────────────────────────────────────────────────────

export interface ManagerBudgetView {
  givenBudget: Cents | null
  budgetUsed: Cents
  /** Given minus used; null without a given budget. */
  surplus: Cents | null
  alerts: { severity: Severity; message: string }[]
}

export interface TeamSpend {
  /** The budget the team was given (computed team budget), default currency. */
  given: Cents | null
  used: Cents
}

const overBudget = (spend: TeamSpend | undefined) => spend?.given != null && spend.used > spend.given

/** 'This team is over budget.' (error) when used exceeds given; 'A child team is over budget.' (warning) below. */
export function managerBudgetView(
  teamId: number,
  tree: TeamTree,
  spend: ReadonlyMap<number, TeamSpend>,
): ManagerBudgetView {
  const mine = spend.get(teamId) ?? { given: null, used: 0 }
  const alerts: ManagerBudgetView['alerts'] = []
  if (overBudget(mine)) alerts.push({ severity: 'error', message: TEAM_OVER_BUDGET })
  if (descendantTeamIds(tree, teamId).some((id) => overBudget(spend.get(id)))) {
    alerts.push({ severity: 'warning', message: CHILD_TEAM_OVER_BUDGET })
  }
  const surplus = mine.given == null ? null : mine.given - mine.used
  return { givenBudget: mine.given, budgetUsed: mine.used, surplus, alerts }
}

// ── Budget input ────────────────────────────────────────────────────────────────────────────────────

/** Disabled when the team has 2 or fewer members. */
export function budgetInputState(memberCount: number): { disabled: boolean; tooltip: string | null } {
  const disabled = memberCount < MIN_MEMBERS_FOR_BUDGET
  return { disabled, tooltip: disabled ? BUDGET_INPUT_DISABLED_TOOLTIP : null }
}

/**
 * A budget as typed, read with the one money parser (issue 39: '$', thousands separators, 'k' and
 * 'm' suffixes) in currency units, to cents; empty clears the budget (null); a negative or
 * anything else is refused with the parser's message, to show in place.
 */
export function readBudgetInput(
  text: string,
): { ok: true; cents: Cents | null } | { ok: false; message: string } {
  const parsed = parseAmount(text)
  if (!parsed.ok) return parsed
  return { ok: true, cents: parsed.value === null ? null : toCents(parsed.value) }
}

/** readBudgetInput's cents, NaN when refused (the CLI's flags). */
export function parseBudgetInput(text: string): Cents | null {
  const read = readBudgetInput(text)
  return read.ok ? read.cents : Number.NaN
}

export function isSavableBudget(value: Cents | null): boolean {
  return value === null || Number.isSafeInteger(value)
}

/** INVALID_BUDGET_TEXT for an invalid value, 'No budget' for none, else en-US money. */
export function budgetText(value: Cents | null, currency: string): string {
  if (value === null) return NO_BUDGET_TEXT
  return Number.isFinite(value) ? formatMoney(value, currency) : INVALID_BUDGET_TEXT
}

/** Success toast: 'Saved Budget for {team name or Company}'; no team means the pay cycle's company budget. */
export function savedBudgetMessage(team: { name: string | null } | null): string {
  return `Saved Budget for ${team ? nameOf(team.name) : COMPANY_LABEL}`
}

/**
 * Issue 39: the budget views' terms, explained where they are shown (an info tip beside each).
 * 'Allocated' on the company card is `companyAllocated`.
 */
export const BUDGET_TERM_HINTS = {
  Recommended:
    'What HyperBalance suggests for this team: the saved merit matrix’s increases for its employees, or the Calculated budget before a matrix is saved.',
  Calculated:
    'The company merit budget shared out by eligible payroll: this team’s share of the budget, in proportion to the pay of its employees eligible for an increase.',
  Allocated:
    'The part of the company merit budget handed to teams: the budgets set on the top teams (a team without one counts what the saved matrix gives its employees).',
  'Budget Used':
    'The increases planned so far (plus lump sums and bonus changes where they count against the budget).',
} as const

export type BudgetTerm = keyof typeof BUDGET_TERM_HINTS

/**
 * The company card's 'Allocated' (issue 39): once a budget is set on a top team, the sum of the top
 * teams' budgets (in the default currency; a top team without one counts what the saved matrix
 * allocated to its employees); before any, the matrix's allocations over the company (null before
 * a matrix is saved).
 */
export function companyAllocated(
  topTeams: Iterable<{ budget: Cents | null; allocated: Cents | null }>,
  matrixAllocated: Cents | null,
): Cents | null {
  const teams = [...topTeams]
  if (!teams.some((team) => team.budget !== null)) return matrixAllocated
  let total: Cents = 0
  for (const team of teams) total += team.budget ?? team.allocated ?? 0
  return total
}
