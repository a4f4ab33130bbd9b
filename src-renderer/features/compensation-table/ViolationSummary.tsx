import { SeverityIcon } from './cells'
import type { TableSummary } from './use-table-data'

interface Props {
  summary: TableSummary | null
  onViewAll: () => void
}

/**
 * Above the table, two badges over every row the view matches: the pay problems (the worst one's icon
 * and colour, '1 error · 5 warnings') and, apart in a neutral colour, the rows waiting for a sub-planner's
 * submission ('495 waiting for sub-planners', issue 39); 'View All' for the table-violation panel; the
 * viewer's teams' budget violations ('Total pay exceeds your budget.').
 */
export function ViolationSummary({ summary, onViewAll }: Props) {
  if (!summary) return null
  const { violationCount, pay, waitingCount, teamViolations } = summary
  const budget = teamViolations.flatMap((team) =>
    team.violations.map((violation) => ({ team: team.name, teamId: team.teamId, violation })),
  )
  const payCount = pay.errorCount + pay.warningCount
  return (
    <div className="violation-summary">
      <span
        className={`violation-badge violation-badge--${pay.worstSeverity}`}
        data-testid="violation-badge"
        data-severity={pay.worstSeverity}
        data-count={payCount}
        role="status"
      >
        {pay.worstSeverity === 'none' ? (
          'No pay problems'
        ) : (
          <>
            <SeverityIcon severity={pay.worstSeverity} />
            {badgeText(pay.errorCount, pay.warningCount)}
          </>
        )}
      </span>
      {waitingCount > 0 && (
        <span
          className="violation-badge violation-badge--waiting"
          data-testid="waiting-badge"
          data-count={waitingCount}
          role="status"
        >
          {waitingText(waitingCount)}
        </span>
      )}
      {violationCount > 0 && (
        <button type="button" className="button button--link" data-testid="view-all" onClick={onViewAll}>
          View All
        </button>
      )}
      {budget.length > 0 && (
        <ul className="budget-violations" data-testid="budget-violations">
          {budget.map(({ team, teamId, violation }) => (
            <li key={`${teamId}:${violation.rule}`} className={`severity severity--${violation.severity}`}>
              <SeverityIcon severity={violation.severity} /> {team}: {violation.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The second badge: rows held up by a sub-planner, not a pay problem ('12 waiting for sub-planners'). */
export function waitingText(count: number): string {
  return `${count.toLocaleString('en-US')} waiting for ${count === 1 ? 'a sub-planner' : 'sub-planners'}`
}

/** '1 error · 500 warnings'; a severity with none is left out ('3 errors', '500 warnings'). */
export function badgeText(errors: number, warnings: number): string {
  const parts: string[] = []
  if (errors > 0) parts.push(counted(errors, 'error'))
  if (warnings > 0) parts.push(counted(warnings, 'warning'))
  return parts.join(' · ')
}

function counted(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`
}
