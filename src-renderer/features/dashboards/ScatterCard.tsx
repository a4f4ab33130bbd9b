import type { DashboardSummary } from '../../../src-shared/contract'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count, percent } from './format'
import { IncreaseScatter } from './lazy-charts'

/** Salary Increase vs Compa Ratio: the scatter (a point opens the employee in the table), and medians by band. */
export function ScatterCard({
  scatter,
  onOpen,
}: {
  scatter: DashboardSummary['scatter']
  onOpen: (companyEmployeeId: string) => void
}) {
  return (
    <>
      <p className="muted dashboard__note" data-testid="scatter-note">
        {scatter.total === 0
          ? 'No employee in view has a planned increase and a compa ratio yet.'
          : scatter.shown < scatter.total
            ? `${count(scatter.shown)} of ${count(scatter.total)} employees drawn (an even sample); the figures count everyone. Click a point to open the employee in the table.`
            : `${count(scatter.total)} employees with a planned increase. Click a point to open the employee in the table.`}
      </p>
      {scatter.total > 0 && (
        <ChartSlot label="Salary increase against compa ratio" height={340}>
          <IncreaseScatter scatter={scatter} onOpen={onOpen} />
        </ChartSlot>
      )}
      <FiguresTable
        caption="Median salary increase by compa ratio"
        head={['Compa ratio', 'Employees', 'Median increase']}
        rows={scatter.byCompaBand.map((b) => [b.band, count(b.count), percent(b.medianIncrease)])}
      />
    </>
  )
}
