import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import './tooltip.css'

interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode
  /** Milliseconds of hover or focus before it shows. */
  delay?: number
  children: ReactNode
  testId?: string
  placement?: 'below' | 'above'
}

/** Spec §2 shared widget: a tooltip shown after a delay of hover or keyboard focus; Escape hides it. */
export function Tooltip({ content, delay = 500, children, testId, placement = 'below' }: TooltipProps) {
  const [open, setOpen] = useState(false)
  const timer = useRef<number | null>(null)
  const id = useId()

  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current)
    timer.current = null
  }
  const show = () => {
    cancel()
    timer.current = window.setTimeout(() => setOpen(true), delay)
  }
  const hide = () => {
    cancel()
    setOpen(false)
  }
  useEffect(() => cancel, [])

  return (
    <span
      className="tooltip-anchor"
      aria-describedby={open ? id : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) hide()
      }}
    >
      {children}
      {open && (
        <span id={id} role="tooltip" className={`tooltip tooltip--${placement}`} data-testid={testId}>
          {content}
        </span>
      )}
    </span>
  )
}
