import { useEffect, useId, useRef, useState } from 'react'
import type { SessionUser } from '../../../src-shared/contract'
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../src-shared/domain/currencies'
import { ROLE_DISPLAY_NAMES } from '../../../src-shared/domain/roles'
import { selectUserSettings } from '../data-slice'
import { useAppSelector } from '../hooks'

/** Who is acting and their preferred currency (spec: a missing preferred currency becomes USD). */
export function UserSettingsPopover({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false)
  const settings = useAppSelector(selectUserSettings)
  const currency = CURRENCIES[settings?.preferredCurrency ?? DEFAULT_CURRENCY]
  const popoverId = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        trigger.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-haspopup="dialog"
        data-testid="user-settings-button"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="user-menu__name">{user.name}</span>
      </button>
      {open && (
        <div
          id={popoverId}
          className="popover"
          role="dialog"
          aria-label="User settings"
          data-testid="user-settings"
        >
          <dl className="popover__list">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Role</dt>
            <dd>{ROLE_DISPLAY_NAMES[user.role]}</dd>
            <dt>Preferred currency</dt>
            <dd data-testid="preferred-currency">
              {currency.code} ({currency.symbol}) · {currency.name}
            </dd>
          </dl>
        </div>
      )}
    </div>
  )
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters =
    parts.length > 1 ? [parts[0][0], parts[parts.length - 1][0]] : parts.slice(0, 1).map((p) => p[0])
  return letters.join('').toUpperCase() || '?'
}
