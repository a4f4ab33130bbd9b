import { z } from 'zod'
import {
  DASHBOARD_METRICS,
  type DashboardStats,
  type DashboardSummary,
  type IncreaseTablePage,
} from '../dashboard-dto'
import { DEMOGRAPHIC_GROUPINGS } from '../../domain/demographics'
import { channel, dashboards } from './shared'

/** Summary & Dashboard: the figures over the rows the viewer's table shows. */
export const dashboardChannels = {
  /**
   * Summary & Dashboard: every chart's figures over the rows the viewer's Compensation Table shows
   * (admin roles the company, managers and planners their teams, or the employee viewed as).
   */
  'dashboard.summary': channel<DashboardSummary>()(
    z.object({ viewAsEmployeeId: z.number().int().positive().nullable() }).strict(),
    dashboards,
  ),
  /** The recommended-versus-actual table, a page at a time. */
  'dashboard.increases': channel<IncreaseTablePage>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
        sort: z.enum(['name', 'difference']),
      })
      .strict(),
    dashboards,
  ),
  /** One metric's box-plot figures by one grouping over the same rows (the CLI's `stats`). */
  'dashboard.stats': channel<DashboardStats>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        metric: z.enum(DASHBOARD_METRICS),
        grouping: z.enum(DEMOGRAPHIC_GROUPINGS),
      })
      .strict(),
    dashboards,
  ),
} as const
