import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppInfo, SessionUser, WorkbookSummary } from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'

/** starting: app.info not answered yet; ready: answered; failed: the shell could not be reached. */
export type SessionStatus = 'starting' | 'ready' | 'failed'

export interface SessionState {
  status: SessionStatus
  /** From `app.info`: mode, the open workbook's summary and the acting user. */
  info: AppInfo | null
  error: string | null
  /** The user closed the workbook (Logout): pages send them to the root, not back to themselves. */
  loggedOut: boolean
}

export interface WithSession {
  session: SessionState
}

const initialState: SessionState = { status: 'starting', info: null, error: null, loggedOut: false }

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionLoaded(state, action: PayloadAction<AppInfo>) {
      state.status = 'ready'
      state.info = action.payload
      state.error = null
      if (action.payload.workbook) state.loggedOut = false
    },
    sessionFailed(state, action: PayloadAction<string>) {
      state.status = 'failed'
      state.error = action.payload
    },
    /** Logout began: any redirect from now on goes to the plain root. */
    closeRequested(state) {
      state.loggedOut = true
    },
    closeFailed(state) {
      state.loggedOut = false
    },
    /** Logout is over and the welcome screen shows: deep links remember their path again. */
    logoutSettled(state) {
      state.loggedOut = false
    },
    /** The workbook was closed (logout); app.info will confirm. */
    workbookClosed(state) {
      if (state.info) {
        state.info.workbook = null
        state.info.user = null
      }
    },
  },
})

export const { sessionLoaded, sessionFailed, closeRequested, closeFailed, logoutSettled, workbookClosed } =
  sessionSlice.actions
export const sessionReducer = sessionSlice.reducer

/** Identifies "this workbook, this user": data loaded for another key is stale. */
export function sessionKeyOf(info: AppInfo | null): string | null {
  return info?.workbook && info.user ? `${info.workbook.path}\n${info.user.id}` : null
}

export const selectSessionStatus = (state: WithSession): SessionStatus => state.session.status
export const selectSessionError = (state: WithSession): string | null => state.session.error
export const selectAppInfo = (state: WithSession): AppInfo | null => state.session.info
export const selectWorkbook = (state: WithSession): WorkbookSummary | null =>
  state.session.info?.workbook ?? null
export const selectUser = (state: WithSession): SessionUser | null => state.session.info?.user ?? null
export const selectRole = (state: WithSession): RoleName | null => state.session.info?.user?.role ?? null
export const selectNativeDialogs = (state: WithSession): boolean => state.session.info?.nativeDialogs ?? false
/** Browser mode: where new workbooks and statements are saved; null with native dialogs. */
export const selectFilesFolder = (state: WithSession): string | null =>
  state.session.info?.filesFolder ?? null
export const selectLoggedOut = (state: WithSession): boolean => state.session.loggedOut
export const selectSessionKey = (state: WithSession): string | null => sessionKeyOf(state.session.info)
