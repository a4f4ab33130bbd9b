import type { PageKey } from './roles'

export interface AppRoute {
  path: string
  label: string
  page: PageKey
}

/** Routes and sidebar labels exactly as spec §2 (administration document). */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/plannerdashboard', label: 'Summary & Dashboard', page: 'plannerdashboard' },
  { path: '/import', label: 'Manage Data', page: 'import' },
  { path: '/paycycleplan', label: 'Plan Pay Cycle', page: 'paycycleplan' },
  { path: '/employeetable', label: 'Compensation Table', page: 'employeetable' },
  { path: '/users', label: 'Users', page: 'users' },
  { path: '/plannerstatus', label: 'Planner Status', page: 'plannerstatus' },
  { path: '/hrdashboard', label: 'Summary & Dashboard (HR)', page: 'hrdashboard' },
  { path: '/reward-statement/compstatements', label: 'Reward Statements', page: 'compstatements' },
]

export function routeForPath(path: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => r.path === path)
}
