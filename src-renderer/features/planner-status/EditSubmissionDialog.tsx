import './planner-status.css'
import { useState } from 'react'
import type { PlannerStatusCard } from '../../../src-shared/contract'
import {
  COMMENTS_REQUIRED,
  SEND_BACK,
  SEND_BACK_REASON_MAX,
  unsubmitForFailed,
} from '../../../src-shared/domain/submissions'
import { textRefusal } from '../../../src-shared/domain/free-text'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'

/** EditPlannerSubmission (admin roles, the pencil): edit the comments, or send the plan back for changes. */
export function EditSubmissionDialog({
  card,
  onClose,
}: {
  card: PlannerStatusCard
  onClose: (changed: boolean) => void
}) {
  const toast = useToast()
  const [comments, setComments] = useState(card.submission?.comments ?? '')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState<'save' | 'sendBack' | null>(null)
  const plannerId = card.plannerId as number
  const name = card.plannerName ?? card.name
  const missing = comments.trim() === ''
  const unstorable = textRefusal('Comments', comments)

  async function save() {
    if (missing || unstorable !== null) return
    setBusy('save')
    const result = await invoke('submissions.editComments', { plannerEmployeeId: plannerId, comments })
    setBusy(null)
    if (!result.ok) return toast.error(result.error.message)
    toast.success(`Saved the comments of ${name}'s submission`)
    onClose(true)
  }

  async function sendBack() {
    setBusy('sendBack')
    const result = await invoke('submissions.unsubmit', {
      plannerEmployeeId: plannerId,
      ...(reason.trim() ? { reason } : {}),
    })
    setBusy(null)
    if (!result.ok) return toast.error(result.error.message || unsubmitForFailed(name))
    toast.success(`Sent back to ${name} for changes`)
    onClose(true)
  }

  const submitted = card.submission
  return (
    <Modal
      title={`Submission of ${name}`}
      closing={false}
      onDismiss={() => onClose(false)}
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void sendBack()}
            disabled={busy !== null}
            data-testid="send-back"
          >
            {busy === 'sendBack' ? 'Sending back…' : SEND_BACK}
          </button>
          <button type="button" className="button" onClick={() => onClose(false)} disabled={busy !== null}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save()}
            disabled={busy !== null || missing || unstorable !== null}
            data-testid="save-submission"
          >
            {busy === 'save' ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      {submitted && (
        <p className="muted">
          {submitted.type === 'PLANNER' ? 'Submitted by the planner' : `Submitted as ${submitted.type}`} on{' '}
          {new Date(submitted.updatedAt).toLocaleString('en-US')}
        </p>
      )}
      <label className="form__field">
        <span>Comments</span>
        <textarea
          className="text-input"
          rows={4}
          value={comments}
          onChange={(event) => setComments(event.target.value)}
          data-testid="submission-comments"
          data-autofocus
        />
        {unstorable !== null ? (
          <span className="field-error" role="alert">
            {unstorable}
          </span>
        ) : (
          missing && <span className="field-error">{COMMENTS_REQUIRED}</span>
        )}
      </label>
      <label className="form__field">
        <span>Reason for sending back</span>
        <textarea
          className="text-input"
          rows={3}
          maxLength={SEND_BACK_REASON_MAX}
          value={reason}
          placeholder={`What should ${name} change? ${name} sees this on the Compensation Table.`}
          onChange={(event) => setReason(event.target.value)}
          data-testid="send-back-reason"
        />
      </label>
    </Modal>
  )
}
