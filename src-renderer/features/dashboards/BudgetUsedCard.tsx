import type { DashboardSummary } from '../../../src-shared/contract'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { BudgetGauge } from './lazy-charts'

/** Budget Used: the gauge, the amount used of the budget, and its figures. */
export function BudgetUsedCard({
  budgetUsed,
  money,
}: {
  budgetUsed: DashboardSummary['budgetUsed']
  money: (cents: number | null) => string
}) {
  const { budget, used, percent: share, color } = budgetUsed
  return (
    <>
      {share === null ? (
        <p className="muted" data-testid="budget-used-none">
          There is no budget to measure against yet: {money(used)} is planned.
        </p>
      ) : (
        <ChartSlot label={`Budget used: ${share.toFixed(1)}%`} height={180}>
          <BudgetGauge budgetUsed={budgetUsed} size="md" />
        </ChartSlot>
      )}
      <p className="dashboard__figure" data-testid="budget-used-text" data-color={color ?? 'none'}>
        {money(used)} used of {money(budget)}
        {share !== null && ` (${share.toFixed(1)}%)`}
      </p>
      <FiguresTable
        caption="Budget used"
        head={['Figure', 'Amount']}
        rows={[
          ['Budget', money(budget)],
          ['Used', money(used)],
          ['Remaining', budget === null ? '—' : money(budget - used)],
          ['Used %', share === null ? '—' : `${share.toFixed(1)}%`],
        ]}
      />
    </>
  )
}
