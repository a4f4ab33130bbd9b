import { exportTableCsv } from '../../services/table/export-csv'
import { exportTableXlsx } from '../../services/table/export-xlsx'
import { rewardHistory } from '../../services/table/history'
import { rowsFrom } from '../../services/table/rows-from'
import { queryTable } from '../../services/table/service'
import { updateRewards } from '../../services/table/update'
import { updateUserSettings } from '../../services/table/user-settings'
import { viewAsChoices } from '../../services/table/view-as'
import { ownPlanPayProblems, violationGroups, violationItems } from '../../services/table/violation-groups'
import { listUsers } from '../../workbook/queries/admin'
import type { HandlerMap } from '../types'

/** The Compensation Table: queries over the session's table model, planner edits, export, settings. */
export const tableHandlers: HandlerMap = {
  'table.query': async (input, { session, workbook, user }) =>
    queryTable(await session.table.get(workbook), user, input),
  'table.viewAsChoices': async (_input, { session, workbook, user }) =>
    viewAsChoices(await session.table.get(workbook), user, await listUsers(workbook)),
  'table.violationGroups': async ({ viewAsEmployeeId }, { session, workbook, user }) =>
    violationGroups(await session.table.get(workbook), user, viewAsEmployeeId),
  'table.violationItems': async (input, { session, workbook, user }) =>
    violationItems(await session.table.get(workbook), user, input),
  'table.submitPayProblems': async (_input, { session, workbook, user }) =>
    ownPlanPayProblems(await session.table.get(workbook), user),
  'rewards.update': async ({ updates }, { session, workbook, user }) =>
    updateRewards(session.table, workbook, user, updates),
  'table.rowsFrom': async (input, { session, workbook, user }) =>
    rowsFrom(await session.table.get(workbook), user, input),
  'rewards.history': async ({ employeeId }, { session, workbook, user }) =>
    rewardHistory(session.table, workbook, user, employeeId),
  'table.exportCsv': async (input, { session, workbook, user }) =>
    exportTableCsv(await session.table.get(workbook), user, input),
  'table.exportXlsx': async (input, { session, workbook, user }) =>
    exportTableXlsx(await session.table.get(workbook), user, input),
  'userSettings.update': async (patch, { workbook, user }) => updateUserSettings(workbook, user, patch),
}
