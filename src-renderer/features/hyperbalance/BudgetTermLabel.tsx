import { BUDGET_TERM_HINTS, type BudgetTerm } from '../../../src-shared/domain/team-budget'
import { Tooltip } from '../../components/tooltip'

/**
 * A budget term ('Recommended', 'Calculated', 'Allocated', 'Budget Used') with its short explanation
 * in place (issue 39): an info mark that shows it on hover or keyboard focus, and names it for
 * screen readers.
 */
export function BudgetTermLabel({ term }: { term: BudgetTerm }) {
  const hint = BUDGET_TERM_HINTS[term]
  return (
    <>
      {term}{' '}
      <Tooltip content={hint} delay={200} testId={`budget-term-hint-${term}`}>
        <span
          className="budget-term__info"
          tabIndex={0}
          role="note"
          aria-label={`${term}: ${hint}`}
          data-testid={`budget-term-${term}`}
        >
          ⓘ
        </span>
      </Tooltip>
    </>
  )
}
