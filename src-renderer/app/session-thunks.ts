import { call, invoke } from './client'
import { closeFailed, closeRequested, sessionFailed, sessionLoaded, workbookClosed } from './session-slice'
import type { AppThunk } from './store'

let latestRequest = 0

/** Asks the shell who we are and what is open (`app.info`). Older answers never overwrite newer ones. */
export function refreshSession(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    latestRequest += 1
    const request = latestRequest
    const result = await invoke('app.info', {})
    if (request !== latestRequest) return
    if (result.ok) dispatch(sessionLoaded(result.value))
    else dispatch(sessionFailed(result.error.message))
  }
}

/**
 * Closes the open workbook (`workbook.close`). In a desktop app "logout" means closing the
 * workbook: opening one is what signs you in as its owner (see docs/decisions.md). Throws a
 * ClientError when the shell refuses.
 */
export function closeWorkbook(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(closeRequested())
    try {
      await call('workbook.close', {})
    } catch (error) {
      dispatch(closeFailed())
      throw error
    }
    // Forget the workbook at once so the welcome screen does not bounce back into it.
    dispatch(workbookClosed())
    await dispatch(refreshSession())
  }
}
