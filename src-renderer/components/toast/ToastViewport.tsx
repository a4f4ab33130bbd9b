import { useSelector } from 'react-redux'
import { selectToasts, type ToastKind, type WithToasts } from './toast-slice'
import './toast.css'

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', loading: '', info: 'i' }

/** The stack of toasts in the corner. Each toast is a `role="status"` live region. */
export function ToastViewport({ onDismiss }: { onDismiss: (id: string) => void }) {
  const toasts = useSelector((state: WithToasts) => selectToasts(state))
  return (
    <div className="toast-viewport" aria-label="Notifications">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          aria-live="polite"
          data-testid="toast"
          data-kind={toast.kind}
          data-phase={toast.phase}
          className={`toast toast--${toast.kind} toast--${toast.phase}`}
        >
          <span className="toast__icon" aria-hidden="true">
            {toast.kind === 'loading' ? <span className="spinner" /> : ICONS[toast.kind]}
          </span>
          <span className="toast__message">{toast.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
