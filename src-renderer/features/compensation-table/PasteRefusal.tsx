import { Modal } from '../../components/dialog/Modal'
import './paste-refusal.css'
import { MAX_LISTED_PROBLEMS, problemText } from './paste'
import type { PasteRefusal as Refusal } from './use-block-paste'

/**
 * The cells a paste refused (the others were pasted, or none could be); each one, by row of the pasted
 * block, employee and column header, with the reason. 'Copy the list' puts every line on the clipboard.
 */
export function PasteRefusal({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const shown = refusal.problems.slice(0, MAX_LISTED_PROBLEMS)
  const more = refusal.problems.length - shown.length
  const copy = () => void navigator.clipboard?.writeText(refusal.problems.map(problemText).join('\n'))
  return (
    <Modal
      title={refusal.applied ? 'Some cells were not pasted' : 'Nothing was pasted'}
      closing={false}
      onDismiss={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={copy} data-testid="paste-refusal-copy">
            Copy the list
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onClose}
            data-testid="paste-refusal-close"
            data-autofocus
          >
            OK
          </button>
        </>
      }
    >
      <div data-testid="paste-refusal">
        <p>{refusal.message}</p>
        <ul className="paste-problems">
          {shown.map((problem) => (
            <li key={`${problem.line}:${problem.column}`} data-testid="paste-problem">
              <span className="paste-problems__where">
                Row {problem.line} · {problem.employee} · {problem.column}:
              </span>{' '}
              <span className="paste-problems__reason">{problem.reason}</span>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <p className="muted">
            and {more.toLocaleString('en-US')} more {more === 1 ? 'cell' : 'cells'} (Copy the list has them
            all).
          </p>
        )}
      </div>
    </Modal>
  )
}
