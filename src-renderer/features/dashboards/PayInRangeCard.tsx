import type { DashboardSummary } from '../../../src-shared/contract'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count } from './format'
import { PayInRangeChart } from './lazy-charts'

/** Pay in Range: employees by position in range, current and new, and the fit in range. */
export function PayInRangeCard({ payInRange }: { payInRange: DashboardSummary['payInRange'] }) {
  return (
    <>
      <ChartSlot label="Employees by position in range, current and new pay" height={300}>
        <PayInRangeChart payInRange={payInRange} />
      </ChartSlot>
      <table className="dashboard__fits" data-testid="fit-in-range">
        <caption className="muted">Fit in range</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Current</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          {payInRange.fits.map((f) => (
            <tr key={f.fit}>
              <th scope="row">{f.fit}</th>
              <td>{count(f.current)}</td>
              <td>{count(f.new)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {payInRange.noRange > 0 && (
        <p className="muted">
          {payInRange.noRange === 1 ? '1 employee has' : `${count(payInRange.noRange)} employees have`} no pay
          range to measure against.
        </p>
      )}
      <FiguresTable
        caption="Employees by position in range"
        head={['Position in range', 'Current', 'New']}
        rows={payInRange.bands.map((b) => [b.band, count(b.current), count(b.new)])}
      />
    </>
  )
}
