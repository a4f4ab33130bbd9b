import type { SessionUser, UserSettingsDto } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import { getUserSettings } from '../../workbook/queries/admin'
import { saveUserSettings } from '../../workbook/queries/table-rewards'

/**
 * userSettings.update: stores the acting user's preferred currency and column order (null clears
 * it); an absent field keeps its value. Answers the settings as read back, normalized (a column list
 * of one entry reads as null: the default columns apply).
 */
export async function updateUserSettings(
  workbook: Workbook,
  user: SessionUser,
  patch: { preferredCurrency?: string; compensationTableConfig?: string[] | null },
): Promise<UserSettingsDto> {
  await saveUserSettings(workbook, user.id, patch)
  return getUserSettings(workbook, user.id)
}
