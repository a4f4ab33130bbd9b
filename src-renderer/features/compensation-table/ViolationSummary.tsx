import { SeverityIcon } from './cells'
import type { TableSummary } from './use-table-data'

interface Props {
  summary: TableSummary | null
  onViewAll: () => void
}

/**
 * Above the table: the worst severity over every row the view matches and how many violations
 * they have, 'View All' for the table-violation panel, and the viewer's teams' budget violations
 * ('Total pay exceeds your budget.').
 */
export function ViolationSummary({ summary, onViewAll }: Props) {
  if (!summary) return null
  const { worstSeverity, violationCount, teamViolations } = summary
  const budget = teamViolations.flatMap((team) =>
    team.violations.map((violation) => ({ team: team.name, teamId: team.teamId, violation })),
  )
  return (
    <div className="violation-summary">
      <span
        className={`violation-badge violation-badge--${worstSeverity}`}
        data-testid="violation-badge"
        data-severity={worstSeverity}
        data-count={violationCount}
        role="status"
      >
        {worstSeverity === 'none' ? (
          'No violations'
        ) : (
          <>
            <SeverityIcon severity={worstSeverity} />
            {violationCount.toLocaleString('en-US')} {violationCount === 1 ? 'violation' : 'violations'}
            {worstSeverity === 'error' ? ' (errors)' : ' (warnings)'}
          </>
        )}
      </span>
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
