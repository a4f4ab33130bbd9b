import { lazy, Suspense } from 'react'
import { createBrowserRouter, createHashRouter, Navigate, type RouteObject } from 'react-router'
import type { PageKey } from '../../src-shared/domain/roles'
import { APP_ROUTES, type AppRoute } from '../../src-shared/domain/routes'
import { LoadingSkeleton } from '../components/skeleton/LoadingSkeleton'
import { ComingSoonPage } from '../features/coming-soon/ComingSoonPage'
import { WelcomePage } from '../features/welcome/WelcomePage'
import { RootLayout } from './RootLayout'
import { PageGuard } from './shell/PageGuard'
import { WorkbookShell } from './shell/WorkbookShell'

// The grid is the heaviest code; the welcome screen does not wait for it.
const CompensationTablePage = lazy(() => import('../features/compensation-table/CompensationTablePage'))
const ImportPage = lazy(() => import('../features/import/ImportPage'))
const PlannerDashboardPage = lazy(() => import('../features/planner-dashboard/PlannerDashboardPage'))
const HrDashboardPage = lazy(() => import('../features/dashboards/HrDashboardPage'))
const PlannerStatusPage = lazy(() => import('../features/planner-status/PlannerStatusPage'))
const UsersPage = lazy(() => import('../features/users/UsersPage'))
const PayCyclePlanPage = lazy(() => import('../features/pay-cycle-plan/PayCyclePlanPage'))
const StatementsPage = lazy(() => import('../features/statements/StatementsPage'))

/** Pages that fetch what they show from the main process, so they need not wait for the company's lists. */
// Planner Status asks main for its cards: at 20,000 teams it shows them long before the company's lists arrive.
const SELF_LOADING = new Set<PageKey>([
  'employeetable',
  'plannerdashboard',
  'hrdashboard',
  'compstatements',
  'plannerstatus',
])

function pageFor(route: AppRoute) {
  switch (route.page) {
    case 'employeetable':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading the table…" />}>
          <CompensationTablePage />
        </Suspense>
      )
    case 'import':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Manage Data…" />}>
          <ImportPage />
        </Suspense>
      )
    case 'paycycleplan':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Plan Pay Cycle…" />}>
          <PayCyclePlanPage />
        </Suspense>
      )
    case 'plannerdashboard':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Summary & Dashboard…" />}>
          <PlannerDashboardPage />
        </Suspense>
      )
    case 'hrdashboard':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Summary & Dashboard (HR)…" />}>
          <HrDashboardPage />
        </Suspense>
      )
    case 'plannerstatus':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Planner Status…" />}>
          <PlannerStatusPage />
        </Suspense>
      )
    case 'users':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Users…" />}>
          <UsersPage />
        </Suspense>
      )
    case 'compstatements':
      return (
        <Suspense fallback={<LoadingSkeleton label="Loading Reward Statements…" />}>
          <StatementsPage />
        </Suspense>
      )
    default:
      return <ComingSoonPage label={route.label} />
  }
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <WelcomePage /> },
      {
        element: <WorkbookShell />,
        children: APP_ROUTES.map((route) => ({
          path: route.path,
          element: (
            <PageGuard key={route.path} route={route} waitForData={!SELF_LOADING.has(route.page)}>
              {pageFor(route)}
            </PageGuard>
          ),
        })),
      },
      { path: '*', element: <Navigate replace to="/" /> },
    ],
  },
]

/** Electron loads the renderer from file:// (hash URLs); browser mode is served over http with an SPA fallback. */
export function createAppRouter() {
  return window.location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes)
}
