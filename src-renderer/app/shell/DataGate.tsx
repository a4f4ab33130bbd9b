import type { ReactNode } from 'react'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { selectDataErrors, selectDataStatus, selectHasData } from '../data-slice'
import { useAppSelector } from '../hooks'
import { useStartDataLoad } from '../use-initial-data-load'

/** Shows a loading skeleton until the first data load is in, and a way to retry if it failed. */
export function DataGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectDataStatus)
  const errors = useAppSelector(selectDataErrors)
  const hasData = useAppSelector(selectHasData)
  const retry = useStartDataLoad()
  // A reload (after an import) keeps the page on screen with the data it has.
  if (status === 'loaded' || (status === 'loading' && hasData)) return <>{children}</>
  if (status === 'failed') {
    return (
      <section className="page">
        <div className="panel error-panel" role="alert" data-testid="data-load-error">
          <h1>Failed to load data.</h1>
          <ul>
            {Object.entries(errors).map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
          <button type="button" className="button button--primary" onClick={retry}>
            Try again
          </button>
        </div>
      </section>
    )
  }
  return (
    <section className="page">
      <LoadingSkeleton label="Loading data…" />
    </section>
  )
}
