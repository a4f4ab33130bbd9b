import type {
  DashboardStats,
  DashboardSummary,
  IncreaseTablePage,
  SessionUser,
} from '../../../src-shared/contract'
import { getCompany } from '../../workbook/queries/admin'
import type { Workbook } from '../../workbook/open'
import type { TableCache } from '../table/cache'
import { increaseTable, type IncreaseTableSort } from './increase-table'
import { dashboardStats, dashboardSummary } from './summary'

/** Summary & Dashboard's entry points: the table model (read or built) feeds them. */
export async function readDashboardSummary(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  viewAsEmployeeId: number | null,
): Promise<DashboardSummary> {
  const model = await table.get(workbook)
  const company = await getCompany(workbook)
  return dashboardSummary(model, user, viewAsEmployeeId, company.name)
}

export async function readDashboardStats(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  query: Parameters<typeof dashboardStats>[2],
): Promise<DashboardStats> {
  const model = await table.get(workbook)
  const company = await getCompany(workbook)
  return dashboardStats(model, user, query, company.name)
}

export async function readIncreaseTable(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  query: { viewAsEmployeeId: number | null; offset: number; limit: number; sort: IncreaseTableSort },
): Promise<IncreaseTablePage> {
  return increaseTable(await table.get(workbook), user, query)
}
