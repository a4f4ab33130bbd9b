import { useEffect, useId, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { routeForPath } from '../../../src-shared/domain/routes'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { pathAfterOpen, safeReturnPath } from '../../app/return-path'
import {
  logoutSettled,
  selectLoggedOut,
  selectFilesFolder,
  selectNativeDialogs,
  selectUser,
  selectWorkbook,
} from '../../app/session-slice'
import { NewWorkbookForm } from './NewWorkbookForm'
import { FolderBrowserDialog } from './FolderBrowserDialog'
import { OpenFileNote } from './OpenFileNote'
import { OpenWorkbookPanel } from './OpenWorkbookPanel'
import { RecentFilesList } from './RecentFilesList'
import { ServerPanel } from './ServerPanel'
import { useWorkbookActions } from './use-workbook-actions'
import './welcome.css'

/**
 * The root route. Without a workbook: new, open, recent files and the demo company. With one: go
 * to `onlogin` (an in-app path only), else the role's landing page, else show the open workbook.
 */
export function WelcomePage() {
  const dispatch = useAppDispatch()
  const workbook = useAppSelector(selectWorkbook)
  const user = useAppSelector(selectUser)
  const loggedOut = useAppSelector(selectLoggedOut)
  const [params] = useSearchParams()
  const onlogin = params.get('onlogin')

  useEffect(() => {
    document.title = 'Meritbook'
  }, [])
  useEffect(() => {
    if (!workbook && loggedOut) dispatch(logoutSettled())
  }, [dispatch, workbook, loggedOut])

  if (workbook && user) {
    const target = loggedOut ? null : pathAfterOpen(onlogin, user.role)
    if (target) return <Navigate replace to={target} />
    return <OpenWorkbookPanel workbook={workbook} user={user} />
  }
  return <StartScreen onlogin={onlogin} />
}

function StartScreen({ onlogin }: { onlogin: string | null }) {
  const nativeDialogs = useAppSelector(selectNativeDialogs)
  const filesFolder = useAppSelector(selectFilesFolder)
  const actions = useWorkbookActions()
  const [showNew, setShowNew] = useState(false)
  const [browsing, setBrowsing] = useState(false)
  const [recentKey, setRecentKey] = useState(0)
  const newFormId = useId()
  const busy = actions.busy !== null
  const returnPath = safeReturnPath(onlogin)
  const returnRoute = returnPath ? routeForPath(returnPath.split('?')[0]) : undefined

  async function openFile(handle: string) {
    const opened = await actions.open(handle)
    if (!opened) setRecentKey((k) => k + 1)
  }

  return (
    <main className="welcome" data-testid="welcome">
      <header className="welcome__header">
        <h1 className="welcome__title">Meritbook</h1>
        <p className="muted">Plan a whole pay cycle in one file: budgets, raises, bonuses and submissions.</p>
      </header>

      {returnRoute && (
        <p className="notice" data-testid="welcome-return-notice">
          Open a workbook to continue to {returnRoute.label}.
        </p>
      )}
      {actions.error && (
        <p className="inline-error" role="alert" data-testid="welcome-error">
          {actions.error}
        </p>
      )}

      <div className="welcome__grid">
        <section className="panel" aria-labelledby={`${newFormId}-start`}>
          <h2 id={`${newFormId}-start`}>Start</h2>
          <div className="action-list">
            <button
              type="button"
              className="button button--primary button--wide"
              aria-expanded={showNew}
              aria-controls={showNew ? newFormId : undefined}
              disabled={busy && !showNew}
              data-testid="welcome-new"
              onClick={() => setShowNew((v) => !v)}
            >
              New workbook
            </button>
            {showNew && (
              <div id={newFormId} className="action-list__detail">
                <NewWorkbookForm
                  busy={busy}
                  nativeDialogs={nativeDialogs}
                  filesFolder={filesFolder}
                  onPick={actions.pickCreateFile}
                  onCreate={actions.create}
                  onCancel={() => setShowNew(false)}
                />
              </div>
            )}

            {nativeDialogs ? (
              <button
                type="button"
                className="button button--wide"
                disabled={busy}
                data-testid="welcome-open"
                onClick={() => void actions.pickAndOpen()}
              >
                {actions.busy === 'pick' || actions.busy === 'open' ? 'Opening…' : 'Open a file…'}
              </button>
            ) : (
              <div className="action-list__group">
                <button
                  type="button"
                  className="button button--wide"
                  disabled={busy}
                  data-testid="welcome-open"
                  onClick={() => setBrowsing(true)}
                >
                  {actions.busy === 'open' ? 'Opening…' : 'Open…'}
                </button>
                <OpenFileNote filesFolder={filesFolder} />
                {browsing && (
                  <FolderBrowserDialog
                    mode="open"
                    onOpen={(handle) => {
                      setBrowsing(false)
                      void openFile(handle)
                    }}
                    onClose={() => setBrowsing(false)}
                  />
                )}
              </div>
            )}

            <button
              type="button"
              className="button button--wide"
              disabled={busy}
              data-testid="welcome-demo"
              onClick={() => void actions.openDemo()}
            >
              {actions.busy === 'demo' ? 'Opening the demo company…' : 'Open the demo company'}
            </button>
          </div>
        </section>

        <ServerPanel onPick={actions.pickCreateFile} onJoined={() => void actions.refresh()} />

        <section className="panel" aria-labelledby={`${newFormId}-recent`}>
          <h2 id={`${newFormId}-recent`}>Recent files</h2>
          <RecentFilesList
            disabled={busy}
            refreshKey={recentKey}
            onOpen={(handle) => void openFile(handle)}
          />
        </section>
      </div>
    </main>
  )
}
