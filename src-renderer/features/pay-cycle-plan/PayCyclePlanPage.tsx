import { useSearchParams } from 'react-router'
import { BudgetDistributionView } from '../hyperbalance/BudgetDistributionView'
import { MatrixView } from '../hyperbalance/MatrixView'
import { OrgChartView } from '../org-chart/OrgChartView'
import { PayCycleConfigPanel } from '../pay-cycle-config/PayCycleConfigPanel'
import './pay-cycle-plan.css'

/** The page's tabs; the chosen one is kept in the address (`?tab=`), so a reload stays on it. */
export const PLAN_TABS = [
  { id: 'budgets', label: 'Budgets' },
  { id: 'matrix', label: 'Matrix' },
  { id: 'orgchart', label: 'Org Chart' },
  { id: 'config', label: 'Pay Cycle Configuration' },
] as const
type PlanTab = (typeof PLAN_TABS)[number]['id']

/** Plan Pay Cycle (/paycycleplan): the budget distribution view (HyperBalance), the merit matrix, the org chart and the pay cycle configuration. */
export default function PayCyclePlanPage() {
  const [params, setParams] = useSearchParams()
  const tab: PlanTab = PLAN_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'budgets'
  return (
    <div className="page pay-cycle-plan" data-testid="pay-cycle-plan">
      <header className="page__header">
        <h1>Plan Pay Cycle</h1>
      </header>
      <div className="tabs" role="tablist" aria-label="Plan Pay Cycle">
        {PLAN_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`plan-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`plan-panel-${t.id}`}
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setParams({ tab: t.id }, { replace: true })}
            data-testid={`plan-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`plan-panel-${tab}`} aria-labelledby={`plan-tab-${tab}`}>
        {tab === 'budgets' && <BudgetDistributionView />}
        {tab === 'matrix' && <MatrixView />}
        {tab === 'orgchart' && <OrgChartView />}
        {tab === 'config' && <PayCycleConfigPanel />}
      </div>
    </div>
  )
}
