import {
  jobProfileOverview,
  updateJobProfile,
  deleteEmployee,
  restoreEmployee,
  findEmployeeRecord,
  payRangeOverview,
  updateEmployee,
  updatePayRange,
} from '../../services/records'
import type { HandlerMap } from '../types'

/** The company's records, in place; a saved change drops the table model (pay and ranges feed every row). */
export const recordsHandlers: HandlerMap = {
  'employees.record': async (key, { workbook }) => findEmployeeRecord(workbook, key),
  'employees.update': async (input, { session, workbook, user }) => {
    const result = await updateEmployee(workbook, user, input)
    if (Object.keys(result.before).length > 0) session.table.invalidate()
    return result
  },
  'employees.delete': async ({ employeeId }, { session, workbook, user }) => {
    const result = deleteEmployee(workbook, user, employeeId)
    session.table.invalidate()
    await session.refreshSummary()
    return result
  },
  'employees.restore': async ({ changeLogId }, { session, workbook, user }) => {
    const record = restoreEmployee(workbook, user, changeLogId)
    session.table.invalidate()
    await session.refreshSummary()
    return record
  },
  'jobProfiles.overview': async (_input, { workbook }) => jobProfileOverview(workbook),
  'jobProfiles.update': async (input, { session, workbook, user }) => {
    const result = await updateJobProfile(workbook, user, input)
    if (Object.keys(result.before).length > 0) session.table.invalidate()
    return result
  },
  'payRanges.overview': async (_input, { workbook }) => payRangeOverview(workbook),
  'payRanges.update': async (input, { session, workbook, user }) => {
    const result = await updatePayRange(workbook, user, input)
    if (Object.keys(result.before).length > 0) session.table.invalidate()
    return result
  },
}
