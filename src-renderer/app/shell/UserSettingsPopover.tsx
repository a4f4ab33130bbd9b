import { useEffect, useId, useRef, useState } from 'react'
import type { SessionUser } from '../../../src-shared/contract'
import { CURRENCIES, DEFAULT_CURRENCY, type CurrencyCode } from '../../../src-shared/domain/currencies'
import { ROLE_DISPLAY_NAMES } from '../../../src-shared/domain/roles'
import { useToast } from '../../components/toast'
import { PublishToServer } from '../../features/welcome/PublishToServer'
import { displayCurrencyOf, pickableCurrencies } from '../../features/compensation-table/display-money'
import { CurrencyPicker } from '../../features/compensation-table/CurrencyPicker'
import { saveUserSettings } from '../../features/compensation-table/user-settings'
import { selectCurrentPayCycle, selectUserSettings } from '../data-slice'
import { useAppDispatch, useAppSelector } from '../hooks'
import { HelpDiagnostics } from './HelpDiagnostics'

/**
 * Who is acting and their preferred currency (spec: a missing preferred currency becomes USD), with
 * the currency picker (the pay cycle's default and converted currencies), saved at once.
 */
export function UserSettingsPopover({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false)
  const dispatch = useAppDispatch()
  const toast = useToast()
  const settings = useAppSelector(selectUserSettings)
  const secretStore = useAppSelector((state) => state.session.info?.secretStore ?? null)
  const payCycle = useAppSelector(selectCurrentPayCycle)
  const currency = CURRENCIES[settings?.preferredCurrency ?? DEFAULT_CURRENCY]
  const [saving, setSaving] = useState(false)
  const popoverId = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  async function chooseCurrency(code: CurrencyCode) {
    setSaving(true)
    const result = await dispatch(saveUserSettings({ preferredCurrency: code }))
    setSaving(false)
    if (!result.ok) toast.error(result.error.message)
  }

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
          {settings && (
            <div className="user-menu__currency" style={{ marginTop: 12 }}>
              <CurrencyPicker
                value={currency.code}
                options={pickableCurrencies(displayCurrencyOf(settings, payCycle))}
                disabled={saving}
                testId="preferred-currency-select"
                onChange={(code) => void chooseCurrency(code)}
              />
            </div>
          )}
          <PublishToServer />
          {secretStore && (
            <p className="popover__note" data-testid="secret-store" data-kind={secretStore.kind}>
              {secretStore.description}
              {secretStore.advice && <span> {secretStore.advice}</span>}
              {secretStore.passedOver.length > 0 && (
                <small className="popover__detail">{secretStore.passedOver.join('; ')}</small>
              )}
            </p>
          )}
          <HelpDiagnostics />
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
