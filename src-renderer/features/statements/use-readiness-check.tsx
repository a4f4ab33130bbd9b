import { useState, type ReactNode } from 'react'
import type { StatementScope } from '../../../src-shared/contract'
import { invoke } from '../../app/client'

/**
 * Before statements are generated or sent: when some of the batch's plans are not submitted or were
 * sent back, the dialog says how many and in which teams, and the user goes on or cancels (issue 36).
 */
export function useReadinessCheck(): {
  check: (scope: StatementScope, go: () => void, fail: (message: string) => void) => Promise<void>
  warning: ReactNode
} {
  const [pending, setPending] = useState<{ text: string; go: () => void } | null>(null)
  async function check(scope: StatementScope, go: () => void, fail: (message: string) => void) {
    const answer = await invoke('statements.readiness', { scope })
    if (!answer.ok) return fail(answer.error.message)
    if (answer.value.warning === null) return go()
    setPending({ text: answer.value.warning, go })
  }
  const warning = pending && (
    <div className="statement-generate__warning" role="alert" data-testid="statements-unsubmitted">
      <p>{pending.text}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          setPending(null)
          pending.go()
        }}
        data-testid="unsubmitted-go-on"
      >
        Go on anyway
      </button>{' '}
      <button
        type="button"
        className="button"
        onClick={() => setPending(null)}
        data-testid="unsubmitted-cancel"
      >
        Cancel
      </button>
    </div>
  )
  return { check, warning }
}
