/**
 * The budget flow diagram by team (spec §2.4 "shows up to three team levels"): the merit budget flows
 * to the top teams, each team's budget on to its sub-teams, and what a team keeps for its own members
 * ends as Used, Remaining or Used beyond budget. Amounts are cents of one currency.
 */

/** Spec §9: "Budget flow chart shows up to three team levels". */
export const BUDGET_FLOW_LEVELS = 3
/** Teams drawn per parent at each level; the rest are one 'Other teams' node (readable at 100,000 employees). */
export const BUDGET_FLOW_TEAMS_PER_LEVEL = [8, 5, 3] as const

export interface FlowTeam {
  id: number
  name: string
  /** The team's budget (its own, else allocated or calculated); null or 0 when it has none. */
  budget: number | null
  /** Planned spend of the team's members and every team below. */
  used: number
  childIds: readonly number[]
}

export interface BudgetFlowInput {
  rootLabel: string
  /** The company merit budget; null: the root passes on what its teams hold. */
  rootBudget: number | null
  topIds: readonly number[]
  /** Looked up only for the teams drawn and their children. */
  teamOf: (id: number) => FlowTeam | undefined
  levels?: number
  teamsPerLevel?: readonly number[]
}

export type FlowNodeKind = 'root' | 'team' | 'others' | 'used' | 'remaining' | 'over' | 'unallocated'

export interface FlowNode {
  label: string
  kind: FlowNodeKind
  /** 0 the root, 1..levels the teams; the end nodes have none. */
  level: number | null
  teamId: number | null
}

export interface FlowLink {
  source: number
  target: number
  value: number
}

export interface BudgetFlow {
  nodes: FlowNode[]
  links: FlowLink[]
  /** Teams drawn as their own node, and teams folded into 'Other teams' nodes. */
  teamsShown: number
  teamsGrouped: number
}

export const FLOW_END_LABELS: Record<'used' | 'remaining' | 'over' | 'unallocated', string> = {
  used: 'Used',
  remaining: 'Remaining',
  over: 'Used beyond budget',
  unallocated: 'Not given to a team',
}

interface Sums {
  budget: number
  used: number
}

export function budgetFlow(input: BudgetFlowInput): BudgetFlow {
  const levels = input.levels ?? BUDGET_FLOW_LEVELS
  const perLevel = input.teamsPerLevel ?? BUDGET_FLOW_TEAMS_PER_LEVEL
  const nodes: FlowNode[] = [{ label: input.rootLabel, kind: 'root', level: 0, teamId: null }]
  const links: FlowLink[] = []
  const ends = new Map<keyof typeof FLOW_END_LABELS, number>()
  let teamsShown = 0
  let teamsGrouped = 0

  const link = (source: number, target: number, value: number) => {
    if (value > 0) links.push({ source, target, value })
  }
  const end = (kind: keyof typeof FLOW_END_LABELS): number => {
    let index = ends.get(kind)
    if (index === undefined) {
      index = nodes.push({ label: FLOW_END_LABELS[kind], kind, level: null, teamId: null }) - 1
      ends.set(kind, index)
    }
    return index
  }
  /** What a node keeps for its own members ends as used, remaining, or used beyond its budget. */
  const spend = (from: number, budget: number, used: number) => {
    const available = Math.max(budget, 0)
    const spent = Math.max(used, 0)
    if (Math.min(available, spent) > 0) link(from, end('used'), Math.min(available, spent))
    if (available > spent) link(from, end('remaining'), available - spent)
    if (spent > available) link(from, end('over'), spent - available)
  }
  const sumsOf = (ids: readonly number[]): Sums => {
    const sums = { budget: 0, used: 0 }
    for (const id of ids) {
      const team = input.teamOf(id)
      sums.budget += Math.max(team?.budget ?? 0, 0)
      sums.used += team?.used ?? 0
    }
    return sums
  }

  const place = (parent: number, ids: readonly number[], level: number): void => {
    const teams = ids
      .map((id) => input.teamOf(id))
      .filter((t): t is FlowTeam => t !== undefined && ((t.budget ?? 0) > 0 || t.used > 0))
      .sort(
        (a, b) => (b.budget ?? 0) - (a.budget ?? 0) || a.name.localeCompare(b.name, 'en-US') || a.id - b.id,
      )
    const room = perLevel[Math.min(level - 1, perLevel.length - 1)] ?? teams.length
    // Folding a single team into 'Other teams' saves no room.
    const shown = teams.length === room + 1 ? teams : teams.slice(0, room)
    for (const team of shown) {
      const index = nodes.push({ label: team.name, kind: 'team', level, teamId: team.id }) - 1
      teamsShown++
      const budget = Math.max(team.budget ?? 0, 0)
      link(parent, index, budget)
      const children = level < levels ? team.childIds : []
      if (children.length > 0) {
        place(index, children, level + 1)
        const below = sumsOf(children)
        spend(index, budget - below.budget, team.used - below.used)
      } else {
        spend(index, budget, team.used)
      }
    }
    const rest = teams.slice(shown.length)
    if (rest.length > 0) {
      const label = `Other teams (${rest.length.toLocaleString('en-US')})`
      const index = nodes.push({ label, kind: 'others', level, teamId: null }) - 1
      teamsGrouped += rest.length
      const sums = sumsOf(rest.map((t) => t.id))
      link(parent, index, sums.budget)
      spend(index, sums.budget, sums.used)
    }
  }

  place(0, input.topIds, 1)
  const given = sumsOf(input.topIds).budget
  if (input.rootBudget !== null && input.rootBudget > given)
    link(0, end('unallocated'), input.rootBudget - given)
  return { nodes, links, teamsShown, teamsGrouped }
}
