import type { DashboardSummary } from '../../../src-shared/contract'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectRole, selectSessionKey } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { CurrencyPicker } from '../compensation-table/CurrencyPicker'
import { pickableCurrencies, type DisplayCurrency } from '../compensation-table/display-money'
import { updateTableSession } from '../compensation-table/session-store'
import { saveUserSettings } from '../compensation-table/user-settings'
import { canViewAs } from '../compensation-table/view-as'
import { ViewAsControl } from '../compensation-table/ViewAsControl'
import { count } from './format'

/** The dashboard's title, whose figures it shows (scope, 'Viewing as'), and its currency and 'View as' tools. */
export function DashboardHeader({
  title,
  scope,
  display,
  viewAsEmployeeId,
}: {
  title: string
  /** Unknown until the figures first arrive. */
  scope: DashboardSummary['scope'] | undefined
  display: DisplayCurrency
  viewAsEmployeeId: number | null
}) {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const role = useAppSelector(selectRole)
  const sessionKey = useAppSelector(selectSessionKey)

  const setCurrency = async (code: typeof display.preferred) => {
    const result = await dispatch(saveUserSettings({ preferredCurrency: code }))
    if (!result.ok) toast.error(result.error.message)
  }

  return (
    <header className="page__header dashboard__header">
      <div>
        <h1 className="page__title">{title}</h1>
        <p className="muted dashboard__scope" data-testid="dashboard-scope">
          {scope
            ? `${scope.label} · ${count(scope.employees)} employee${scope.employees === 1 ? '' : 's'}`
            : 'Loading…'}
          {scope?.viewingAs && (
            <span className="dashboard__viewing-as" data-testid="viewing-as">
              Viewing as {scope.viewingAs}
            </span>
          )}
        </p>
      </div>
      <div className="dashboard__tools" role="toolbar" aria-label="Dashboard">
        <CurrencyPicker
          value={display.preferred}
          options={pickableCurrencies(display)}
          onChange={(code) => void setCurrency(code)}
        />
        {canViewAs(role) && (
          <ViewAsControl
            viewAsEmployeeId={viewAsEmployeeId}
            onChange={(id) => updateTableSession(sessionKey, () => ({ viewAsEmployeeId: id }))}
          />
        )}
      </div>
    </header>
  )
}
