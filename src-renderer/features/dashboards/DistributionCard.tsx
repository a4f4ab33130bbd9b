import type { DashboardSummary } from '../../../src-shared/contract'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count } from './format'
import { DistributionChart } from './lazy-charts'

/** Distribution of Salary Increases: the histogram, its narrative, and employees per band. */
export function DistributionCard({ increases }: { increases: DashboardSummary['increases'] }) {
  const { histogram } = increases
  const rows: (string | number)[][] = histogram.bins.map((b) => [
    `${b.start.toFixed(2)}% to ${b.end.toFixed(2)}%`,
    b.count,
  ])
  if (histogram.below > 0)
    rows.unshift([`Below ${histogram.bins[0]?.start.toFixed(2) ?? ''}%`, histogram.below])
  if (histogram.above > 0)
    rows.push([`Above ${histogram.bins.at(-1)?.end.toFixed(2) ?? ''}%`, histogram.above])
  return (
    <div className="dashboard__split">
      {increases.planned > 0 && (
        <ChartSlot label="Distribution of planned salary increases" height={300}>
          <DistributionChart increases={increases} />
        </ChartSlot>
      )}
      <div className="narrative" data-testid="increase-narrative">
        {increases.narrative.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {(histogram.below > 0 || histogram.above > 0) && (
          <p className="muted">
            Far from the rest and left out of the bars: {count(histogram.below)} below,{' '}
            {count(histogram.above)} above.
          </p>
        )}
      </div>
      <FiguresTable
        caption="Employees per salary increase band"
        head={['Salary increase', 'Employees']}
        rows={rows}
      />
    </div>
  )
}
