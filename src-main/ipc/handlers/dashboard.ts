import { readDashboardStats, readDashboardSummary, readIncreaseTable } from '../../services/dashboard'
import type { HandlerMap } from '../types'

export const dashboardHandlers: HandlerMap = {
  'dashboard.summary': async ({ viewAsEmployeeId }, { session, workbook, user }) =>
    readDashboardSummary(session.table, workbook, user, viewAsEmployeeId),
  'dashboard.stats': async (query, { session, workbook, user }) =>
    readDashboardStats(session.table, workbook, user, query),
  'dashboard.increases': async (query, { session, workbook, user }) =>
    readIncreaseTable(session.table, workbook, user, query),
}
