/**
 * Statements for plans that are not final (issue 36): an employee whose planner has not submitted
 * (never submitted, or sent back) would get figures that may still change. Before generating or
 * sending, the user is told how many and in which teams, and chooses to go on or cancel.
 */
export interface UnsubmittedPlans {
  /** Employees in the batch whose plan is not submitted. */
  count: number
  /** Their teams, by name, in order ('No team' for employees without one). */
  teams: string[]
}

export const NO_TEAM = 'No team'

export function unsubmittedPlans(
  rows: Iterable<{ submitted: boolean; team: string | null }>,
): UnsubmittedPlans {
  let count = 0
  const teams = new Set<string>()
  for (const row of rows) {
    if (row.submitted) continue
    count++
    teams.add(row.team ?? NO_TEAM)
  }
  return { count, teams: [...teams].sort((a, b) => a.localeCompare(b)) }
}

/** The warning, or null when every plan in the batch is submitted. */
export function unsubmittedWarning(plans: UnsubmittedPlans): string | null {
  if (plans.count === 0) return null
  const who =
    plans.count === 1
      ? '1 employee has a plan'
      : `${plans.count.toLocaleString('en-US')} employees have plans`
  const where = plans.teams.length === 1 ? `team ${plans.teams[0]}` : `teams ${plans.teams.join(', ')}`
  return `${who} not submitted or sent back (${where}): their statements may show figures that still change.`
}
