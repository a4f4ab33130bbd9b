import { Outlet } from 'react-router'
import { LoadingSkeleton } from '../components/skeleton/LoadingSkeleton'
import { useAppDispatch, useAppSelector } from './hooks'
import { selectSessionError, selectSessionStatus } from './session-slice'
import { refreshSession } from './session-thunks'
import { useAppStateMarker } from './use-app-state-marker'
import { useInitialDataLoad } from './use-initial-data-load'
import { useSessionSync } from './use-session-sync'

/** The root of every route: keeps the session in sync, loads workbook data, marks readiness. */
export function RootLayout() {
  useSessionSync()
  useInitialDataLoad()
  useAppStateMarker()
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectSessionStatus)
  const error = useAppSelector(selectSessionError)

  if (status === 'starting') {
    return (
      <main className="centered">
        <LoadingSkeleton variant="page" rows={4} label="Starting Meritbook…" />
      </main>
    )
  }
  if (status === 'failed') {
    return (
      <main className="centered">
        <div className="panel error-panel" role="alert" data-testid="startup-error">
          <h1>Meritbook could not start</h1>
          <p>{error}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void dispatch(refreshSession())}
          >
            Try again
          </button>
        </div>
      </main>
    )
  }
  return <Outlet />
}
