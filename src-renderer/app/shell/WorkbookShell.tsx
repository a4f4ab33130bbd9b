import { Navigate, Outlet, useLocation } from 'react-router'
import { useAppSelector } from '../hooks'
import { welcomePathFor } from '../return-path'
import { selectLoggedOut, selectUser, selectWorkbook } from '../session-slice'
import { useSyncedLists } from '../use-synced-lists'
import { Sidebar } from './Sidebar'
import './shell.css'

/**
 * The frame of every workbook page: sidebar and the routed page. Without an open workbook the
 * user goes to the root with `onlogin` set to where they were (spec: on authentication failure),
 * or plainly to the root after Logout.
 */
export function WorkbookShell() {
  const workbook = useAppSelector(selectWorkbook)
  const user = useAppSelector(selectUser)
  const loggedOut = useAppSelector(selectLoggedOut)
  const location = useLocation()
  useSyncedLists()
  if (!workbook || !user) {
    return (
      <Navigate replace to={loggedOut ? '/' : welcomePathFor(`${location.pathname}${location.search}`)} />
    )
  }
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar user={user} />
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
