import type { ChannelInput, Result, UserSettingsDto } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { userSettingsChanged } from '../../app/data-slice'
import type { AppThunk } from '../../app/store'

/**
 * Saves user settings (`userSettings.update`) and puts the answer in the loaded data, so the table,
 * the currency pickers and the user popover all show it at once.
 */
export function saveUserSettings(
  patch: ChannelInput<'userSettings.update'>,
): AppThunk<Promise<Result<UserSettingsDto>>> {
  return async (dispatch) => {
    const result = await invoke('userSettings.update', patch)
    if (result.ok) dispatch(userSettingsChanged(result.value))
    return result
  }
}
