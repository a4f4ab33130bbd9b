import { useState } from 'react'
import { NavLink, useNavigate } from 'react-router'
import type { SessionUser } from '../../../src-shared/contract'
import { canAccessPage } from '../../../src-shared/domain/roles'
import { APP_ROUTES } from '../../../src-shared/domain/routes'
import { useDialog } from '../../components/dialog'
import { useToast } from '../../components/toast'
import { useViewingAs } from '../../features/compensation-table/use-viewing-as'
import { selectCompany } from '../data-slice'
import { useAppDispatch, useAppSelector } from '../hooks'
import { selectWorkbook } from '../session-slice'
import { closeWorkbook, confirmDiscardImports } from '../session-thunks'
import { SaveCopyDialog } from './SaveCopyDialog'
import { SyncStatusLine } from './SyncStatusLine'
import { UserSettingsPopover } from './UserSettingsPopover'

/** Spec §8: the toast when logging out fails. */
export const LOGOUT_FAILED = 'Error logging out'

/**
 * Logo, 'Viewing as' while an admin views the table as someone (spec: sidebar), the pages this role
 * may open (spec §2 labels), the user popover and Logout.
 */
export function Sidebar({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const toast = useToast()
  const dialog = useDialog()
  const company = useAppSelector(selectCompany)
  const routes = APP_ROUTES.filter((route) => canAccessPage(user.role, route.page))
  const customLogo = company?.hasCustomAssets && company.logoUrl ? company.logoUrl : null
  const viewingAs = useViewingAs().text
  const demo = useAppSelector(selectWorkbook)?.demo === true
  const [savingCopy, setSavingCopy] = useState(false)

  // On a desktop, "logout" means closing the workbook: opening a workbook is what signs you in
  // (as its owner, or as `--as <email>` in browser mode). See docs/decisions.md.
  async function logout() {
    if (!(await confirmDiscardImports(dialog))) return
    try {
      await dispatch(closeWorkbook())
      navigate('/', { replace: true })
    } catch {
      toast.error(LOGOUT_FAILED)
    }
  }

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar__brand">
        {customLogo ? (
          <>
            <img className="sidebar__logo-img" src={customLogo} alt={company?.name ?? 'Company logo'} />
            <span className="sidebar__powered" data-testid="powered-by">
              Powered by Meritbook
            </span>
          </>
        ) : (
          <span className="sidebar__logo" data-testid="logo">
            Meritbook
          </span>
        )}
        {company && <span className="sidebar__company">{company.name}</span>}
        <SyncStatusLine />
      </div>
      {viewingAs && (
        <p className="sidebar__viewing-as" data-testid="sidebar-viewing-as">
          {viewingAs}
        </p>
      )}
      {demo && (
        <section className="sidebar__demo" aria-label="Demo company" data-testid="demo-notice">
          <p>
            <strong>This is the demo company.</strong> Its people are made up, for trying Meritbook; changes
            stay in the demo.
          </p>
          <button
            type="button"
            className="button button--ghost sidebar__demo-leave"
            data-testid="demo-leave"
            onClick={() => void logout()}
          >
            New, open or recent workbook
          </button>
        </section>
      )}
      <nav className="sidebar__nav" aria-label="Pages">
        <ul>
          {routes.map((route) => (
            <li key={route.path}>
              <NavLink
                to={route.path}
                data-testid={`nav-${route.page}`}
                className={({ isActive }) => `sidebar__link${isActive ? ' sidebar__link--active' : ''}`}
              >
                {route.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <UserSettingsPopover user={user} />
        <button
          type="button"
          className="button button--ghost sidebar__logout"
          onClick={() => setSavingCopy(true)}
          data-testid="save-copy"
        >
          Save a copy…
        </button>
        <button
          type="button"
          className="button button--ghost sidebar__logout"
          onClick={() => void logout()}
          data-testid="close-workbook"
        >
          Close workbook
        </button>
        <button
          type="button"
          className="button button--ghost sidebar__logout"
          onClick={() => void logout()}
          data-testid="logout"
        >
          Logout
        </button>
      </div>
      {savingCopy && <SaveCopyDialog onClose={() => setSavingCopy(false)} />}
    </aside>
  )
}
