import { useState } from 'react'
import type { PayCycleChange, PayCycleDto } from '../../../src-shared/contract'
import { CLOSE_PAY_CYCLE_FAILED } from '../../../src-shared/domain/pay-cycles'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'

/**
 * ClosePayCycle (spec §2 dialogs): closing sets the active flag to false, which locks every planner
 * choice. 'Successfully closed pay cycle.' or 'Error Closing Pay Cycle'.
 */
export function ClosePayCycleDialog({
  cycle,
  onClose,
}: {
  cycle: PayCycleDto
  onClose: (change: PayCycleChange | null) => void
}) {
  const toast = useToast()
  const [closing, setClosing] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function confirm() {
    setClosing(true)
    const result = await invoke('payCycles.close', { id: cycle.id })
    setClosing(false)
    if (!result.ok) {
      toast.error(CLOSE_PAY_CYCLE_FAILED)
      setError(result.error.message)
      return
    }
    toast.success(result.value.message)
    onClose(result.value)
  }

  return (
    <Modal
      title="Close Pay Cycle"
      closing={false}
      onDismiss={() => onClose(null)}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => onClose(null)}
            disabled={closing}
            data-autofocus
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={closing}
            data-testid="close-pay-cycle-confirm"
          >
            {closing ? 'Closing…' : 'Close Pay Cycle'}
          </button>
        </>
      }
    >
      <p>
        Close <strong>{cycle.name}</strong>?
      </p>
      <p className="notice notice--warning" role="note">
        Closing locks every planner choice: salaries, bonuses, lump sums and comments can no longer change,
        and planners can no longer submit. The table, dashboards and budgets stay readable. To reopen it, open
        the configuration here and choose Save And Activate.
      </p>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  )
}
