import { BudgetDistributionView } from '../hyperbalance/BudgetDistributionView'
import './pay-cycle-plan.css'

/**
 * Plan Pay Cycle (/paycycleplan): the budget distribution view (HyperBalance) and the pay-cycle
 * matrix screen, one section each.
 */
export default function PayCyclePlanPage() {
  return (
    <div className="page pay-cycle-plan" data-testid="pay-cycle-plan">
      <header className="page__header">
        <h1>Plan Pay Cycle</h1>
      </header>
      <BudgetDistributionView />
    </div>
  )
}
