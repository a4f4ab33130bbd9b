import { useRef, useState } from 'react'
import type { StatementSendStep } from '../../../src-shared/contract'
import type { SendMethod } from '../../../src-shared/contract/statement-mail'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'
import { useReadinessCheck } from './use-readiness-check'
import { useStatementScope, WhoseStatements, type GenerateChoices } from './WhoseStatements'

/** Spec §8: the toast when e-mail could not be sent. */
export const EMAIL_FAILED = 'Failed to send email'

type Phase = 'choosing' | 'sending' | 'done' | 'cancelled' | 'failed'
const RESULTS_SHOWN = 200

/**
 * Send by e-mail through the company server: whose statements, attached as a PDF or as a personal
 * link; the server mails them a step at a time (progress, Cancel between steps), then each
 * employee's outcome.
 */
export function SendDialog({
  templateId,
  templateName,
  server,
  choices,
  onClose,
}: {
  templateId: number
  templateName: string
  server: string
  choices: GenerateChoices
  onClose: (sent: boolean) => void
}) {
  const toast = useToast()
  const readiness = useReadinessCheck()
  const whose = useStatementScope(choices)
  const [method, setMethod] = useState<SendMethod>('attachment')
  const [phase, setPhase] = useState<Phase>('choosing')
  const [progress, setProgress] = useState({ done: 0, total: 0, sent: 0, failed: 0 })
  const [results, setResults] = useState<StatementSendStep['results']>([])
  const [error, setError] = useState<string | null>(null)
  const cancelled = useRef(false)

  async function start() {
    const chosen = whose.scope()
    if (!chosen) return
    setError(null)
    await readiness.check(chosen, () => void send(chosen), setError)
  }

  async function send(chosen: NonNullable<ReturnType<typeof whose.scope>>) {
    cancelled.current = false
    setPhase('sending')
    setError(null)
    let offset = 0
    let total = Infinity
    let sent = 0
    let failed = 0
    while (offset < total) {
      if (cancelled.current) {
        setPhase('cancelled')
        toast.info(`Stopped: ${sent} of ${total} statements sent`)
        return
      }
      const answer = await invoke('statements.send', { templateId, scope: chosen, method, offset })
      if (!answer.ok) {
        setError(answer.error.message)
        setPhase('failed')
        toast.error(EMAIL_FAILED)
        return
      }
      const step = answer.value
      total = step.total
      offset = step.done
      sent += step.sent
      failed += step.failed
      setProgress({ done: step.done, total, sent, failed })
      setResults((r) => [...r, ...step.results])
    }
    setPhase('done')
    if (failed > 0) toast.error(EMAIL_FAILED)
    else toast.success(`Sent ${sent} statement${sent === 1 ? '' : 's'} by e-mail`)
  }

  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  const ended = phase === 'done' || phase === 'cancelled' || phase === 'failed'

  return (
    <Modal
      title={`Send by e-mail: ${templateName}`}
      closing={false}
      onDismiss={() => {
        if (phase !== 'sending') onClose(ended)
      }}
      footer={
        phase === 'sending' ? (
          <button
            type="button"
            className="button button--danger"
            onClick={() => (cancelled.current = true)}
            data-testid="send-cancel"
          >
            Cancel
          </button>
        ) : ended ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => onClose(true)}
            data-testid="send-close"
          >
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={() => onClose(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void start()}
              disabled={whose.scope() === null}
              data-testid="send-start"
            >
              Send
            </button>
          </>
        )
      }
    >
      {phase === 'choosing' && (
        <div className="form statement-generate" data-testid="send-form">
          {readiness.warning}
          <WhoseStatements choices={choices} state={whose} testId="send" />
          <fieldset>
            <legend>How</legend>
            <label>
              <input
                type="radio"
                checked={method === 'attachment'}
                onChange={() => setMethod('attachment')}
                data-testid="send-method-attachment"
              />{' '}
              The statement attached as a PDF (it cannot be recalled once mailed)
            </label>
            <label>
              <input
                type="radio"
                checked={method === 'link'}
                onChange={() => setMethod('link')}
                data-testid="send-method-link"
              />{' '}
              A personal link to the statement (works 30 days; you can revoke it)
            </label>
          </fieldset>
          <p className="muted">
            {server} mails each employee at the address it holds for them; an employee without one is listed
            as not sent.
          </p>
        </div>
      )}
      {phase !== 'choosing' && (
        <div className="statement-generate__progress" data-testid="send-progress" data-phase={phase}>
          <progress max={100} value={percent} aria-label="Statements sent" />
          <p data-testid="send-summary">
            {progress.total === 0
              ? 'Sending…'
              : `${progress.sent.toLocaleString('en-US')} sent, ${progress.failed.toLocaleString('en-US')} not sent, of ${progress.total.toLocaleString('en-US')}${phase === 'cancelled' ? ' (stopped)' : ''}`}
          </p>
          {error && (
            <p className="form__error" role="alert" data-testid="send-error">
              {error}
            </p>
          )}
          <ul className="statement-generate__files" data-testid="send-results">
            {results.slice(0, RESULTS_SHOWN).map((r) => (
              <li key={`${r.employeeId}`} data-testid="send-result" data-status={r.status}>
                {r.name}: {r.status === 'SENT' ? 'sent' : (r.detail ?? EMAIL_FAILED)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  )
}
