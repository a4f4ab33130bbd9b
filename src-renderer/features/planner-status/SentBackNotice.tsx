import { historyStepText } from '../../../src-shared/domain/submissions'
import { useSyncApplied } from '../../app/use-sync-applied'
import { useChannel } from '../hyperbalance/use-budget-level'

/**
 * Issue 39: the planner's notice while HR has sent their plan back ("Your plan was sent back for
 * changes by … on …: <reason>"), with the submission's history a click away.
 */
export function SentBackNotice() {
  const history = useChannel('submissions.history', { plannerEmployeeId: null })
  const { reload } = history
  useSyncApplied((applied) => {
    if (applied.submissionsChanged) reload()
  })
  const value = history.value
  if (!value || value.sentBack === null) return null
  return (
    <span className="sent-back" role="status" data-testid="sent-back-notice">
      <span className="notice notice--warning sent-back__text" title={value.sentBack}>
        {value.sentBack}
      </span>
      <details className="sent-back__history">
        <summary>History</summary>
        <ol data-testid="submission-history">
          {value.steps.map((step, index) => (
            <li key={`${step.at}-${index}`}>
              <time dateTime={step.at}>{new Date(step.at).toLocaleString('en-US')}</time>{' '}
              {historyStepText(step)}
            </li>
          ))}
        </ol>
      </details>
    </span>
  )
}
