import './planner-status.css'
import { useEffect, useState } from 'react'
import type { ChannelOutput } from '../../../src-shared/contract'
import {
  COMMENTS_REQUIRED,
  FORCE_WORD,
  SUBMIT_FAILED,
  SUBMIT_WARNING,
  SUBMITTED,
  submitForFailed,
} from '../../../src-shared/domain/submissions'
import { textRefusal } from '../../../src-shared/domain/free-text'
import {
  morePayProblems,
  payProblemsHeading,
  SUBMIT_ANYWAY,
} from '../../../src-shared/domain/submit-pay-problems'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'

export type SubmitMode =
  { kind: 'own' } | { kind: 'force'; type: 'FORCE' | 'HR'; plannerId: number; plannerName: string }

/**
 * PlannerSubmit (one's own plan) and ForcePlannerSubmit (for a sub-planner, or by HR for anyone):
 * comments are required; a warning says choices get locked; forcing asks to type FORCE or HR.
 */
export function SubmitPlanDialog({
  mode,
  onClose,
}: {
  mode: SubmitMode
  onClose: (submitted: boolean) => void
}) {
  const toast = useToast()
  const [comments, setComments] = useState('')
  const [touched, setTouched] = useState(false)
  const [typed, setTyped] = useState('')
  const [loading, setLoading] = useState(false)
  const force = mode.kind === 'force' ? mode : null
  const word = force ? FORCE_WORD[force.type] : null
  const missing = comments.trim() === ''
  const unstorable = textRefusal('Comments', comments)
  const confirmed = word === null || typed.trim() === word
  const problems = useOwnPayProblems(mode.kind === 'own')
  const warned = problems !== null && problems.total > 0
  // Submit waits for the check, so the warning is never skipped by a quick click.
  const checking = mode.kind === 'own' && problems === null

  async function submit() {
    setTouched(true)
    if (missing || unstorable !== null || !confirmed) return
    setLoading(true)
    const result = await invoke('submissions.submit', {
      plannerEmployeeId: force ? force.plannerId : null,
      comments,
    })
    setLoading(false)
    if (!result.ok) {
      toast.error(result.error.message || (force ? submitForFailed(force.plannerName) : SUBMIT_FAILED))
      return
    }
    toast.success(SUBMITTED)
    onClose(true)
  }

  return (
    <Modal
      title={force ? `Force Submit for ${force.plannerName}` : 'Submit Pay Cycle'}
      closing={false}
      onDismiss={() => onClose(false)}
      footer={
        <>
          <button type="button" className="button" onClick={() => onClose(false)} disabled={loading}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void submit()}
            disabled={loading || checking || !confirmed || unstorable !== null}
            data-testid="submit-plan-confirm"
          >
            {loading ? 'Submitting…' : force ? 'Force Submit' : warned ? SUBMIT_ANYWAY : 'Submit'}
          </button>
        </>
      }
    >
      <p className="notice notice--warning" role="note">
        {SUBMIT_WARNING}
      </p>
      {warned && (
        <div className="notice notice--warning" role="alert" data-testid="submit-pay-problems">
          <p>{payProblemsHeading(problems.total)}</p>
          <ul>
            {problems.items.map((item, i) => (
              <li key={`${item.employeeId}-${i}`}>
                <strong>{item.employeeName}</strong>: {item.message}
              </li>
            ))}
          </ul>
          {morePayProblems(problems) && <p>{morePayProblems(problems)}</p>}
        </div>
      )}
      <label className="form__field">
        <span>Comments</span>
        <textarea
          className="text-input"
          rows={4}
          value={comments}
          required
          aria-invalid={(touched && missing) || unstorable !== null}
          onChange={(event) => setComments(event.target.value)}
          onBlur={() => setTouched(true)}
          data-testid="submit-plan-comments"
          data-autofocus
        />
        {unstorable !== null ? (
          <span className="field-error" role="alert" data-testid="submit-plan-comments-error">
            {unstorable}
          </span>
        ) : (
          touched &&
          missing && (
            <span className="field-error" role="alert">
              {COMMENTS_REQUIRED}
            </span>
          )
        )}
      </label>
      {word && (
        <label className="form__field">
          <span>
            Type <strong>{word}</strong> to submit for {force?.plannerName}
          </span>
          <input
            className="text-input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="submit-plan-word"
            autoComplete="off"
          />
        </label>
      )}
    </Modal>
  )
}

type PayProblems = ChannelOutput<'table.submitPayProblems'>

/** One's own plan's Error-level pay problems, asked once when the dialog opens (own Submit only). */
function useOwnPayProblems(own: boolean): PayProblems | null {
  const [problems, setProblems] = useState<PayProblems | null>(null)
  useEffect(() => {
    if (!own) return
    let live = true
    void invoke('table.submitPayProblems', {}).then((result) => {
      // A failed check does not block the submission: the table's badge still shows the problems.
      if (live) setProblems(result.ok ? result.value : { total: 0, items: [] })
    })
    return () => {
      live = false
    }
  }, [own])
  return problems
}
