import { SeverityIcon } from './cells'
import type { TableSummary } from './use-table-data'

interface Props {
  summary: TableSummary | null
  onViewAll: () => void
}

/**
 * Above the table: the worst severity's icon and colour over every row the view matches and how
 * many errors and warnings they have ('1 error · 500 warnings'), 'View All' for the table-violation panel, and the viewer's teams' budget violations
 * ('Total pay exceeds your budget.').
 */
export function ViolationSummary({ summary, onViewAll }: Props) {
  if (!summary) return null
  const { worstSeverity, violationCount, errorCount, warningCount, teamViolations } = summary
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
            {badgeText(errorCount, warningCount)}
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
