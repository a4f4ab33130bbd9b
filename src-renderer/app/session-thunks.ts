import type { DialogApi } from '../components/dialog'
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

/**
 * Before the workbook closes: when imports in review hold fixes (main keeps them in memory until
 * committed), asks whether to drop them. True to go on; also when main cannot tell.
 */
export async function confirmDiscardImports(dialog: Pick<DialogApi, 'confirm'>): Promise<boolean> {
  const pending = await invoke('import.pending', {})
  if (!pending.ok || pending.value.fixes === 0) return true
  const { fixes } = pending.value
  return dialog.confirm({
    title: 'Log out with an import in review?',
    message: `The import in review and your ${fixes === 1 ? 'fix' : `${fixes.toLocaleString('en-US')} fixes`} to it will be lost.`,
    confirmLabel: 'Log out',
    tone: 'danger',
  })
}
