import { useState } from 'react'
import { Link } from 'react-router'
import type { SessionUser, WorkbookSummary } from '../../../src-shared/contract'
import { canAccessPage, ROLE_DISPLAY_NAMES } from '../../../src-shared/domain/roles'
import { APP_ROUTES } from '../../../src-shared/domain/routes'
import { useAppDispatch } from '../../app/hooks'
import { closeWorkbook } from '../../app/session-thunks'
import { useToast } from '../../components/toast'
import { countOf } from '../../../src-shared/domain/words'

/** A workbook is open but the role has no landing page (spec: other roles are not redirected). */
export function OpenWorkbookPanel({ workbook, user }: { workbook: WorkbookSummary; user: SessionUser }) {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const [closing, setClosing] = useState(false)
  const pages = APP_ROUTES.filter((route) => canAccessPage(user.role, route.page))

  async function close() {
    setClosing(true)
    try {
      await dispatch(closeWorkbook())
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
      setClosing(false)
    }
  }

  return (
    <main className="welcome">
      <section className="panel open-workbook" data-testid="open-workbook">
        <h1 className="welcome__title">{workbook.fileName}</h1>
        <p className="muted">
          {workbook.companyName} · {countOf(workbook.employees, 'employee')} · you are {user.name} (
          {ROLE_DISPLAY_NAMES[user.role]})
        </p>
        {pages.length > 0 ? (
          <nav aria-label="Pages">
            <ul className="link-list">
              {pages.map((route) => (
                <li key={route.path}>
                  <Link to={route.path} className="button">
                    {route.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <p>Your role has no pages in Meritbook; reward statements reach you directly.</p>
        )}
        <button
          type="button"
          className="button"
          disabled={closing}
          data-testid="welcome-close"
          onClick={() => void close()}
        >
          {closing ? 'Closing…' : 'Close workbook'}
        </button>
      </section>
    </main>
  )
}
