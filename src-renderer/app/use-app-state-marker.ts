import { useEffect } from 'react'
import { computeAppState } from './app-state'
import { selectDataStatus } from './data-slice'
import { useAppSelector } from './hooks'
import { selectSessionStatus, selectWorkbook } from './session-slice'

/** Mirrors the app's readiness on `<body data-app-state>` for end-to-end tests. */
export function useAppStateMarker(): void {
  const session = useAppSelector(selectSessionStatus)
  const workbookOpen = useAppSelector(selectWorkbook) !== null
  const data = useAppSelector(selectDataStatus)
  const state = computeAppState(session, workbookOpen, data)
  useEffect(() => {
    document.body.dataset.appState = state
  }, [state])
}
