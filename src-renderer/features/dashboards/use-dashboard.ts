import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { DashboardSummary } from '../../../src-shared/contract'
import { convertCents } from '../../../src-shared/domain/currency-conversion'
import { formatMoney } from '../../../src-shared/domain/money'
import { useAppSelector } from '../../app/hooks'
import { displayCurrencyOf, shownCurrency, type DisplayCurrency } from '../compensation-table/display-money'
import { useTableContext } from '../compensation-table/use-table-context'
import { useViewingAs } from '../compensation-table/use-viewing-as'
import { useChannel, type Loaded } from '../hyperbalance/use-budget-level'

export interface DashboardData {
  summary: Loaded<DashboardSummary> & { reload: () => void }
  viewAsEmployeeId: number | null
  display: DisplayCurrency
  /** Cents of the default currency in the shown currency's units, and as text. */
  toUnits: (cents: number) => number
  money: (cents: number | null) => string
  currency: string
}

/**
 * The dashboard's figures for the acting user (and 'View as'), asked again when the company's data
 * reloads and whenever the window comes back into view, so an edit made in the table shows without a
 * reload (the main process answers from its cache until something changed).
 */
export function useDashboard(): DashboardData {
  const { employeeId: viewAsEmployeeId } = useViewingAs()
  const summary = useChannel('dashboard.summary', { viewAsEmployeeId })
  const requestId = useAppSelector((state) => state.data.requestId)
  const seen = useRef(requestId)
  const { reload } = summary
  useEffect(() => {
    const before = seen.current
    seen.current = requestId
    // The page asked once on mount; the session's first load (none before it) brings nothing newer.
    if (before !== null && requestId !== before) reload()
  }, [requestId, reload])
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') reload()
    }
    window.addEventListener('focus', again)
    document.addEventListener('visibilitychange', again)
    return () => {
      window.removeEventListener('focus', again)
      document.removeEventListener('visibilitychange', again)
    }
  }, [reload])

  const { settings, payCycle } = useTableContext()
  const display = useMemo(() => displayCurrencyOf(settings, payCycle), [settings, payCycle])
  const defaultCurrency = summary.value?.defaultCurrency ?? display.defaultCurrency
  const currency = shownCurrency(defaultCurrency, display)
  const toCents = useCallback(
    (cents: number) => convertCents(cents, defaultCurrency, currency, display.rates),
    [defaultCurrency, currency, display.rates],
  )
  const toUnits = useCallback((cents: number) => toCents(cents) / 100, [toCents])
  const money = useCallback(
    (cents: number | null) => (cents === null ? 'No budget' : formatMoney(toCents(cents), currency)),
    [toCents, currency],
  )
  return { summary, viewAsEmployeeId, display, toUnits, money, currency }
}
