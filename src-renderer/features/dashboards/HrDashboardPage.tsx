import { DashboardView } from './DashboardView'

/** Summary & Dashboard (HR) (/hrdashboard): the company, for the admin roles. */
export default function HrDashboardPage() {
  return <DashboardView title="Summary & Dashboard (HR)" />
}
