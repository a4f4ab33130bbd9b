import { useEffect, useId, useRef, type ReactNode } from 'react'
import './side-panel.css'

interface SidePanelProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** data-testid of the panel. */
  testId?: string
  /** Shown under the title. */
  subtitle?: ReactNode
}

/**
 * Spec §2 shared widgets: a side panel of half the screen width, over the right of the page. It is
 * not modal: the page stays usable. Escape or the close button closes it; focus moves into it on
 * open and back where it was on close.
 */
export function SidePanel({ title, onClose, children, testId, subtitle }: SidePanelProps) {
  const ref = useRef<HTMLElement>(null)
  const titleId = useId()
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ref.current?.focus()
    return () => {
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  return (
    <aside
      ref={ref}
      className="side-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          close.current()
        }
      }}
    >
      <header className="side-panel__header">
        <div>
          <h2 id={titleId} className="side-panel__title">
            {title}
          </h2>
          {subtitle && <div className="side-panel__subtitle muted">{subtitle}</div>}
        </div>
        <button
          type="button"
          className="button button--ghost"
          aria-label="Close"
          onClick={() => close.current()}
        >
          ✕
        </button>
      </header>
      <div className="side-panel__body">{children}</div>
    </aside>
  )
}
