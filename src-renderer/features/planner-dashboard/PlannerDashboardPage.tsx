import { ManagerBudgetView } from '../hyperbalance/ManagerBudgetView'

/** Summary & Dashboard (/plannerdashboard): the manager budget view of the viewer's teams. */
export default function PlannerDashboardPage() {
  return (
    <div className="page" data-testid="planner-dashboard">
      <header className="page__header">
        <h1>Summary &amp; Dashboard</h1>
      </header>
      <ManagerBudgetView />
    </div>
  )
}
