import { useMemo } from 'react'
import type { DashboardSummary } from '../../../src-shared/contract'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count, percent } from './format'
import { IncreaseScatter } from './lazy-charts'
import { drawsWithSoftwareGraphics, scatterDrawing } from './scatter-drawing'
import { countOf } from '../../../src-shared/domain/words'

/** Salary Increase vs Compa Ratio: the scatter (a point opens the employee in the table), and medians by band. */
export function ScatterCard({
  scatter,
  onOpen,
}: {
  scatter: DashboardSummary['scatter']
  onOpen: (companyEmployeeId: string) => void
}) {
  const drawing = useMemo(() => scatterDrawing(scatter, drawsWithSoftwareGraphics()), [scatter])
  const drawn = drawing.scatter.shown
  const thinned = drawn < scatter.shown
  return (
    <>
      <p className="muted dashboard__note" data-testid="scatter-note">
        {scatter.total === 0
          ? 'No employee in view has a planned increase and a compa ratio yet.'
          : drawn < scatter.total
            ? `${count(drawn)} of ${count(scatter.total)} employees drawn (an even sample${thinned ? ': this computer draws charts without a graphics card' : ''}); the figures count everyone. Click a point to open the employee in the table.`
            : `${countOf(scatter.total, 'employee')} with a planned increase. Click a point to open the employee in the table.`}
      </p>
      {scatter.total > 0 && (
        <ChartSlot label="Salary increase against compa ratio" height={340}>
          <IncreaseScatter drawing={drawing} onOpen={onOpen} />
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
