import type { ConfirmDialogProps } from './dialog-slice'
import { Modal } from './Modal'

interface Props extends ConfirmDialogProps {
  closing: boolean
  onResult: (confirmed: boolean) => void
}

/** A yes/no question. Escape, the backdrop and Cancel answer no. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'default',
  closing,
  onResult,
}: Props) {
  return (
    <Modal
      title={title}
      closing={closing}
      onDismiss={() => onResult(false)}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => onResult(false)}
            data-testid="dialog-cancel"
            data-autofocus={tone === 'danger' ? true : undefined}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            onClick={() => onResult(true)}
            data-testid="dialog-confirm"
            data-autofocus={tone === 'danger' ? undefined : true}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  )
}
