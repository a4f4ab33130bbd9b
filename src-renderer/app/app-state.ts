import type { DataStatus } from './data-slice'
import type { SessionStatus } from './session-slice'

/**
 * The value of `<body data-app-state>`, which end-to-end tests wait on:
 * - loading: app.info or the initial data load is under way;
 * - loaded: a workbook is open and its data is in;
 * - failed: app.info or the data load failed;
 * - welcome: no workbook is open (the welcome screen is ready).
 */
export type AppState = 'loading' | 'loaded' | 'failed' | 'welcome'

export function computeAppState(session: SessionStatus, workbookOpen: boolean, data: DataStatus): AppState {
  if (session === 'starting') return 'loading'
  if (session === 'failed') return 'failed'
  if (!workbookOpen) return 'welcome'
  if (data === 'loaded') return 'loaded'
  if (data === 'failed') return 'failed'
  return 'loading'
}
