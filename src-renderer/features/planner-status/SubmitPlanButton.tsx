import './planner-status.css'
import { useState } from 'react'
import { refreshSubmissions } from '../../app/data-thunks'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSyncApplied } from '../../app/use-sync-applied'
import { useChannel } from '../hyperbalance/use-budget-level'
import { SentBackNotice } from './SentBackNotice'
import { SubmitPlanDialog } from './SubmitPlanDialog'

/**
 * The planner's own 'Submit' on the Compensation Table (PlannerSubmit), or 'Submitted' once done;
 * nothing for a user who plans no team.
 */
export function SubmitPlanButton() {
  const status = useChannel('plannerStatus.tree', { teamId: null, depth: 0 })
  const [open, setOpen] = useState(false)
  const dispatch = useAppDispatch()
  const me = useAppSelector((state) => state.session.info?.user?.employeeId ?? null)
  // A submission or a send-back made on another desktop reaches this replica.
  useSyncApplied((applied) => {
    if (!applied.submissionsChanged) return
    status.reload()
    void dispatch(refreshSubmissions())
  })
  const mine = (status.value?.tops ?? []).filter((card) => me !== null && card.plannerId === me)
  if (!mine.some((card) => card.canSubmit)) {
    return mine.some((card) => card.submission) ? (
      <span className="submitted-badge" data-testid="plan-submitted">
        Submitted
      </span>
    ) : null
  }
  return (
    <>
      <SentBackNotice />
      <button
        type="button"
        className="button button--primary"
        onClick={() => setOpen(true)}
        data-testid="submit-plan"
      >
        Submit
      </button>
      {open && (
        <SubmitPlanDialog
          mode={{ kind: 'own' }}
          onClose={(submitted) => {
            setOpen(false)
            if (submitted) {
              status.reload()
              void dispatch(refreshSubmissions())
            }
          }}
        />
      )}
    </>
  )
}
