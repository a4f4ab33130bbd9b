import { dropOnOrgChart, restoreOrgChart } from '../../services/org-chart'
import { orgChartView } from '../../services/org-chart-view'
import type { HandlerMap } from '../types'

/** The org chart: reads from the table model; every change drops the model, whose planners and budgets follow. */
export const orgChartHandlers: HandlerMap = {
  'orgChart.view': async (query, { session, workbook }) =>
    orgChartView(await session.table.get(workbook), query),
  'orgChart.drop': async ({ source, target }, { session, workbook, user }) => {
    const result = dropOnOrgChart(workbook, user, source, target)
    if (result.changed) session.table.invalidate()
    return result
  },
  'orgChart.restore': async ({ snapshot }, { session, workbook, user }) => {
    restoreOrgChart(workbook, user, snapshot)
    session.table.invalidate()
    return null
  },
}
