import { DashboardView } from '../dashboards/DashboardView'
import { ManagerBudgetView } from '../hyperbalance/ManagerBudgetView'

/** Summary & Dashboard (/plannerdashboard): the viewer's teams, their manager budget view first. */
export default function PlannerDashboardPage() {
  return (
    <div data-testid="planner-dashboard">
      <DashboardView title="Summary & Dashboard">
        <ManagerBudgetView />
      </DashboardView>
    </div>
  )
}
